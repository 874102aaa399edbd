-- Bundles and automation rules (issue 15; spec 3 §2 Bulk import, §3 bundle and automation fields, §7 Import and
-- Automations; ADR 0049).

-- A bundle is a product (the parent, the one the shop sells) made of other products with a quantity each. An order
-- line of a bundle is expanded into lines of its parts when the order arrives, so picking, stock and packing work on
-- real products; the bundle's own stock is derived (min over parts of floor(part stock / quantity)).
CREATE TABLE product_bundle_items (
  id char(24) PRIMARY KEY,
  org_id char(24) NOT NULL REFERENCES organisations(id),
  bundle_id char(24) NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  product_id char(24) NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  quantity integer NOT NULL CHECK (quantity BETWEEN 1 AND 10000),
  position integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (bundle_id, product_id),
  CHECK (bundle_id <> product_id)
);
CREATE INDEX product_bundle_items_bundle_idx ON product_bundle_items (org_id, bundle_id, position);
CREATE INDEX product_bundle_items_product_idx ON product_bundle_items (product_id);
ALTER TABLE products ADD COLUMN bundle_description text;

-- Automation rules of a product (spec 3 §3 stored automation: product_id, affected_field, logical_operator, value,
-- type, actions). `actions` is a list of {field, value} (type change) or {product_id, ean, quantity} (type add).
CREATE TABLE automations (
  id char(24) PRIMARY KEY,
  org_id char(24) NOT NULL REFERENCES organisations(id),
  product_id char(24) NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  affected_field text NOT NULL CHECK (affected_field IN ('quantity', 'ean', 'shipmentDetails.countryCode')),
  logical_operator text NOT NULL CHECK (logical_operator IN ('==', '!=', '>', '<', '>=', '<=')),
  value text NOT NULL,
  type text NOT NULL CHECK (type IN ('change', 'add')),
  actions jsonb NOT NULL DEFAULT '[]'::jsonb,
  active boolean NOT NULL DEFAULT true,
  created_by char(24) REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- GET /automations/{product_id} and the rules of an arriving order's products.
CREATE INDEX automations_product_idx ON automations (org_id, product_id, created_at, id);

-- The bundle an expanded order line belongs to: the customer's line (bundle, its EAN and title, pieces ordered) and
-- its position, so the packing station and the packing slip show what the customer bought.
ALTER TABLE order_lines ADD COLUMN bundle_product_id char(24) REFERENCES products(id);
ALTER TABLE order_lines ADD COLUMN bundle_ean text;
ALTER TABLE order_lines ADD COLUMN bundle_title text;
ALTER TABLE order_lines ADD COLUMN bundle_quantity integer CHECK (bundle_quantity IS NULL OR bundle_quantity > 0);
-- The rule that added the line (an insert product), null for the customer's own lines.
ALTER TABLE order_lines ADD COLUMN automation_id char(24) REFERENCES automations(id) ON DELETE SET NULL;

-- What the automation rules did to an order when it arrived (shown on the order detail).
CREATE TABLE order_automations (
  id char(24) PRIMARY KEY,
  org_id char(24) NOT NULL REFERENCES organisations(id),
  order_id char(24) NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  automation_id char(24) REFERENCES automations(id) ON DELETE SET NULL,
  description text NOT NULL,
  applied_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX order_automations_order_idx ON order_automations (order_id, applied_at, id);
