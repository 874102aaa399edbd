-- The shipments list at warehouse scale (issue 8, docs/architecture.md "Hot reads"): a page in the default order
-- (newest first, ties by id) is read from an index in that order and stops after skip + limit rows, instead of
-- sorting the whole period. One index per kind of request: a merchant's (`org_id = $1`, the organisation first) and
-- the provider's all-client view (`org_id = any(…)`, which PostgreSQL 15 cannot read in order from an index that
-- starts with org_id; the organisations are filtered while walking the dates instead, as the open-orders list does).
DROP INDEX shipments_org_created_idx;
CREATE INDEX shipments_org_created_idx ON shipments (org_id, created_at, id);
CREATE INDEX shipments_created_idx ON shipments (created_at, id);
