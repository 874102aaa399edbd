-- Carrier tracking (issue 14; ADR 0046): the tracking job polls open parcels at their carrier and stores new events.

-- When each parcel was last asked about, the carrier's last error (null after a good answer), and the lease of the
-- process polling it now (one UPDATE claims a batch, so two API processes never poll the same parcel at once; a crashed
-- process's lease simply runs out).
ALTER TABLE shipments ADD COLUMN last_tracked_at timestamptz;
ALTER TABLE shipments ADD COLUMN track_error text;
ALTER TABLE shipments ADD COLUMN track_lease_until timestamptz;
ALTER TABLE shipments ADD COLUMN track_lease_owner text;

-- The job's batch: undelivered parcels, the longest unchecked (never checked first) and then the oldest label first.
CREATE INDEX shipments_tracking_due_idx ON shipments (last_tracked_at NULLS FIRST, created_at)
  WHERE delivered_at IS NULL;

-- A carrier event is stored once per parcel, code and moment, however often it is polled (INSERT … ON CONFLICT DO
-- NOTHING). Duplicates from before, if any, are dropped first (the oldest row stays).
DELETE FROM order_events e
 USING order_events d
 WHERE e.shipment_id = d.shipment_id AND e.code = d.code AND e.at = d.at AND e.id > d.id;
CREATE UNIQUE INDEX order_events_shipment_code_at_idx ON order_events (shipment_id, code, at);
