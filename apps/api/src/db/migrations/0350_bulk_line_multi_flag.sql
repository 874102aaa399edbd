-- Order import speed (issue 8; docs/decisions/0066-order-import-write-path.md). Measured on a 10,000-row import, the
-- statement trigger order_lines_zz_multi_insert (migration 0330) was most of every chunk's INSERT of order lines: it
-- joined every order of the statement to all of its lines, and because the import wrote the lines with the column's
-- default (false), it rewrote the flag of every line of every multi-line order — a second version of each of those
-- rows, every index of order_lines written again, and the statement triggers on UPDATE (pick aggregate, invoice
-- charges) run a second time over them.
--
-- Writers that know each order's line count give `order_multi` themselves (the order import does now), and the
-- trigger reads the lines of an order again only when something can be wrong:
--   * the order had lines before this statement (its line count, already updated by order_lines_count_insert, which
--     fires first by name, is more than the lines this statement added), so its older lines may cross 1 ↔ 2; or
--   * a line of this statement came with a flag other than the order's line count says (a writer that left the
--     default, hand-written SQL of tests).
-- An order written whole in one statement with the right flags is checked from the transition table and orders by
-- primary key alone. The result is the same as before for every write: each line's order_multi equals
-- (line_count > 1), and the pick aggregate moves with it through order_lines_pick_update as before.
CREATE OR REPLACE FUNCTION hoppa_order_lines_multi_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE order_lines l SET order_multi = (o.line_count > 1)
  FROM orders o
  WHERE o.id IN (
          SELECT a.order_id
            FROM added_lines a JOIN orders x ON x.id = a.order_id
           GROUP BY a.order_id, x.line_count
          HAVING x.line_count <> count(*) OR bool_or(a.order_multi IS DISTINCT FROM (x.line_count > 1)))
    AND l.order_id = o.id AND l.order_multi IS DISTINCT FROM (o.line_count > 1);
  RETURN NULL;
END;
$$;
