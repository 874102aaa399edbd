-- Invoices from real work (issue 16 item 4; spec 3 §2 Invoices, §3 Invoice, Location, Surcharge, §7 billing, §9;
-- docs/decisions/0052-invoices.md). An invoice is computed, never stored: shipped orders of the period with their box,
-- method and surcharges, storage per location per day from the stock ledger, and the inbound surcharges of items
-- submitted in the period. What it needs: the provider's storage prices and an index per source read by moment.

-- The provider's storage prices (spec 3 §3 Location type; "invoice also 1/3pallet"): integer euro cents per location
-- per Amsterdam day the location holds the organisation's stock. No store of provider settings existed: this small
-- table is it, one row per location type, seeded with the demo warehouse's prices.
CREATE TABLE storage_prices (
  type text PRIMARY KEY CHECK (type IN ('pallet', '1/2pallet', '1/3pallet', 'half-box', 'rack-box', 'warehousing')),
  price_cents integer NOT NULL CHECK (price_cents BETWEEN 0 AND 100000),
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO storage_prices (type, price_cents) VALUES
  ('pallet', 45), ('1/2pallet', 25), ('1/3pallet', 18), ('half-box', 2), ('rack-box', 4), ('warehousing', 8);

-- Shipped orders of one organisation by the moment they shipped (the invoice's orders, totals and pages).
CREATE INDEX orders_org_shipped_idx ON orders (org_id, shipped_at, id) WHERE status = 'shipped';

-- The organisation's ledger rows on locations by moment, carrying what the storage days need (opening balance =
-- current stock minus the rows since the period's start; the rows inside the period give the days).
CREATE INDEX stock_mutations_org_created_idx ON stock_mutations (org_id, created_at)
  INCLUDE (product_id, location_id, quantity, reason) WHERE location_id IS NOT NULL;

-- The organisation's current stock per location (the storage's starting point).
CREATE INDEX product_locations_org_idx ON product_locations (org_id, location_id) INCLUDE (product_id, stock);

-- Inbound items submitted in the period (their surcharges are billed then).
CREATE INDEX inbound_items_org_submitted_idx ON inbound_items (org_id, submitted_at) WHERE submitted_at IS NOT NULL;
