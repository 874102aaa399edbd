-- Pick and shipping (issue 3 §2, §3).

-- The SHA-256 of the request (method, path, body), so reusing an idempotency key for a different
-- request is refused instead of silently answering the first request's result.
ALTER TABLE idempotency_keys ADD COLUMN request_hash text;

-- Shipments are opened from their order (order detail, re-download of labels).
CREATE INDEX shipments_order_idx ON shipments (order_id);

-- The pick list reads open lines still to pick; a partial index keeps that cheap as history grows.
CREATE INDEX order_lines_to_pick_idx ON order_lines (order_id) WHERE picked_quantity < quantity;
