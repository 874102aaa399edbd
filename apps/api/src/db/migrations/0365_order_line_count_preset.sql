-- Order import speed (issue 8; docs/decisions/0068-order-import-one-pass-preset-counts.md). The line count of
-- migration 0080 was kept by one UPDATE of every order of an order-line INSERT statement: for the order import,
-- 250 freshly inserted orders rewritten once more per chunk (a second version of each row, every index of `orders`
-- written again), the single biggest trigger of the import's line INSERT (EXPLAIN ANALYZE on PostgreSQL 15,
-- 2026-11-28: 35–117 ms of 150–380 ms per chunk of ≈ 620 lines).
--
-- A writer that inserts an order and then all of its lines in ONE statement may now give the order its line count
-- up front (the order import does). The trigger first finds the orders whose count does not already include the
-- lines it sees — `line_count <> (its lines)`, one probe of order_lines_order_idx per order — and increments only
-- those, exactly as before. Why this is exact:
--   * every committed state has line_count = the order's lines, and so does every statement of a transaction that
--     keeps it, so an order that existed before this statement shows line_count = its lines minus the lines this
--     statement added (≥ 1): it is incremented, as before. This holds in any snapshot, so a concurrent writer of the
--     same order changes nothing: the decision is taken first, and the UPDATE then adds `n` to whatever version it
--     finally locks (the `ANY(grow)` test is all a re-check after waiting for that writer evaluates; a count in the
--     UPDATE's own WHERE would be re-evaluated against the new version with the old snapshot and skip it).
--   * an order whose count already equals its lines can only be one this transaction wrote with the count given —
--     no other transaction can see it yet — so nothing is to be added.
--   * a writer that leaves the default (0) is incremented as before; the contract for a preset is "the lines of one
--     INSERT statement" (a count preset for lines written in several statements would be added to again).
-- The decision query runs through EXECUTE, planned per statement like the pick triggers of migration 0355 (a plan
-- cached for a one-row first write must not serve a 620-line chunk, nor the other way round).
CREATE OR REPLACE FUNCTION hoppa_order_lines_added() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  grow char(24)[];
BEGIN
  EXECUTE $q$
    SELECT array_agg(o.id)
      FROM (SELECT DISTINCT order_id FROM added_lines) a
      JOIN orders o ON o.id = a.order_id
     WHERE o.line_count <> (SELECT count(*) FROM order_lines l WHERE l.order_id = o.id)
  $q$ INTO grow;
  IF grow IS NULL THEN
    RETURN NULL;
  END IF;
  UPDATE orders o SET line_count = o.line_count + c.n
  FROM (SELECT order_id, count(*)::int AS n FROM added_lines WHERE order_id = ANY (grow) GROUP BY order_id) c
  WHERE c.order_id = o.id AND o.id = ANY (grow);
  RETURN NULL;
END;
$$;
