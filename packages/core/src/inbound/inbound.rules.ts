import { z } from 'zod';

/**
 * How far an inbound is, as every screen shows it (spec 2 §4 Inbound: status pending or checked_in; a pending inbound
 * with pieces in is 'partly checked in'): `expected` (pending, nothing in), `partly_checked_in` (pending, some
 * pieces in), `checked_in`.
 */
export const InboundProgressSchema = z.enum(['expected', 'partly_checked_in', 'checked_in']);
export type InboundProgress = z.infer<typeof InboundProgressSchema>;

/**
 * The one rule for {@link InboundProgressSchema} (spec 2 §4 Inbound states), from the inbound's status and the pieces
 * checked in over its items; the inbound list, its detail and the calendar (portal and public) all show this.
 */
export function inboundProgress(inbound: {
  status: 'pending' | 'checked_in';
  pieces_checked_in: number;
}): InboundProgress {
  if (inbound.status === 'checked_in') return 'checked_in';
  return inbound.pieces_checked_in > 0 ? 'partly_checked_in' : 'expected';
}
