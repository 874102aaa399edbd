import { createI18n } from '@hoppa/web';
import { describe, expect, it } from 'vitest';
import { pickTexts } from './pick.i18n.ts';
import { pickT } from './pick-texts.ts';

describe('pickT (ADR 0091)', () => {
  it("writes every pick text as i18next's t of the pick namespace does, with and without values and counts", () => {
    const i18n = createI18n({ pick: pickTexts }, 'nl');
    const t = i18n.getFixedT('nl', 'pick');
    const keys = new Set(Object.keys(pickTexts.nl).map((k) => k.replace(/_(one|other)$/, '')));
    keys.add('no_such_text');
    const values = { qty: 3, location: 'C-04-01', name: 'Appelsap', scan: '8712100486517', when: '29-11' };
    const optionSets: Record<string, unknown>[] = [
      {},
      { count: 0 },
      { count: 1 },
      { count: -1 },
      { count: 2 },
      { count: 1, ...values },
      { count: 7, ...values },
      values,
    ];
    let compared = 0;
    for (const key of keys) {
      expect(pickT(key as never), key).toBe(t(key as never));
      for (const options of optionSets) {
        expect(pickT(key as never, options as never), `${key} ${JSON.stringify(options)}`).toBe(
          t(key as never, options as never),
        );
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(600);
    expect(pickT('progress', { count: 101 })).toBe('Nog 101 te picken');
    expect(pickT('pieces', { count: 1 })).toBe('stuk');
  });
});
