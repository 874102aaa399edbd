import { termUses } from '@hoppa/web';
import { describe, expect, it } from 'vitest';
import { commonTexts } from './common.i18n.ts';

/** Every text module of the floor app (`<name>.i18n.ts`: the menu's, the common ones and each task's). */
const MODULES = import.meta.glob('../**/*.i18n.ts', { eager: true });

describe('the floor’s words', () => {
  it("write track and trace as the portal does, 'Track & Trace', in Dutch and English (it read 'Track & trace'; ADR 0136)", () => {
    const found = termUses(MODULES, 'floor');
    expect(Object.keys(MODULES).length).toBeGreaterThan(5);
    expect(found.off).toEqual([]);
    expect(found.on).toBeGreaterThan(5);
  });

  it('keep "sent" for the outbox: a typed draft kept on the device is "not confirmed", so the status bar\'s "Alles verstuurd" beside it says no opposite (ADR 0137)', () => {
    for (const lng of ['nl', 'en'] as const) {
      const texts = commonTexts[lng];
      const sentWord = lng === 'nl' ? /verstuur/i : /\bsen[dt]\b/i;
      expect(texts.outboxEmpty).toMatch(sentWord);
      expect(texts.typedKept).not.toMatch(sentWord);
    }
  });
});
