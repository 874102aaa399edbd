-- The per-product settings of the product card (issue 15; spec 3 §2 Product item card, §3 Product, §7 product
-- settings; docs/decisions/0048-product-card-and-settings.md): default shipment method and box (used when an order
-- with the product arrives), the track-and-trace switches, stock sync and fake stock, lead and ship time, stock
-- minimum and maximum, and how the product's shipments are confirmed to a marketplace. IF NOT EXISTS: the product
-- table (migration 0250, same issue) adds five of them first.
ALTER TABLE products ADD COLUMN IF NOT EXISTS def_shipping_id char(24) REFERENCES shipment_methods(id) ON DELETE SET NULL;
ALTER TABLE products ADD COLUMN IF NOT EXISTS ship_box_id char(24) REFERENCES shipment_boxes(id) ON DELETE SET NULL;
ALTER TABLE products ADD COLUMN IF NOT EXISTS track_trace_email boolean NOT NULL DEFAULT true;
ALTER TABLE products ADD COLUMN IF NOT EXISTS share_track_trace boolean NOT NULL DEFAULT true;
ALTER TABLE products ADD COLUMN sync_stock boolean NOT NULL DEFAULT false;
ALTER TABLE products ADD COLUMN fake_stock boolean NOT NULL DEFAULT false;
ALTER TABLE products ADD COLUMN IF NOT EXISTS lead_time_days integer CHECK (lead_time_days BETWEEN 0 AND 365);
ALTER TABLE products ADD COLUMN ship_time_days integer CHECK (ship_time_days BETWEEN 0 AND 365);
ALTER TABLE products ADD COLUMN stock_min integer CHECK (stock_min >= 0);
ALTER TABLE products ADD COLUMN stock_max integer CHECK (stock_max >= 0);
ALTER TABLE products ADD COLUMN confirm_as text CHECK (confirm_as IN ('TNT', 'TNT-EXTRA', 'TNT_BRIEF', 'OTHER'));
-- Linked child products point at their parent by EAN (the import's parent_ean); the card lists them.
CREATE INDEX products_parent_idx ON products (org_id, parent_ean) WHERE parent_ean IS NOT NULL;
CREATE INDEX order_lines_product_placed_idx ON order_lines (product_id, placed_at);
