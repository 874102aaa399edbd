import { z } from 'zod';
import { IdSchema } from '../common/common.schema.ts';

/**
 * What every view of an order line shares (spec 1 §3 Order product line): the line's id, its product's
 * id, EAN and title, the ordered and the picked quantity. The open list's `OrderLineSchema` and the
 * shipment detail's `ShipmentLineSchema` extend it with their own fields.
 */
export const OrderLineBaseSchema = z.object({
  id: IdSchema,
  product_id: IdSchema,
  ean: z.string(),
  title: z.string(),
  quantity: z.number().int(),
  picked_quantity: z.number().int(),
});
