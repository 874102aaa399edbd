/**
 * Return items for UI tests, shaped like `GET /returns/get/{id}` answers (core `Return['items']`; spec 2 §5 Return
 * update): announced, nothing received or judged yet, the default action. Each test names the item's ids and what its
 * case is about.
 */
import type { Return } from '@hoppa/core';

type ReturnItem = Return['items'][number];

/** A return item as announced (nothing received, not judged), with `item`'s ids and fields over the defaults. */
export function returnItem(
  item: Pick<ReturnItem, 'id' | 'product_id' | 'ean' | 'title'> & Partial<ReturnItem>,
): ReturnItem {
  return {
    return_instruction: null,
    location: null,
    expected_quantity: 2,
    received_quantity: null,
    product_state: null,
    damaged_package: false,
    damaged_product: false,
    damaged_product_package: false,
    return_action: 'RETURN_RECEIVED',
    fulfilled_at: null,
    quarantined: null,
    parts: [],
    restocked_quantity: null,
    ...item,
  };
}
