-- Inbound (issue 10; spec 2 §3 Inbound, Inbound item, Inbound types, §4 Inbound, §7 Inbound, §9).
-- A merchant announces stock coming to the warehouse (an inbound of type package, pallet or container_other) with its
-- items: a product, the number of boxes (units) and pieces per box (packed_per), so pieces_expected = units x
-- packed_per. The warehouse checks the items in: pieces placed on locations go through the stock ledger (reason
-- 'checkin'); pieces_checked_in is kept in the same transaction. An item is submitted when counted; the inbound is
-- checked_in when all its items are. Only pending inbounds and items may be edited.
CREATE TABLE inbounds (
  id char(24) PRIMARY KEY,
  org_id char(24) NOT NULL REFERENCES organisations(id),
  -- The number on the QR label and the calendar: IN + 6 digits, unique.
  inbound_number text NOT NULL UNIQUE,
  type text NOT NULL CHECK (type IN ('package', 'pallet', 'container_other')),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'checked_in')),
  contact_person text NOT NULL,
  contact_person_email text NOT NULL,
  phone text NOT NULL,
  shipping_address text NOT NULL,
  track_trace text NOT NULL,
  expected_delivery date,
  -- A direct check-in (spec 2 §2): made and checked in at once.
  direct boolean NOT NULL DEFAULT false,
  created_by char(24) REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  checked_in_at timestamptz
);
CREATE INDEX inbounds_org_idx ON inbounds (org_id, status, expected_delivery);
CREATE INDEX inbounds_expected_idx ON inbounds (expected_delivery);

CREATE TABLE inbound_items (
  id char(24) PRIMARY KEY,
  inbound_id char(24) NOT NULL REFERENCES inbounds(id) ON DELETE CASCADE,
  org_id char(24) NOT NULL REFERENCES organisations(id),
  product_id char(24) NOT NULL REFERENCES products(id),
  units integer NOT NULL CHECK (units > 0),
  packed_per integer NOT NULL CHECK (packed_per > 0),
  pieces_expected integer NOT NULL CHECK (pieces_expected >= 0),
  pieces_checked_in integer NOT NULL DEFAULT 0 CHECK (pieces_checked_in >= 0),
  batch_nr text,
  expiration_date date,
  notes text,
  package_closed boolean NOT NULL DEFAULT false,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'checked_in')),
  -- 'Extra work' (spec 2 §5 Surcharge): [{description, cost_cents, amount}]; total = cost x amount in euro.
  surcharges jsonb NOT NULL DEFAULT '[]'::jsonb,
  -- Locations reserved by the location finder: [location id]; placing stock does not need them.
  reserved_locations jsonb NOT NULL DEFAULT '[]'::jsonb,
  -- Damage photos: [{id, mime, size, name}], files under DATA_DIR/uploads/inbound/<item id>/.
  images jsonb NOT NULL DEFAULT '[]'::jsonb,
  -- The order the merchant listed the products in.
  position integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  submitted_at timestamptz
);
CREATE INDEX inbound_items_inbound_idx ON inbound_items (inbound_id);
CREATE INDEX inbound_items_org_status_idx ON inbound_items (org_id, status);

-- The shareable secret link of the public inbound calendar (spec 2 §2 /inbounds-report), per organisation: the
-- SHA-256 of the token, so a database read does not give the link away.
ALTER TABLE organisations ADD COLUMN inbound_calendar_token_hash text UNIQUE;
