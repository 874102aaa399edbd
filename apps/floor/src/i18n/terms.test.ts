import { describe, expect, it } from 'vitest';

/** Every text module of the floor app (`<name>.i18n.ts`: the menu's, the common ones and each task's). */
const MODULES = import.meta.glob('../**/*.i18n.ts', { eager: true });

/** Every way of writing track and trace, and the short T&T. */
const TERM = /track[\s-]*(?:and|en|&|n)[\s-]*trace|\bT&T\b/gi;

/** The texts under `value` that write the term otherwise than 'Track & Trace', each as `path: text`. */
function offTerm(value: unknown, at: string, out: { off: string[]; on: number }) {
  if (typeof value === 'string') {
    for (const m of value.matchAll(TERM)) {
      if (m[0] === 'Track & Trace') out.on++;
      else out.off.push(`${at}: ${value}`);
    }
  } else if (value && typeof value === 'object')
    for (const [key, v] of Object.entries(value)) offTerm(v, `${at}.${key}`, out);
  return out;
}

describe('the floor’s words', () => {
  it("write track and trace as the portal does, 'Track & Trace', in Dutch and English (it read 'Track & trace'; ADR 0136)", () => {
    const found = { off: [] as string[], on: 0 };
    for (const [file, texts] of Object.entries(MODULES)) offTerm(texts, file, found);
    expect(Object.keys(MODULES).length).toBeGreaterThan(5);
    expect(found.off).toEqual([]);
    expect(found.on).toBeGreaterThan(5);
  });
});
