-- Shipping bol.com orders (issue 14; spec 1 §3 Ship option, §4 Shipping a card, §7 POST /orders/bol/shipmentlist;
-- docs/decisions/0045-bol-shipping.md).

-- Finding an order's bol order items (the intake stores them per connection; the ship options and the confirmation
-- look them up by our order).
CREATE INDEX bol_order_items_order_idx ON bol_order_items (order_id) WHERE order_id IS NOT NULL;

-- Labels bought from bol for an order. A purchase is written before bol is asked and completed as bol answers, so
-- when the label is bought but our shipping transaction fails, the next attempt for the order reuses the bought label
-- instead of buying a second one. `used_by_shipment_id` is set in the shipping transaction.
CREATE TABLE bol_label_purchases (
  id char(24) PRIMARY KEY,
  org_id char(24) NOT NULL REFERENCES organisations(id),
  order_id char(24) NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  connection_id char(24) NOT NULL REFERENCES api_connections(id) ON DELETE CASCADE,
  shipping_label_offer_id text NOT NULL,
  transporter_code text NOT NULL,
  label_type text NOT NULL,
  -- bol's process status of the purchase, then the label it made.
  process_status_id text,
  shipping_label_id text,
  track_and_trace text,
  label_pdf bytea,
  -- buying: asked, no answer yet; bought: label id known (PDF and track and trace once fetched); failed: bol refused.
  status text NOT NULL DEFAULT 'buying' CHECK (status IN ('buying', 'bought', 'failed')),
  error text,
  used_by_shipment_id char(24) REFERENCES shipments(id) ON DELETE SET NULL,
  created_by char(24) REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX bol_label_purchases_order_idx ON bol_label_purchases (order_id, created_at);

-- The durable queue of confirmations to the marketplace: written in the shipping transaction of every shipped bol
-- order (whatever carrier took it), worked by a scheduled job that leases rows (one UPDATE … RETURNING, as the order
-- pull of ADR 0043), retried with backoff until bol confirms or the attempts run out.
CREATE TABLE marketplace_confirmations (
  id char(24) PRIMARY KEY,
  org_id char(24) NOT NULL REFERENCES organisations(id),
  order_id char(24) NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  shipment_id char(24) NOT NULL UNIQUE REFERENCES shipments(id) ON DELETE CASCADE,
  connection_id char(24) NOT NULL REFERENCES api_connections(id) ON DELETE CASCADE,
  platform text NOT NULL CHECK (platform IN ('bol', 'bol_be')),
  -- What bol is told: the order items, the transporter, the track and trace and (bol labels) the label id.
  order_item_ids jsonb NOT NULL,
  transporter_code text NOT NULL,
  track_and_trace text NOT NULL,
  shipping_label_id text,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'confirmed', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_error text,
  -- bol's process status of a sent confirmation, polled again before anything is sent twice.
  process_status_id text,
  confirmed_at timestamptz,
  lease_owner text,
  lease_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- The worker's pick: due pending rows, oldest due first.
CREATE INDEX marketplace_confirmations_due_idx ON marketplace_confirmations (next_attempt_at)
  WHERE status = 'pending';
CREATE INDEX marketplace_confirmations_order_idx ON marketplace_confirmations (order_id);
