import { describe, expect, it } from 'vitest';

/** Every text module of the portal (`<name>.i18n.ts`: the layout's, the common ones and each area's). */
const MODULES = import.meta.glob('../**/*.i18n.ts', { eager: true });

/** Every Dutch text of a module's exports (`{ en, nl }` objects), with the key path it sits at. */
function dutchTexts(): [string, string][] {
  const out: [string, string][] = [];
  const walk = (node: unknown, path: string) => {
    if (typeof node === 'string') out.push([path, node]);
    else if (node && typeof node === 'object')
      for (const [k, v] of Object.entries(node)) walk(v, `${path}.${k}`);
  };
  for (const [file, mod] of Object.entries(MODULES))
    for (const [name, value] of Object.entries(mod as Record<string, unknown>))
      if (value && typeof value === 'object' && 'nl' in value)
        walk((value as { nl: unknown }).nl, `${file}:${name}`);
  return out;
}

describe('the portal’s Dutch', () => {
  it('addresses the user as je/jij throughout, never the formal u/uw', () => {
    // 'km/u' is a unit, not an address: a u after a slash does not count.
    const texts = dutchTexts();
    expect(texts.length).toBeGreaterThan(500);
    const formal = texts.filter(([, text]) => /(^|[^\p{L}/])(uw|u)(?=[^\p{L}]|$)/iu.test(text));
    expect(formal).toEqual([]);
  });
});
