/**
 * The left navigation of the main layout (spec 2 §2 Main layout) and which items a user sees (spec 1 §6, spec 2 §6,
 * spec 3 §6). Each area contributes its entries (app/area.ts `nav`), each gated on the endpoint its screen calls:
 * Orders on the open orders list, Shipments on the shipments list, Products on the product list, Scanner on the EAN
 * search, Shops on the organisation list, New shop on creating one; the planned settings entries on the catalogue
 * call spec 2 §6 names (PUT /orgs), Admin on the is_admin flag. So nobody sees an item that can only answer
 * "not authorized".
 */
import { type AreaNavItem, mayUse } from '../area.ts';
import { AREAS } from '../areas.ts';

type Role = Parameters<typeof mayUse>[1];

/** A menu entry (see {@link AreaNavItem}). */
export type NavItem = AreaNavItem;

/** Every area's entries in display order. */
export const NAV_ITEMS: readonly NavItem[] = AREAS.flatMap((a) => a.nav ?? []).sort(
  (x, y) => x.order - y.order,
);

/** The items a user sees, in display order. */
export function visibleNavItems(role: Role, isAdmin: boolean): NavItem[] {
  return NAV_ITEMS.filter((item) => mayUse(item.needs, role, isAdmin));
}
