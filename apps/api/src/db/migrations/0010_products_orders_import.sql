-- Products and order import (issue 3 §1).

-- Customs data of the product import and the new-product form (spec 3 §3: customs {hs, value}).
-- Value in euro, as merchants type it for customs declarations.
ALTER TABLE products ADD COLUMN IF NOT EXISTS customs_hs text;
ALTER TABLE products ADD COLUMN IF NOT EXISTS customs_value numeric(12, 2);

-- Shopify's orders export carries the SKU ('Lineitem sku'); the order import matches it when the
-- value is no known EAN.
CREATE INDEX IF NOT EXISTS products_org_bsku_idx ON products (org_id, bsku);

-- The open orders list reads open orders of the user's organisations by date.
CREATE INDEX IF NOT EXISTS orders_org_open_idx ON orders (org_id, placed_at) WHERE status = 'open';

-- The scanner route and the open list's EAN filter look lines and products up by EAN.
CREATE INDEX IF NOT EXISTS order_lines_ean_idx ON order_lines (ean);

-- The pick location of a product: its first active location with stock, by position.
CREATE INDEX IF NOT EXISTS product_locations_product_idx ON product_locations (product_id, position);
