-- Order events and delivery performance (issue 13 §3; spec 1 §2 Order detail, Shipments; ADR 0041).

-- The carrier status events of an order's parcels (spec 1 §3 shipment_status: Code, Description). The local carrier
-- writes its own (A01 label created, B01 handed over, I11 delivered); real carriers (next issue) add theirs here.
CREATE TABLE order_events (
  id char(24) PRIMARY KEY,
  org_id char(24) NOT NULL REFERENCES organisations(id),
  order_id char(24) NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  shipment_id char(24) REFERENCES shipments(id) ON DELETE CASCADE,
  code text NOT NULL CHECK (code ~ '^[A-Z0-9]{2,8}$'),
  description text NOT NULL,
  at timestamptz NOT NULL,
  created_by char(24) REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now()
);
-- The detail and GET /order/get read an order's events oldest first.
CREATE INDEX order_events_order_idx ON order_events (order_id, at, id);
CREATE INDEX order_events_shipment_idx ON order_events (shipment_id, at, id);

-- The delivery state of each parcel, kept with its events in one transaction, so the performance header and the
-- speed groups of the shipments list are a count over the period's shipments (no events scanned per request).
ALTER TABLE shipments ADD COLUMN handed_over_at timestamptz;
ALTER TABLE shipments ADD COLUMN delivered_at timestamptz;
-- The print run a shipment left in (POST /orders/ship/batch/single): the BATCH link of the shipments list.
ALTER TABLE shipments ADD COLUMN batch_id char(24);
CREATE INDEX shipments_batch_idx ON shipments (batch_id) WHERE batch_id IS NOT NULL;

-- Every shipment so far got its label: it counts as 'label created' (A01) from its shipping moment.
INSERT INTO order_events (id, org_id, order_id, shipment_id, code, description, at, created_by, created_at)
SELECT substr(md5(s.id || 'A01'), 1, 24), s.org_id, s.order_id, s.id, 'A01',
       'Label aangemaakt; pakket nog niet door de vervoerder ontvangen', s.created_at, s.shipped_by, s.created_at
  FROM shipments s;
