/**
 * The settings area's side navigation (spec 3 §2: org, subscription, users, user, payments, org_settings; ADR 0051):
 * its entries and which of them a user sees. Each entry is gated like the main menu, on the call its page cannot work
 * without (app/area.ts `mayUse`, core's permission rule). Loaded with the settings layout, not in the first load. To
 * add a settings page: its route gets `layout: 'settings'` in its area, and its entry goes here.
 */
import type { Needs } from '../area.ts';
import { PATHS } from '../paths.ts';

/** One entry: its key (text `settings:nav.<key>`), its page, and what the page needs. */
export interface SettingsNavItem {
  key: 'org' | 'apis' | 'users' | 'user' | 'subscription' | 'invoices';
  to: (typeof PATHS)[keyof typeof PATHS];
  needs: Needs;
}

/** The entries in display order: the main menu's order of the same pages (ADR 0136). */
export const SETTINGS_NAV: readonly SettingsNavItem[] = [
  { key: 'org', to: PATHS.settingsOrg, needs: { method: 'PUT', path: '/orgs' } },
  { key: 'user', to: PATHS.settingsUser, needs: { method: 'PUT', path: '/current_user' } },
  { key: 'users', to: PATHS.settingsUsers, needs: { method: 'GET', path: '/users' } },
  {
    key: 'subscription',
    to: PATHS.subscriptionsAdd,
    needs: { method: 'GET', path: '/current_subscr' },
  },
  { key: 'apis', to: PATHS.settingsApis, needs: { method: 'GET', path: '/get-apis' } },
  {
    key: 'invoices',
    to: PATHS.settingsInvoices,
    needs: { method: 'GET', path: '/invoice/get/_/_' },
  },
];

/** The entries whose page `may` allows, in display order. */
export function visibleSettingsItems(may: (needs: Needs) => boolean): SettingsNavItem[] {
  return SETTINGS_NAV.filter((item) => may(item.needs));
}
