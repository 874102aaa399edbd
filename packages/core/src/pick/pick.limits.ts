/**
 * The pick list's bounds that the apps use without its schemas (no zod): the floor's pick screen reads them on its
 * first load (ADR 0072). pick.schema.ts re-exports them.
 */

/**
 * At most this many orders travel with a pick item, the oldest first; the rest come in a later round (issue 8). 30 is
 * the largest order-grouping capacity (spec 2 §9: 10, 20 or 30 orders on a pick cart), so one round never carries
 * more orders of a product than a cart can take, and a page of the list stays bounded.
 */
export const PICK_ITEM_MAX_ORDERS = 30;

/** How long a claim holds without being renewed (issue 11: several pickers at once), in seconds. */
export const PICK_CLAIM_SECONDS = 90;

/** Most pick items one `GET /pick_list/orders/…` call answers for (the floor fills its work window in such batches). */
export const PICK_ORDERS_MAX_ITEMS = 50;
