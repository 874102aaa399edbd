/**
 * The offer to clear a held location (spec 2 §4 and spec 3 §4: '202 or 405 means other products hold the location
 * (offer to clear)'; ADR 0118 decision 3). Pure rules the portal's product card and the floor's Locations task share:
 * which products a 405 `location_held` names (of `POST /product/assign_location`, `POST /locations/assign` or a move,
 * `POST /product/transfer/{id}`), and which of them `DELETE /locations/clear/{location_product_id}/{product_id}/
 * {location_id}` may take off the location.
 */

/** One product holding a location: its link there (`location_product_id`) and the product (`product_id`). */
export interface LocationHolder {
  location_product_id: string;
  product_id: string;
}

const HOLDER_PATH = /^location_products\.([0-9a-f]{24})\.([0-9a-f]{24})$/;

/**
 * The holders a 405 `location_held` names, from its `issues` (`path` = `location_products.<link id>.<product id>`),
 * in the answer's order; issues of another shape are skipped, so an older answer without the product id gives [].
 */
export function locationHolders(issues: readonly { path: string }[] | null | undefined): LocationHolder[] {
  return (issues ?? []).flatMap((i) => {
    const m = HOLDER_PATH.exec(i.path);
    return m ? [{ location_product_id: m[1] as string, product_id: m[2] as string }] : [];
  });
}

/**
 * Whether the clear call takes this link off its location: only an empty one, 0 pieces and no open transfer (the
 * API's rule for `DELETE /locations/clear/…`, which otherwise answers 409 `location_not_empty`, spec 2 §2 'Oeps!
 * deze locatie is nog niet leeg'). The clear moves and removes no pieces; a holder with pieces must be moved or
 * counted off first.
 */
export function clearableLink(link: { stock: number; to_transfer: boolean }): boolean {
  return link.stock === 0 && !link.to_transfer;
}
