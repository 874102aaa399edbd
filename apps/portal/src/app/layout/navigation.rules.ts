/**
 * The left navigation of the main layout (spec 2 §2 Main layout) and which items a user sees (spec 1 §6, spec 2 §6,
 * spec 3 §6). Each area contributes its entries (app/area.ts `nav`), each gated on the endpoint its screen calls:
 * Orders on the open orders list, Shipments on the shipments list, Products on the product list, Scanner on the EAN
 * search, Shops on the organisation list, New shop on creating one; the planned settings entries on the catalogue
 * call spec 2 §6 names (PUT /orgs), Admin on the is_admin flag. So nobody sees an item that can only answer
 * "not authorized".
 */
import { type AreaNavItem, mayUse, type Needs } from '../area.ts';
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

/**
 * The item of `items` whose path is the longest prefix of `pathname` (so /orgs/add beats /orgs, and
 * /admin/surcharge belongs to /admin), or null when no item's path is a prefix (e.g. /order/edit/…).
 */
export function navItemOf(items: readonly NavItem[], pathname: string): NavItem | null {
  let best: NavItem | null = null;
  for (const item of items) {
    if (pathname === item.to || pathname.startsWith(`${item.to}/`)) {
      if (!best || item.to.length > best.to.length) best = item;
    }
  }
  return best;
}

/** The routes that say what they need themselves (`AreaRoute.needs`), e.g. /orders/import or /order/edit/:id. */
const ROUTE_NEEDS: readonly { path: string; needs: Needs }[] = AREAS.flatMap((a) =>
  (a.routes ?? []).flatMap((r) => (r.needs ? [{ path: r.path, needs: r.needs }] : [])),
);

/** Whether `pathname` is an address of the route `path` (relative, `:param` standing for one segment). */
export function routeMatches(path: string, pathname: string): boolean {
  const want = path.split('/').filter(Boolean);
  const got = pathname.split('/').filter(Boolean);
  return want.length === got.length && want.every((seg, i) => seg.startsWith(':') || seg === got[i]);
}

/**
 * Whether a user with `role` (and `isAdmin`) may open the screen at `pathname` (spec 2 §6, spec 3 §6): the screen of a
 * menu entry, and every page under its path, needs what that entry needs, so a typed or bookmarked address of a screen
 * the user's menu does not offer shows "not allowed" instead of a screen whose every call answers 403. A route that
 * names its own `needs` (a page without a menu entry, or one that needs more than its entry: /orders/import) needs
 * that too. Other paths under no entry are open (their screens check their own calls). `/orgs/add` stays open to a user without a shop: the routing
 * guard sends them there.
 */
export function mayOpenPath(pathname: string, role: Role, isAdmin: boolean, hasOrg: boolean): boolean {
  const route = ROUTE_NEEDS.find((r) => routeMatches(r.path, pathname));
  if (route && !mayUse(route.needs, role, isAdmin)) return false;
  const item = navItemOf(NAV_ITEMS, pathname);
  if (!item) return true;
  if (item.key === 'orgsAdd' && !hasOrg) return true;
  return mayUse(item.needs, role, isAdmin);
}
