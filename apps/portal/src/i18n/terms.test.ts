import { TRACK_AND_TRACE_SPELLINGS, termUses } from '@hoppa/web';
import { describe, expect, it } from 'vitest';
import { locationsI18n } from '../features/locations/locations.i18n.ts';
import { layoutI18n } from './layout.i18n.ts';

/** Every text module of the portal (`<name>.i18n.ts`: the layout's, the common ones and each area's). */
const MODULES = import.meta.glob('../**/*.i18n.ts', { eager: true });

/** Every way of writing track and trace, the short T&T, and other names of the same code (a tracking number). */
const TERM = new RegExp(`${TRACK_AND_TRACE_SPELLINGS.source}|tracking[\\s-]*n(?:umber|ummer)`, 'gi');

describe('the portal’s words', () => {
  it("write track and trace one way, 'Track & Trace', in Dutch and English (it read 'Track and trace', 'Track en trace', 'Track & trace', 'trackingnummer'; ADR 0136)", () => {
    const found = termUses(MODULES, 'portal', TERM);
    expect(Object.keys(MODULES).length).toBeGreaterThan(20);
    expect(found.off).toEqual([]);
    expect(found.on).toBeGreaterThan(20);
  });

  it("name the map's location labels apart from the menu's shipping labels (both read 'Labels printen'; ADR 0137)", () => {
    for (const lng of ['nl', 'en'] as const) {
      const menu = layoutI18n[lng].nav.labels;
      const map = locationsI18n[lng].labels.print;
      expect(map).not.toBe(menu);
      expect(map.toLowerCase()).toContain(lng === 'nl' ? 'locatie' : 'location');
    }
  });
});
