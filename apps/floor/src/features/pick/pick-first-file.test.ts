import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// What the first card of a fresh device waits for (ADR 0135): the `pick` file, built from the pick screen's static
// imports. The screen's dialogs and filter drawer (Mantine's Drawer and Modal, the time inputs' date rules) load from
// a file of their own, so none of the screen's static imports may reach them.

const HERE = dirname(fileURLToPath(import.meta.url));
const SRC = resolve(HERE, '../..');

/** The app's own modules `file` reaches by static imports (`import … from './x'`; not `import('./x')`). */
function staticClosure(file: string): Map<string, string> {
  const seen = new Map<string, string>();
  const visit = (path: string) => {
    if (seen.has(path)) return;
    const text = readFileSync(path, 'utf8');
    seen.set(path, text);
    for (const m of text.matchAll(/^(?:import|export)\s+(?!type\b)[^;]*?from\s+'(\.[^']+)'/gm)) {
      const target = resolve(dirname(path), m[1] as string);
      if (existsSync(target) && target.startsWith(SRC)) visit(target);
    }
  };
  visit(file);
  return seen;
}

describe("the pick screen's first file (ADR 0135)", () => {
  const closure = staticClosure(resolve(HERE, 'pick.screen.tsx'));
  const names = [...closure.keys()].map((p) => p.slice(SRC.length + 1));

  it('holds the card, not the dialogs or the filter drawer', () => {
    expect(names).toContain('features/pick/pick-card.tsx');
    expect(names).not.toContain('features/pick/shelf-dialogs.tsx');
    expect(names).not.toContain('features/pick/pick-filter-drawer.tsx');
  });

  it('imports no Drawer or Modal and no time zone rules', () => {
    const offenders = [...closure].filter(
      ([, text]) =>
        /import\s*\{[^}]*\b(Drawer|Modal)\b[^}]*\}\s*from '@mantine\/core'/.test(text) ||
        /\bamsterdamWallTime/.test(text.replace(/\/\/.*|\/\*[\s\S]*?\*\//g, '')),
    );
    expect(offenders.map(([p]) => p.slice(SRC.length + 1))).toEqual([]);
  });
});
