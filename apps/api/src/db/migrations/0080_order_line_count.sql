-- Hot reads at warehouse scale (issue 8, docs/architecture.md "Hot reads"): the open-orders list and the pick list
-- filter on single- versus multi-line orders. Counting each order's lines per request grows with the backlog, so
-- every order keeps its line count, maintained in the same transaction as its lines by statement-level triggers
-- (one UPDATE per statement, not per line: an import of 10,000 lines costs one grouped update).
ALTER TABLE orders ADD COLUMN line_count integer NOT NULL DEFAULT 0;

UPDATE orders o SET line_count = c.n
FROM (SELECT order_id, count(*)::int AS n FROM order_lines GROUP BY order_id) c
WHERE c.order_id = o.id;

CREATE FUNCTION hoppa_order_lines_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE orders o SET line_count = o.line_count + c.n
  FROM (SELECT order_id, count(*)::int AS n FROM added_lines GROUP BY order_id) c
  WHERE c.order_id = o.id;
  RETURN NULL;
END;
$$;

CREATE FUNCTION hoppa_order_lines_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE orders o SET line_count = o.line_count - c.n
  FROM (SELECT order_id, count(*)::int AS n FROM removed_lines GROUP BY order_id) c
  WHERE c.order_id = o.id;
  RETURN NULL;
END;
$$;

-- A line moved to another order (the API never does this, but the count must not drift). Row-level with a WHEN
-- clause on the column, so picks (which update picked_quantity) pay nothing.
CREATE FUNCTION hoppa_order_line_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE orders SET line_count = line_count - 1 WHERE id = OLD.order_id;
  UPDATE orders SET line_count = line_count + 1 WHERE id = NEW.order_id;
  RETURN NULL;
END;
$$;

CREATE TRIGGER order_lines_count_insert AFTER INSERT ON order_lines
  REFERENCING NEW TABLE AS added_lines
  FOR EACH STATEMENT EXECUTE FUNCTION hoppa_order_lines_added();
CREATE TRIGGER order_lines_count_delete AFTER DELETE ON order_lines
  REFERENCING OLD TABLE AS removed_lines
  FOR EACH STATEMENT EXECUTE FUNCTION hoppa_order_lines_removed();
CREATE TRIGGER order_lines_count_update AFTER UPDATE OF order_id ON order_lines
  FOR EACH ROW WHEN (OLD.order_id IS DISTINCT FROM NEW.order_id) EXECUTE FUNCTION hoppa_order_line_moved();

-- The open list pages oldest first by (placed_at, id) across every organisation a picker sees.
CREATE INDEX orders_open_placed_idx ON orders (placed_at, id) WHERE status = 'open';
