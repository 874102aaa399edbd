-- The shop's own id of the order item a line came from (ADR 0129): bol.com's orderItemId for an order the bol intake
-- took in, kept on the line and on the parts its bundle became. An order may hold two items of the same EAN (two
-- orderItemIds); a cancellation request of one of them (spec 1 §3 Order product line `cancellationRequest`) flags and
-- cancels that item's lines only. Lines of other sources (spreadsheet import, wizard, a rule, an edit) have none.
ALTER TABLE order_lines ADD COLUMN shop_order_item_id text;

-- bol lines taken in before this migration: the item of their EAN when the order holds one item of that EAN (an order
-- with two items of one EAN keeps none and is matched by EAN as before).
UPDATE order_lines l
   SET shop_order_item_id = b.order_item_id
  FROM bol_order_items b
 WHERE b.order_id = l.order_id
   AND b.org_id = l.org_id
   AND l.automation_id IS NULL
   AND b.ean = coalesce(l.bundle_ean, l.ean)
   AND (SELECT count(*) FROM bol_order_items x WHERE x.order_id = b.order_id AND x.ean = b.ean) = 1;
