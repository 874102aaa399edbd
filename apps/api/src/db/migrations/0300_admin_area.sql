-- The admin area (issue 16 item 5; spec 3 §2 Admin area, §3 Shipment method, Shipment box, Surcharge, Order (admin
-- view); docs/decisions/0053-admin-area.md). Columns are only added: the invoice reads shipment_boxes.price_cents as
-- the box's fulfilment cost, package_cost_cents as its packaging cost, shipment_methods.price_cents and
-- surcharges (type, price_cents) unchanged.

-- Shipment methods: purchase price, cut-off time, late-drop and peak surcharges, the group they are listed under.
ALTER TABLE shipment_methods
  ADD COLUMN purchase_price_cents integer NOT NULL DEFAULT 0 CHECK (purchase_price_cents >= 0),
  ADD COLUMN cut_off text CHECK (cut_off IS NULL OR cut_off ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  ADD COLUMN late_drop_surcharge_cents integer NOT NULL DEFAULT 0 CHECK (late_drop_surcharge_cents >= 0),
  ADD COLUMN peak_surcharge_cents integer NOT NULL DEFAULT 0 CHECK (peak_surcharge_cents >= 0),
  ADD COLUMN group_name text CHECK (group_name IS NULL OR char_length(group_name) BETWEEN 1 AND 100);
-- Codes are what orders and imports name a method by: unique in any case (the old constraint is case-sensitive).
CREATE UNIQUE INDEX shipment_methods_code_lower_idx ON shipment_methods (lower(code));
CREATE INDEX shipment_methods_group_idx ON shipment_methods (group_name, lower(name), id);

-- Shipment boxes: outer size in mm, purchase cost, package code, active.
ALTER TABLE shipment_boxes
  ADD COLUMN max_length_mm integer CHECK (max_length_mm > 0),
  ADD COLUMN max_width_mm integer CHECK (max_width_mm > 0),
  ADD COLUMN max_height_mm integer CHECK (max_height_mm > 0),
  ADD COLUMN purchase_cost_cents integer NOT NULL DEFAULT 0 CHECK (purchase_cost_cents >= 0),
  ADD COLUMN package_code text,
  ADD COLUMN active boolean NOT NULL DEFAULT true;
CREATE UNIQUE INDEX shipment_boxes_name_lower_idx ON shipment_boxes (lower(name));

-- The surcharge list counts the products a surcharge applies to, per page: read by surcharge.
CREATE INDEX product_surcharges_surcharge_idx ON product_surcharges (surcharge_id);

-- Orders: a soft delete by the provider's admin (DELETE /orders/searchOrderId/{orderId}).
ALTER TABLE orders
  ADD COLUMN deleted_at timestamptz,
  ADD COLUMN deleted_by char(24) REFERENCES users(id) ON DELETE SET NULL;
-- The search by the shop's order number across every shop reads orders_order_id_prefix_idx (migration 0201).

-- The stock ledger: picked pieces of a deleted order put back where they were picked.
ALTER TABLE stock_mutations DROP CONSTRAINT stock_mutations_reason_check;
ALTER TABLE stock_mutations ADD CONSTRAINT stock_mutations_reason_check CHECK (reason IN (
  'pick', 'correction', 'checkin', 'transfer', 'return', 'seed', 'count', 'assign', 'unassign',
  'unpick'       -- picked pieces of a deleted order back on the location they were picked from
));

-- Roles: what the application ships for a default role, and whether the provider's admin edited it. An edited
-- default role keeps its grants across restarts (db/roles.ts syncDefaultRoles); default_grants follows the code.
ALTER TABLE roles
  ADD COLUMN default_grants jsonb,
  ADD COLUMN edited_at timestamptz,
  ADD COLUMN edited_by char(24) REFERENCES users(id) ON DELETE SET NULL;
CREATE INDEX memberships_role_idx ON memberships (role_id);
