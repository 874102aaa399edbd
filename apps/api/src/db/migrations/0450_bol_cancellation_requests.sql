-- bol.com cancellation requests (spec 1 §3 Order product line `cancellationRequest`, §4 Picking state; ADR 0128).
-- A line whose customer asked bol to cancel keeps `cancellation_request` true (so the pick list, its aggregates and
-- the pick round index leave it out as before); once the merchant accepted the request at bol the line also gets
-- `cancelled_at`: it is cancelled for good and nothing of it is shipped.
ALTER TABLE order_lines ADD COLUMN cancelled_at timestamptz;

-- Per bol order item: its EAN (to find the order's lines of the item: the line itself, or the parts of a bundle), whether
-- bol reports a cancellation request for it and when the merchant cancelled it at bol (then it is left out of the label
-- options and the shipment confirmation). Items taken in before this migration have no EAN: the intake fills it in
-- from bol's open orders list the next time it sees them.
ALTER TABLE bol_order_items
  ADD COLUMN ean text,
  ADD COLUMN cancellation_request boolean NOT NULL DEFAULT false,
  ADD COLUMN cancelled_at timestamptz;
