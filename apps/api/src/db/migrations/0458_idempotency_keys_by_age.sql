-- Stored Idempotency-Keys by age (ADR 0130): every state-changing request with a key keeps a row with its answer
-- (ADR 0007), a row per pick and per parcel; the housekeeping job (lib/housekeeping.ts) deletes those older than the
-- retention in small batches. Rows arrive in time order, so a BRIN index on the moment finds the old ones for a few
-- pages of index, where a B-tree would cost every write an index entry.
CREATE INDEX idempotency_keys_created_brin ON idempotency_keys USING brin (created_at);
