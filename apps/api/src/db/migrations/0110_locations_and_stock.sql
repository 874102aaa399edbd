-- Locations and stock (issue 9; spec 2 §2 Product location widget, §3 Product location link, Location types; spec 3
-- §2 Admin: locations). The warehouse map gains active/inactive places, zones (location groups) and cut-off
-- groups; the stock ledger records where a change came from and went to, the raw scan, and pairs the two rows of a
-- transfer. Stock per product and location (`product_locations.stock`) stays equal to the sum of its mutations:
-- every service changes both in one transaction (modules/stock/ledger.ts).

-- Zones of the warehouse the pick screen filters on (spec 2 §3 Other pick lookups: location groups {name, locations}).
CREATE TABLE location_groups (
  id char(24) PRIMARY KEY,
  org_id char(24) NOT NULL REFERENCES organisations(id),
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (org_id, name)
);

-- Cut-off groups (spec 2 §3: cut_off, methods): the time by which orders of these shipment methods leave today.
CREATE TABLE cut_off_groups (
  id char(24) PRIMARY KEY,
  org_id char(24) NOT NULL REFERENCES organisations(id),
  name text NOT NULL,
  cut_off time NOT NULL,
  method_codes text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (org_id, name)
);

ALTER TABLE locations ADD COLUMN active boolean NOT NULL DEFAULT true;
ALTER TABLE locations ADD COLUMN group_id char(24) REFERENCES location_groups(id) ON DELETE SET NULL;
-- A location is found by the name on its label (`POST /product/assign_location {rack_number}`): one per warehouse.
CREATE UNIQUE INDEX locations_org_name_idx ON locations (org_id, lower(name));
CREATE INDEX locations_roots_idx ON locations (org_id, sequence) WHERE parent_id IS NULL;

-- A product location marked for moving (spec 2 §3 Product location link: toTransfer, quantity): `transfer_quantity`
-- pieces are to go elsewhere; the transfer completes when the new location is scanned.
ALTER TABLE product_locations ADD COLUMN to_transfer boolean NOT NULL DEFAULT false;
ALTER TABLE product_locations ADD COLUMN transfer_quantity integer;
ALTER TABLE product_locations ADD CONSTRAINT product_locations_transfer_quantity_check
  CHECK (transfer_quantity IS NULL OR transfer_quantity > 0);

ALTER TABLE stock_mutations DROP CONSTRAINT stock_mutations_reason_check;
ALTER TABLE stock_mutations ADD CONSTRAINT stock_mutations_reason_check CHECK (reason IN (
  'pick',        -- a picker took pieces for an order line
  'correction',  -- stock correction with a reason (POST /correct_stock/)
  'checkin',     -- inbound pieces put on a location
  'transfer',    -- one of the two rows of a move between locations (transfer_id pairs them)
  'return',      -- a returned item back on a location
  'seed',        -- demo data
  'count',       -- the amount on a location set by hand (GET /locations/stock/update/…)
  'assign',      -- a product put on a location (with or without pieces)
  'unassign'     -- an empty location taken off a product
));
ALTER TABLE stock_mutations ADD COLUMN transfer_id char(24);
ALTER TABLE stock_mutations ADD COLUMN raw_scan text;
-- The ledger of one place (the location's history, and the check that a location's stock adds up).
CREATE INDEX stock_mutations_location_idx ON stock_mutations (location_id, product_id);
