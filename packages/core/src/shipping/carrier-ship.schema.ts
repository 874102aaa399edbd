import { z } from 'zod';
import { IdSchema } from '../common/common.schema.ts';
import { reasonParams } from '../common/reason.ts';
import { codeText } from '../common/text.ts';
import { isStampCode, stampAmount } from './carrier.rules.ts';
import { ShipOrderBodySchema } from './shipment.schema.ts';

// The carrier variants' bodies live apart from shipment.schema.ts, so the portal's first load (which reads the
// shipment schemas) does not carry them (docs/decisions/0044-postal-carriers.md).

/**
 * Body of `POST /orders/ship/postnl` (spec 1 §4 'a postal carrier (order, code, method code, print frame)', §7): the
 * order, the PostNL shipment method (its product code goes to PostNL; 6440, 6942 and 6945 only within the Netherlands),
 * box and label quantity as `POST /orders/ship`, and `print_frame`: absent for one A6 label per page, 1–4 for A4
 * sheets of four labels starting at that frame (core `PRINT_FRAMES`). Answers the label PDF.
 */
export const ShipPostnlBodySchema = ShipOrderBodySchema.extend({
  method_code: codeText('Shipment method code', 1),
  print_frame: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]).optional(),
});
export type ShipPostnlBody = z.infer<typeof ShipPostnlBodySchema>;

/**
 * Body of `POST /orders/ship/smf` (spec 1 §4 'a stamp/letter product (with an amount, 1 or 2 depending on the code)'):
 * the order and a stamp method (its code contains STAMP: SMF-STAMP1-NL, SMF-STAMP2-NL, SMF-STAMP1-INTL,
 * SMF-STAMP2-INTL). `amount` may be sent as the spec's client does; it must match the code's (core `stampAmount`).
 * Answers the A6 stamp label PDF (no tracking at the carrier).
 */
export const ShipStampBodySchema = z
  .object({
    order_id: IdSchema,
    method_code: codeText('Shipment method code', 1).refine(isStampCode, {
      message: 'Not a stamp product: the method code must contain STAMP',
      params: reasonParams('format_invalid', { format: 'stamp_code' }),
    }),
    amount: z.union([z.literal(1), z.literal(2)]).optional(),
    box_id: IdSchema.optional(),
  })
  .superRefine((b, ctx) => {
    const expected = stampAmount(b.method_code);
    if (b.amount !== undefined && expected !== null && b.amount !== expected)
      ctx.addIssue({
        code: 'custom',
        path: ['amount'],
        message: `${b.method_code} is ${expected} stamp${expected === 1 ? '' : 's'}, not ${b.amount}`,
        params: reasonParams('out_of_range', { min: expected, limit: expected }),
      });
  });
export type ShipStampBody = z.infer<typeof ShipStampBodySchema>;
