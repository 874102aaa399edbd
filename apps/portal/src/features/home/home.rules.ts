/**
 * Which parts of the home dashboard a role sees (spec 1 §2 Home dashboard, spec 1 §6), each gated on the endpoint
 * it calls or leads to:
 * - the 'open orders today' tile needs the open orders list; 'processed today' the shipments list;
 * - menu tiles: Inbound (check something in) needs the EAN search; find a shipped order the shipments list;
 *   create new shipment the catalogue's GET /orders (its screen is planned); announce products and monitor goods
 *   status have no check.
 */
import { canCall, openOrdersEndpoint, productEanSearchEndpoint, shipmentListEndpoint } from '@hoppa/core';
import { mayUse, type Needs } from '../../app/area.ts';
import { type AppPath, PATHS } from '../../app/paths.ts';
import type { IconName } from '../../components/icons.tsx';

type Role = Parameters<typeof canCall>[0];

export interface MenuTile {
  /** Stable key; also the i18n key `home:tiles.<key>.title` / `.body`. */
  key: 'inbound' | 'newShipment' | 'findShipment' | 'announce' | 'monitor';
  to: AppPath;
  icon: IconName;
  needs?: Needs;
}

/** The menu tiles in the spec's order, with their targets (spec 1 §2: inbound/item, new_order, shipments, add_inventory, checkin_inventory). */
export const MENU_TILES: readonly MenuTile[] = [
  { key: 'inbound', to: PATHS.inboundItem, icon: 'inbound', needs: productEanSearchEndpoint },
  {
    key: 'newShipment',
    to: PATHS.newOrder,
    icon: 'plus',
    needs: { method: 'GET', path: '/orders', planned: true },
  },
  { key: 'findShipment', to: PATHS.shipments, icon: 'search', needs: shipmentListEndpoint },
  { key: 'announce', to: PATHS.addInventory, icon: 'announce' },
  { key: 'monitor', to: PATHS.checkinInventory, icon: 'monitor' },
];

/** True when the role may see the order count tiles (the open orders count is the first of them). */
export function showsOrderTiles(role: Role): boolean {
  return canCall(role, openOrdersEndpoint);
}

/** The menu tiles the role sees, in order. */
export function visibleMenuTiles(role: Role): MenuTile[] {
  return MENU_TILES.filter((tile) => mayUse(tile.needs, role, false));
}

/** The greeting for the hour of the day in Amsterdam: morning before 12, afternoon before 18, else evening. */
export function greetingPart(hour: number): 'morning' | 'afternoon' | 'evening' {
  if (hour >= 5 && hour < 12) return 'morning';
  if (hour >= 12 && hour < 18) return 'afternoon';
  return 'evening';
}
