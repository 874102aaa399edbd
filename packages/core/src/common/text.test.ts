import { describe, expect, it } from 'vitest';
import {
  addressLine,
  boundedDateTime,
  codeText,
  inDateRange,
  nameText,
  noteText,
  passesSingleLineText,
} from './text.ts';

describe('text schema family (issue 7)', () => {
  it('trims and accepts ordinary text, accents and emoji', () => {
    expect(nameText().parse('  Bakkerij Bol  ')).toBe('Bakkerij Bol');
    expect(addressLine('City').parse("'s-Hertogenbosch 🥐")).toBe("'s-Hertogenbosch 🥐");
  });

  it('refuses NUL, other control characters and lone surrogates without echoing the input', () => {
    for (const bad of ['a\u0000b', 'x\u001b[31m', 'a\u007fb', 'line\nbreak', '\uD800', 'x\uDC00y']) {
      const r = nameText('Name').safeParse(bad);
      expect(r.success, JSON.stringify(bad)).toBe(false);
      expect(r.error?.issues[0]?.message).toBe('Name contains control or invalid characters');
    }
  });

  it('passesSingleLineText says yes only where the schema accepts (the order import skips the schema then)', () => {
    const cases = [
      '',
      'Kerkstraat 12a',
      "'s-Hertogenbosch 🥐",
      'x'.repeat(64),
      'x'.repeat(65),
      ` ${'x'.repeat(64)} `,
      'a\u0000b',
      'tab\there',
      'line\nbreak',
      'a\u0085b',
      '\uD800',
      'x\uDC00y',
      '\uD83E\uDD50',
    ];
    const verdicts = cases.map((s) => [passesSingleLineText(s, 64), codeText().safeParse(s).success]);
    for (const [i, [fast, schema]] of verdicts.entries()) {
      if (fast) expect(schema, JSON.stringify(cases[i])).toBe(true);
    }
    // It decides the common cases itself; only the padded 66-character text (valid once trimmed) goes to the schema.
    expect(verdicts.map(([fast]) => fast)).toEqual([
      true,
      true,
      true,
      true,
      false,
      false,
      false,
      false,
      false,
      false,
      false,
      false,
      true,
    ]);
    expect(verdicts.map(([, schema]) => schema)).toEqual([
      true,
      true,
      true,
      true,
      false,
      true,
      false,
      false,
      false,
      false,
      false,
      false,
      true,
    ]);
  });

  it('lets notes keep line breaks and tabs but not NUL', () => {
    expect(noteText().parse('Fragile\n\tTop up')).toBe('Fragile\n\tTop up');
    expect(noteText().safeParse('a\u0000').success).toBe(false);
  });

  it('bounds the length with a message that does not repeat the value', () => {
    const r = addressLine('City').safeParse('x'.repeat(1024 * 1024));
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('City is too long (at most 200 characters)');
    expect(codeText('Code', 1).safeParse('   ').success).toBe(false);
    expect(codeText().parse('x'.repeat(64))).toHaveLength(64);
    expect(codeText().safeParse('x'.repeat(65)).success).toBe(false);
  });
});

describe('boundedDateTime', () => {
  it('accepts dates and date-times in the years 2000–2100', () => {
    for (const ok of [
      '2026-03-02',
      '2026-03-02T00:00:00Z',
      '2026-03-02T00:00:00.000+01:00',
      '2100-12-31T23:59:59Z',
    ])
      expect(boundedDateTime().safeParse(ok).success, ok).toBe(true);
  });

  it('refuses year 0000, negative and six-digit years, impossible dates and non-dates', () => {
    for (const bad of [
      '0000-01-01',
      '-000001-01-01',
      '+275760-09-13',
      '1999-12-31T23:59:59Z',
      '2101-01-01',
      '2026-13-01',
      '2026-02-31',
      '2026-04-31T10:00:00Z',
      'NaN',
      '1',
      '',
    ])
      expect(boundedDateTime().safeParse(bad).success, bad).toBe(false);
    expect(inDateRange('9999-12-31T23:59:59Z')).toBe(false);
  });
});
