import { describe, expect, it } from 'vitest';

/** Every text module of the portal (`<name>.i18n.ts`: the layout's, the common ones and each area's). */
const MODULES = import.meta.glob('../**/*.i18n.ts', { eager: true });

/** Every way of writing track and trace, the short T&T, and other names of the same code (a tracking number). */
const TERM = /track[\s-]*(?:and|en|&|n)[\s-]*trace|\bT&T\b|tracking[\s-]*n(?:umber|ummer)/gi;

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

describe('the portal’s words', () => {
  it("write track and trace one way, 'Track & Trace', in Dutch and English (it read 'Track and trace', 'Track en trace', 'Track & trace', 'trackingnummer'; ADR 0136)", () => {
    const found = { off: [] as string[], on: 0 };
    for (const [file, texts] of Object.entries(MODULES)) offTerm(texts, file, found);
    expect(Object.keys(MODULES).length).toBeGreaterThan(20);
    expect(found.off).toEqual([]);
    expect(found.on).toBeGreaterThan(20);
  });
});
