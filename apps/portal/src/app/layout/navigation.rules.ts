/**
 * The left navigation of the main layout (spec 2 §2 Main layout) and which items a user sees
 * (spec 1 §6, spec 2 §6, spec 3 §6), decided with core `can(role, method, path)` on the role in force:
 *
 * | item                     | needs                          | source                           |
 * |--------------------------|--------------------------------|----------------------------------|
 * | Dashboard /home          | nothing                        | spec 2 §2                        |
 * | Orders, Shipments        | GET /orders                    | spec 1 §6, spec 2 §6             |
 * | Products                 | GET /products                  | our choice: the list's own call  |
 * | Scanner /scanner         | GET /products/ean/*            | spec 2 §6 scanner links          |
 * | Shops /orgs              | GET /orgs                      | our choice: the list's own call  |
 * | Shop settings, APIs      | PUT /orgs                      | spec 2 §6 Settings menu          |
 * | New shop /orgs/add       | POST /orgs                     | our choice: the creating call    |
 * | Admin /admin             | is_admin                       | spec 2 §6                        |
 *
 * The spec lists no check for Products, Shops and New shop; we gate each on the call its screen cannot
 * work without, so nobody sees a menu item that can only answer "not authorized".
 */
import { can } from '@hoppa/core';
import type { IconName } from '../../components/icons.tsx';

type Role = Parameters<typeof can>[0];

export interface NavItem {
  /** Stable key; also the i18n key `layout:nav.<key>`. */
  key:
    | 'home'
    | 'orders'
    | 'shipments'
    | 'products'
    | 'scanner'
    | 'orgs'
    | 'settingsOrg'
    | 'settingsApis'
    | 'orgsAdd'
    | 'admin';
  to: string;
  icon: IconName;
  section: 'work' | 'settings';
  /** The permission the item needs; `admin` means the user's is_admin flag; absent means none. */
  needs?: { method: string; path: string } | 'admin';
}

/** All items in display order (spec 2 §2 Main layout). */
export const NAV_ITEMS: readonly NavItem[] = [
  { key: 'home', to: '/home', icon: 'home', section: 'work' },
  {
    key: 'orders',
    to: '/orders',
    icon: 'orders',
    section: 'work',
    needs: { method: 'GET', path: '/orders' },
  },
  {
    key: 'shipments',
    to: '/shipments',
    icon: 'shipments',
    section: 'work',
    needs: { method: 'GET', path: '/orders' },
  },
  {
    key: 'products',
    to: '/products',
    icon: 'products',
    section: 'work',
    needs: { method: 'GET', path: '/products' },
  },
  {
    key: 'scanner',
    to: '/scanner',
    icon: 'scan',
    section: 'work',
    needs: { method: 'GET', path: '/products/ean/*' },
  },
  { key: 'orgs', to: '/orgs', icon: 'shops', section: 'settings', needs: { method: 'GET', path: '/orgs' } },
  {
    key: 'settingsOrg',
    to: '/settings/org',
    icon: 'settings',
    section: 'settings',
    needs: { method: 'PUT', path: '/orgs' },
  },
  {
    key: 'settingsApis',
    to: '/settings/apis',
    icon: 'plug',
    section: 'settings',
    needs: { method: 'PUT', path: '/orgs' },
  },
  {
    key: 'orgsAdd',
    to: '/orgs/add',
    icon: 'plus',
    section: 'settings',
    needs: { method: 'POST', path: '/orgs' },
  },
  { key: 'admin', to: '/admin', icon: 'admin', section: 'settings', needs: 'admin' },
];

/** True when a user with `role` and `isAdmin` may see `item`. */
export function canSeeNavItem(item: NavItem, role: Role, isAdmin: boolean): boolean {
  if (!item.needs) return true;
  if (item.needs === 'admin') return isAdmin;
  return can(role, item.needs.method, item.needs.path);
}

/** The items a user sees, in display order. */
export function visibleNavItems(role: Role, isAdmin: boolean): NavItem[] {
  return NAV_ITEMS.filter((item) => canSeeNavItem(item, role, isAdmin));
}
