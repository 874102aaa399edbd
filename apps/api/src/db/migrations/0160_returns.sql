-- Returns (issue 12; spec 2 §2 Returns desk, Return creation wizard, §3 Return, Return item, §4 Returns, §7 Returns).
-- A return belongs to a shipped order of a merchant; its items are the order's products and quantities coming back.
-- The desk judges each item (received quantity, state, damage, action) and closes it: sellable pieces go back onto a
-- location of the product through the stock ledger (reason 'return', with the return's id), unsellable pieces onto a
-- quarantine location, which the pick list never uses.
CREATE TABLE returns (
  id char(24) PRIMARY KEY,
  org_id char(24) NOT NULL REFERENCES organisations(id),
  order_id char(24) NOT NULL REFERENCES orders(id),
  -- The number printed on the label and searched at the desk: R + 8 digits, unique.
  return_number text NOT NULL UNIQUE,
  tracking_number text NOT NULL UNIQUE,
  carrier text NOT NULL,
  -- A reason code of the return reasons list, and the customer's own words.
  reason text NOT NULL,
  customer_comments text,
  -- Where the parcel comes from (the customer's address as on the return).
  sender jsonb NOT NULL,
  created_by char(24) REFERENCES users(id),
  registered_at timestamptz NOT NULL DEFAULT now(),
  closed_at timestamptz
);
CREATE INDEX returns_org_idx ON returns (org_id, registered_at DESC);
CREATE INDEX returns_order_idx ON returns (order_id);

CREATE TABLE return_items (
  id char(24) PRIMARY KEY,
  return_id char(24) NOT NULL REFERENCES returns(id) ON DELETE CASCADE,
  org_id char(24) NOT NULL REFERENCES organisations(id),
  order_line_id char(24) NOT NULL REFERENCES order_lines(id),
  product_id char(24) NOT NULL REFERENCES products(id),
  ean text NOT NULL,
  title text NOT NULL,
  expected_quantity integer NOT NULL CHECK (expected_quantity > 0),
  received_quantity integer CHECK (received_quantity IS NULL OR received_quantity >= 0),
  product_state text,
  damaged_package boolean NOT NULL DEFAULT false,
  damaged_product boolean NOT NULL DEFAULT false,
  damaged_product_package boolean NOT NULL DEFAULT false,
  return_action text NOT NULL DEFAULT 'RETURN_RECEIVED' CHECK (return_action IN ('RETURN_RECEIVED', 'EXCHANGE_PRODUCT',
    'RETURN_DOES_NOT_MEET_CONDITIONS', 'REPAIR_PRODUCT', 'CUSTOMER_KEEPS_PRODUCT_PAID', 'STILL_APPROVED')),
  -- Set when the desk closed the item: where the pieces went and whether they were sellable.
  fulfilled_at timestamptz,
  restock_location_id char(24) REFERENCES locations(id),
  quarantined boolean,
  UNIQUE (return_id, order_line_id)
);
CREATE INDEX return_items_return_idx ON return_items (return_id);
CREATE INDEX return_items_ean_idx ON return_items (ean);

-- A quarantine location holds returned goods that may not be sold; the pick list never sends a picker there.
ALTER TABLE locations ADD COLUMN quarantine boolean NOT NULL DEFAULT false;
