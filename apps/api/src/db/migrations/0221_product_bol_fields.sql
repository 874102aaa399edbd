-- bol.com fields of a product (issue 14; spec 3 §3 Product: api_name, offer_id, bol_confirm; §7 GET
-- /bol/products/get/{api_name}, PUT /product/bol_confirm): the bol offer the product is sold under, which connection
-- (bol or bol_be) it came from, and whether its shipments are confirmed to bol.
ALTER TABLE products ADD COLUMN api_name text;
ALTER TABLE products ADD COLUMN offer_id text;
ALTER TABLE products ADD COLUMN bol_confirm boolean NOT NULL DEFAULT false;
