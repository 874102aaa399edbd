/**
 * Which parts of the home dashboard a role sees (spec 1 §2 Home dashboard, spec 1 §6):
 * - the 'open orders today' and 'processed today' tiles need GET /orders;
 * - menu tiles: Inbound (check something in) needs GET /products/ean/*; create new shipment and find a
 *   shipped order need GET /orders; announce products and monitor goods status have no check.
 */
import { can } from '@hoppa/core';
import type { IconName } from '../../components/icons.tsx';

type Role = Parameters<typeof can>[0];

export interface MenuTile {
  /** Stable key; also the i18n key `home:tiles.<key>.title` / `.body`. */
  key: 'inbound' | 'newShipment' | 'findShipment' | 'announce' | 'monitor';
  to: string;
  icon: IconName;
  needs?: { method: string; path: string };
}

/** The menu tiles in the spec's order, with their targets (spec 1 §2: inbound/item, new_order, shipments, add_inventory, checkin_inventory). */
export const MENU_TILES: readonly MenuTile[] = [
  { key: 'inbound', to: '/inbound/item', icon: 'inbound', needs: { method: 'GET', path: '/products/ean/*' } },
  { key: 'newShipment', to: '/new_order', icon: 'plus', needs: { method: 'GET', path: '/orders' } },
  { key: 'findShipment', to: '/shipments', icon: 'search', needs: { method: 'GET', path: '/orders' } },
  { key: 'announce', to: '/add_inventory', icon: 'announce' },
  { key: 'monitor', to: '/checkin_inventory', icon: 'monitor' },
];

/** True when the role may see the order count tiles. */
export function showsOrderTiles(role: Role): boolean {
  return can(role, 'GET', '/orders');
}

/** The menu tiles the role sees, in order. */
export function visibleMenuTiles(role: Role): MenuTile[] {
  return MENU_TILES.filter((tile) => !tile.needs || can(role, tile.needs.method, tile.needs.path));
}

/** The greeting for the hour of the day in Amsterdam: morning before 12, afternoon before 18, else evening. */
export function greetingPart(hour: number): 'morning' | 'afternoon' | 'evening' {
  if (hour >= 5 && hour < 12) return 'morning';
  if (hour >= 12 && hour < 18) return 'afternoon';
  return 'evening';
}
