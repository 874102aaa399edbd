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

// A fresh device's first card (ADR 0136): the pick route first loads `pick-first.screen.tsx`, which shows the first
// page that main.tsx sent without Dexie and the outbox (the `offline` file, 32 KB), and loads the pick screen with
// them only once that card has been painted. So none of its static imports may reach IndexedDB.
describe("a fresh device's first card (ADR 0136)", () => {
  const first = resolve(HERE, 'pick-first.screen.tsx');

  it('shows the card from a file that reaches no IndexedDB, outbox or Dexie', () => {
    const closure = staticClosure(first);
    const names = [...closure.keys()].map((p) => p.slice(SRC.length + 1));
    expect(names).toContain('features/pick/pick-card.tsx');
    expect(names).toContain('features/pick/pick-footer.tsx');
    const offline = ['offline/db.ts', 'offline/outbox.ts', 'app/sync.ts', 'features/pick/pick-early.ts'];
    expect(names.filter((n) => offline.includes(n) || n === 'features/pick/pick.screen.tsx')).toEqual([]);
    const dexie = [...closure].filter(([, text]) => /from '(dexie|dexie-react-hooks)'/.test(text));
    expect(dexie.map(([p]) => p.slice(SRC.length + 1))).toEqual([]);
  });

  it("is the pick route's file", () => {
    const route = readFileSync(resolve(HERE, 'index.ts'), 'utf8');
    expect(route).toMatch(/load: \(\) =>[\s\S]*import\('\.\/pick-first\.screen\.tsx'\)[\s\S]*PickRoute/);
  });
});
