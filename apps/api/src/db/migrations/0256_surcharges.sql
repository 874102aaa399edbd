-- Surcharges (issue 15; spec 3 §3 Surcharge: name, code, price, note, type; §2 the product card's surcharges
-- selector; §7 GET /surcharges, POST /surcharges/select; docs/decisions/0048-product-card-and-settings.md): the
-- provider's list of extra charges (shared by every organisation, like shipment boxes), and which apply to a product.
CREATE TABLE surcharges (
  id char(24) PRIMARY KEY,
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 200),
  code text NOT NULL CHECK (char_length(code) BETWEEN 1 AND 64),
  price_cents integer NOT NULL DEFAULT 0 CHECK (price_cents >= 0),
  note text,
  type text NOT NULL DEFAULT 'order-line' CHECK (type IN ('store', 'order', 'order-line', 'line-amount')),
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX surcharges_code_idx ON surcharges (lower(code));

CREATE TABLE product_surcharges (
  product_id char(24) NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  surcharge_id char(24) NOT NULL REFERENCES surcharges(id) ON DELETE CASCADE,
  org_id char(24) NOT NULL REFERENCES organisations(id),
  PRIMARY KEY (product_id, surcharge_id)
);
CREATE INDEX product_surcharges_org_idx ON product_surcharges (org_id, product_id);
