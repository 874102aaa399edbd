/**
 * Which entries of the settings side navigation a user sees (spec 3 §2, §6): every area's `settingsNav` entries in
 * their order, each kept when `may(needs)` holds (the main menu's rule, app/area.ts `mayUse`).
 */
import type { Needs, SettingsNavItem } from '../area.ts';
import { AREAS } from '../areas.ts';

/** Every area's settings entries in display order. */
export const SETTINGS_NAV_ITEMS: readonly SettingsNavItem[] = AREAS.flatMap((a) => a.settingsNav ?? []).sort(
  (x, y) => x.order - y.order,
);

/** The entries whose page `may` allows, in display order. */
export function visibleSettingsItems(may: (needs: Needs | undefined) => boolean): SettingsNavItem[] {
  return SETTINGS_NAV_ITEMS.filter((item) => may(item.needs));
}
