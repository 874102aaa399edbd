-- A shelf report steers the pick list until its place is counted again (spec 2 §2 Pick screen sub-menu, §4 recount):
-- after 'not_present' or 'insufficient' for a product at a location, the pick list sends its lines to another location
-- of the product with stock, and without one keeps them there with the report on the item. A `count` or `correction`
-- ledger row of the product at that location closes the place's reports (`cleared_at`, written by applyStockChange).
-- Reports are never stock changes: no unit moves because of one.
ALTER TABLE pick_problems ADD COLUMN cleared_at timestamptz;

-- Reports made before this migration that a later count of their place already answered are closed by it.
UPDATE pick_problems pp
SET cleared_at = (
  SELECT min(m.created_at) FROM stock_mutations m
  WHERE m.location_id = pp.location_id AND m.product_id = pp.product_id AND m.created_at >= pp.created_at
    AND m.reason IN ('count', 'correction'))
WHERE EXISTS (
  SELECT 1 FROM stock_mutations m
  WHERE m.location_id = pp.location_id AND m.product_id = pp.product_id AND m.created_at >= pp.created_at
    AND m.reason IN ('count', 'correction'));

-- The open reports only (a handful; the table keeps every report ever made): the pick list reads them all once per
-- page (a hashed set its items are looked up in) and probes them for its page's items and other locations; a count
-- closes a place's reports through the same index.
CREATE INDEX pick_problems_open_idx ON pick_problems (product_id, location_id, created_at) WHERE cleared_at IS NULL;
