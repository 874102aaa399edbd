import { describe, expect, it } from 'vitest';
import { termUses } from './terms.ts';

describe('termUses (ADR 0136)', () => {
  it('counts the term written one way and names each text that writes it otherwise, with its path', () => {
    const texts = {
      nl: { ship: 'Track & Trace: {{code}}', share: 'Track en trace delen', label: 'T&T 3SABC' },
      en: { list: ['Track and trace', 'Track & Trace email'], none: 'Tracking' },
    };
    expect(termUses(texts, 'x')).toEqual({
      on: 2,
      off: ['x.nl.share: Track en trace delen', 'x.nl.label: T&T 3SABC', 'x.en.list.0: Track and trace'],
    });
  });
});
