import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The floor loads Mantine's CSS per component (main.tsx; issue 8: only the CSS a screen needs). A component used
 * without its CSS renders unstyled, which no unit test sees: this test reads which Mantine components the floor
 * and the shared web package import and fails when one of them (or a part it is built from) has no CSS import.
 */
const here = dirname(fileURLToPath(import.meta.url));
const floorSrc = join(here, '..');
const webSrc = join(here, '../../../../packages/web/src');
const stylesDir = join(here, '../../node_modules/@mantine/core/styles');

/** Parts a component is built from, whose CSS it needs too (Mantine's own composition). */
const BUILT_FROM: Record<string, string[]> = {
  Button: ['UnstyledButton', 'Loader'],
  TextInput: ['Input'],
  PasswordInput: ['Input', 'ActionIcon'],
  Switch: ['InlineInput'],
  Alert: ['CloseButton'],
  Modal: ['ModalBase', 'Overlay', 'CloseButton', 'ScrollArea', 'Paper'],
  Drawer: ['ModalBase', 'Overlay', 'CloseButton', 'ScrollArea', 'Paper'],
  Anchor: ['Text'],
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

function mantineImports(files: string[]): Set<string> {
  const names = new Set<string>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'@mantine\/core'/g)) {
      for (const raw of (m[1] ?? '').split(',')) {
        const name = raw.replace(/\btype\b/, '').trim();
        if (name) names.add(name);
      }
    }
  }
  return names;
}

describe("the floor's Mantine CSS", () => {
  it('imports the CSS of every Mantine component the floor uses, and of the parts they are built from', () => {
    const used = mantineImports([...sourceFiles(floorSrc), ...sourceFiles(webSrc)]);
    const needed = new Set<string>();
    for (const name of used) {
      for (const part of [name, ...(BUILT_FROM[name] ?? [])]) {
        if (existsSync(join(stylesDir, `${part}.css`))) needed.add(part);
      }
    }
    expect(needed.size).toBeGreaterThan(5);
    const main = readFileSync(join(floorSrc, 'main.tsx'), 'utf8');
    const imported = new Set([...main.matchAll(/'@mantine\/core\/styles\/(\w+)\.css'/g)].map((m) => m[1]));
    expect(main).not.toContain("'@mantine/core/styles.css'");
    expect([...needed].filter((n) => !imported.has(n)).sort()).toEqual([]);
  });
});
