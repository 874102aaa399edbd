import * as core from '@hoppa/core';
import { EXPECTED_TYPES, VALIDATION_FORMATS, VALIDATION_REASON_CODES } from '@hoppa/core';
import { describe, expect, it } from 'vitest';
import { FIELD_NAMES } from './field-names.ts';
import { termUses } from './terms.ts';
import { REASON_TEXTS } from './texts.ts';

/** Every object key of a request schema (zod's own definitions: objects, lists, optionals, unions, pipes …). */
function keysOf(schema: unknown, into: Set<string>, seen = new Set<unknown>()): Set<string> {
  const def = (schema as { _zod?: { def?: Record<string, unknown> } } | undefined)?._zod?.def;
  if (!def || seen.has(schema)) return into;
  seen.add(schema);
  const walk = (s: unknown) => keysOf(s, into, seen);
  if (def.type === 'object')
    for (const [k, v] of Object.entries(def.shape as Record<string, unknown>)) {
      into.add(k);
      walk(v);
    }
  else if (def.type === 'array') walk(def.element);
  else if (def.type === 'union') for (const o of def.options as unknown[]) walk(o);
  else if (def.type === 'pipe') [def.in, def.out].forEach(walk);
  else if (def.type === 'intersection') [def.left, def.right].forEach(walk);
  else if (def.type === 'record') walk(def.valueType);
  else if (def.type === 'lazy') walk((def.getter as () => unknown)());
  else if ('innerType' in def) walk(def.innerType);
  return into;
}

describe('the shared field names (FIELD_NAMES)', () => {
  it("names every field of every call's params, query and body, in English and Dutch", () => {
    const keys = new Set<string>();
    for (const e of Object.values(core) as Record<string, unknown>[]) {
      if (!e || typeof e !== 'object' || typeof e.method !== 'string' || typeof e.path !== 'string') continue;
      for (const part of [e.params, e.query, e.body]) keysOf(part, keys);
    }
    expect(keys.size).toBeGreaterThan(250);
    expect([...keys].filter((k) => !Object.hasOwn(FIELD_NAMES, k))).toEqual([]);
    for (const [en, nl] of Object.values(FIELD_NAMES)) expect(en && nl).toBeTruthy();
  });

  it('has a text for each validation code, each expected kind and each named format, in both languages, naming the same values', () => {
    const keys = [
      ...VALIDATION_REASON_CODES,
      ...EXPECTED_TYPES.map((k) => `wrong_type_${k}`),
      ...VALIDATION_FORMATS.map((f) => `format_invalid_${f}`),
    ];
    const en: Record<string, string> = REASON_TEXTS.en.reasons;
    const nl: Record<string, string> = REASON_TEXTS.nl.reasons;
    expect(keys.filter((k) => !en[k] || !nl[k])).toEqual([]);
    // A Dutch text names the same values as its English one (a field, a limit, the other field, …).
    const names = (text: string | undefined) =>
      [...(text ?? '').matchAll(/\{\{(\w+)/g)].map((m) => m[1]).sort();
    const all = new Set([...Object.keys(en), ...Object.keys(nl)]);
    expect([...all].filter((k) => names(en[k]).join() !== names(nl[k]).join())).toEqual([]);
    // A refusal of one field names it; the rules of the whole request and the services' refusals may not.
    expect(
      keys.filter(
        (k) =>
          /^(wrong_type|format_invalid|text_|email_|phone_|date_)/.test(k) && !en[k]?.includes('{{field}}'),
      ),
    ).toEqual([]);
  });

  it("names track and trace as the apps do, 'Track & Trace' (they read 'Track & trace'; ADR 0136)", () => {
    const found = termUses(FIELD_NAMES, 'FIELD_NAMES');
    expect(found.on).toBeGreaterThan(3);
    expect(found.off).toEqual([]);
  });
});
