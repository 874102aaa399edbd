-- Order import speed (issue 8; docs/decisions/0074-order-import-database-share.md). Two statement triggers on INSERT of
-- order_lines correct a flag of the lines a statement added, and almost every statement has nothing to correct: the
-- order import and the order form write lines with the right order_open and order_multi. Yet each ran its correcting
-- UPDATE, planned (once per connection, PL/pgSQL's cached plan) as a join of order_lines with orders:
--   * hoppa_order_lines_multi_added (migration 0350) hash-joined every line of order_lines with orders and only then
--     met the (empty) set of orders to correct: a sequential scan of order_lines per statement;
--   * hoppa_order_lines_open_added (migration 0310) joined the statement's lines to orders and order_lines.
-- Measured with EXPLAIN ANALYZE on PostgreSQL 15 (a 10,000-line import in 16 chunks, on a database already holding
-- 100,000 order lines): 562 ms and 273 ms for the import, the largest items after the pick aggregate, and growing
-- with the size of order_lines (97 ms and 30 ms on an empty one).
--
-- Both now decide first, from the statement's transition table and orders by primary key (through EXECUTE, so the
-- decision is planned for each statement's row count), and run their UPDATE only for the orders or lines found, by
-- index. The UPDATEs keep their own conditions on orders (o.status, o.line_count) as before, so what they write is
-- the same as the single statements of migrations 0310/0350 wrote: a line added to an order that is not open gets
-- order_open = false; the lines of an order that had lines before the statement, or that came with a flag its line
-- count contradicts, get order_multi = (line_count > 1). The line count is already final when the multi trigger
-- runs (order_lines_count_insert fires first by name and holds the order rows it changed).

CREATE OR REPLACE FUNCTION hoppa_order_lines_open_added() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  closed char(24)[];
BEGIN
  EXECUTE $q$
    SELECT array_agg(a.id)
      FROM added_lines a JOIN orders o ON o.id = a.order_id
     WHERE o.status <> 'open' AND a.order_open
  $q$ INTO closed;
  IF closed IS NULL THEN
    RETURN NULL;
  END IF;
  UPDATE order_lines l SET order_open = false
  FROM orders o
  WHERE l.id = ANY (closed) AND o.id = l.order_id AND o.status <> 'open' AND l.order_open;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE FUNCTION hoppa_order_lines_multi_added() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  recheck char(24)[];
BEGIN
  EXECUTE $q$
    SELECT array_agg(a.order_id)
      FROM (SELECT order_id, count(*) AS n, bool_or(order_multi) AS any_multi, bool_and(order_multi) AS all_multi
              FROM added_lines GROUP BY order_id) a
      JOIN orders x ON x.id = a.order_id
     WHERE x.line_count <> a.n OR a.any_multi IS DISTINCT FROM (x.line_count > 1)
        OR a.all_multi IS DISTINCT FROM (x.line_count > 1)
  $q$ INTO recheck;
  IF recheck IS NULL THEN
    RETURN NULL;
  END IF;
  UPDATE order_lines l SET order_multi = (o.line_count > 1)
  FROM orders o
  WHERE o.id = ANY (recheck) AND l.order_id = ANY (recheck)
    AND l.order_id = o.id AND l.order_multi IS DISTINCT FROM (o.line_count > 1);
  RETURN NULL;
END;
$$;
