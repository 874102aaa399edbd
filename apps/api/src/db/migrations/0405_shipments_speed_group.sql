-- Hot reads (issue 8 §3; spec 1 §2 Shipments header, §7 `GET /orders/perform/{start}/{end}` and
-- `GET /orders/{start}/{end}?group=…`; docs/decisions/0095-delivery-speed-group-kept-on-the-shipment.md): a
-- shipment's speed group was computed per row from its delivery state, so a group's list counted its members by
-- testing every shipment of the period (a parallel seq scan, 100-400 ms at 50,000 shipments a week) and the header
-- grouped all of them. The group is now kept on the shipment as a generated column of the row's own columns, the
-- same expression as core `deliveryGroup` (exactly 24 h is d_24h, exactly 48 h d_48h), so no writer can forget it:
-- the tracking job and the warehouse milestones only set handed_over_at / delivered_at, as before. Adding it
-- rewrites the table and its indexes once, under the ALTER TABLE lock (3.4 s for 100,000 shipments on PostgreSQL 15
-- at load 14 on two cores, the index 0.5 s more).
ALTER TABLE shipments ADD COLUMN speed_group text NOT NULL GENERATED ALWAYS AS (CASE
  WHEN delivered_at IS NOT NULL AND delivered_at - created_at <= interval '24 hours' THEN 'd_24h'
  WHEN delivered_at IS NOT NULL AND delivered_at - created_at <= interval '48 hours' THEN 'd_48h'
  WHEN delivered_at IS NOT NULL THEN 'd_late'
  WHEN handed_over_at IS NOT NULL THEN 'on_the_way'
  ELSE 'not_sorted' END) STORED;

-- A group's page (newest first within the period, ties by id) read in order from the index for a merchant
-- (`org_id = $1`), and its count up to SHIPMENTS_COUNT_CAP as an index-only range scan, for a merchant and for the
-- provider's all-client view (`org_id = any(…)`) alike. The header counts every group of the period from it too:
-- one range per organisation and group, index-only.
CREATE INDEX shipments_org_group_created_idx ON shipments (org_id, speed_group, created_at, id);

-- Statistics for the new column (what the planner weighs a group's share by: walking the period's dates and
-- filtering, or reading the group's range and sorting it). The rewrite also left the visibility map empty: until
-- autovacuum's next pass the index-only reads still visit the table (ADR 0095: run VACUUM (ANALYZE) shipments after
-- deploying to have them index-only at once; VACUUM cannot run inside this transaction).
ANALYZE shipments (speed_group);
