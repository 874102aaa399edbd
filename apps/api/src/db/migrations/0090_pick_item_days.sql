-- The pick list from a maintained aggregate (issue 8, docs/architecture.md "Hot reads"). Every order line still to
-- pick (order open, no cancellation request, picked_quantity < quantity) counts in one row per organisation,
-- Amsterdam day the order was placed, product and assigned pick location (NULL: the line has none; the pick list
-- resolves it per product when it reads). Triggers keep it in the same transaction as the order lines and orders,
-- so a pick, an import, a cancellation request or a shipment moves the numbers when it commits, and a rollback
-- leaves them as they were. The pick list reads the rows of its window's days (and corrects the two edge days
-- from the lines), never every open line.
CREATE TABLE pick_item_days (
  org_id char(24) NOT NULL REFERENCES organisations(id),
  placed_day date NOT NULL,
  product_id char(24) NOT NULL,
  location_id char(24),
  -- Pieces still to pick (sum of quantity - picked_quantity) and the order lines behind them.
  qty integer NOT NULL,
  lines integer NOT NULL
);
CREATE UNIQUE INDEX pick_item_days_key ON pick_item_days (org_id, placed_day, product_id, location_id)
  NULLS NOT DISTINCT;

-- The Amsterdam day of a moment: the pick list's windows are warehouse days (spec 2 §2 pick filters).
CREATE FUNCTION hoppa_warehouse_day(t timestamptz) RETURNS date LANGUAGE sql IMMUTABLE AS $$
  SELECT (t AT TIME ZONE 'Europe/Amsterdam')::date
$$;

-- Adds signed per-line contributions (parallel arrays: one element per line and sign) to the aggregate in key
-- order (so two transactions take the row locks in the same order), then drops the rows that reached zero.
CREATE FUNCTION hoppa_pick_items_apply(
  d_org char(24)[], d_day date[], d_product char(24)[], d_loc char(24)[], d_qty int[], d_lines int[]
) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF d_org IS NULL THEN
    RETURN;
  END IF;
  WITH d AS (
    SELECT * FROM unnest(d_org, d_day, d_product, d_loc, d_qty, d_lines)
      AS x(org_id, placed_day, product_id, location_id, qty, lines)
  )
  INSERT INTO pick_item_days AS p (org_id, placed_day, product_id, location_id, qty, lines)
  SELECT org_id, placed_day, product_id, location_id, sum(qty)::int, sum(lines)::int
  FROM d
  GROUP BY org_id, placed_day, product_id, location_id
  HAVING sum(qty) <> 0 OR sum(lines) <> 0
  ORDER BY org_id, placed_day, product_id, location_id
  ON CONFLICT (org_id, placed_day, product_id, location_id)
  DO UPDATE SET qty = p.qty + EXCLUDED.qty, lines = p.lines + EXCLUDED.lines;
  DELETE FROM pick_item_days p
  USING (SELECT DISTINCT * FROM unnest(d_org, d_day, d_product, d_loc) AS x(org_id, placed_day, product_id, location_id)) d
  WHERE p.org_id = d.org_id AND p.placed_day = d.placed_day AND p.product_id = d.product_id
    AND p.location_id IS NOT DISTINCT FROM d.location_id AND p.lines <= 0;
END;
$$;

CREATE FUNCTION hoppa_pick_lines_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM hoppa_pick_items_apply(array_agg(org_id), array_agg(placed_day), array_agg(product_id),
                                 array_agg(location_id), array_agg(qty), array_agg(lines))
  FROM (
  SELECT l.org_id, hoppa_warehouse_day(o.placed_at) AS placed_day, l.product_id, l.pick_location_id AS location_id,
         l.quantity - l.picked_quantity AS qty, 1 AS lines
  FROM added_lines l JOIN orders o ON o.id = l.order_id
  WHERE o.status = 'open' AND NOT l.cancellation_request AND l.picked_quantity < l.quantity
  ) d;
  RETURN NULL;
END;
$$;

-- Lines deleted with their order are taken out by the order's own trigger (the order is gone here).
CREATE FUNCTION hoppa_pick_lines_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM hoppa_pick_items_apply(array_agg(org_id), array_agg(placed_day), array_agg(product_id),
                                 array_agg(location_id), array_agg(qty), array_agg(lines))
  FROM (
  SELECT l.org_id, hoppa_warehouse_day(o.placed_at) AS placed_day, l.product_id, l.pick_location_id AS location_id,
         -(l.quantity - l.picked_quantity) AS qty, -1 AS lines
  FROM removed_lines l JOIN orders o ON o.id = l.order_id
  WHERE o.status = 'open' AND NOT l.cancellation_request AND l.picked_quantity < l.quantity
  ) d;
  RETURN NULL;
END;
$$;

-- Picks, cancellation requests, quantity and pick-location changes: take out what the old lines counted, add what
-- the new ones count.
CREATE FUNCTION hoppa_pick_lines_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM hoppa_pick_items_apply(array_agg(org_id), array_agg(placed_day), array_agg(product_id),
                                 array_agg(location_id), array_agg(qty), array_agg(lines))
  FROM (
  SELECT l.org_id, hoppa_warehouse_day(o.placed_at) AS placed_day, l.product_id, l.pick_location_id AS location_id,
         -(l.quantity - l.picked_quantity) AS qty, -1 AS lines
  FROM old_lines l JOIN orders o ON o.id = l.order_id
  WHERE o.status = 'open' AND NOT l.cancellation_request AND l.picked_quantity < l.quantity
  UNION ALL
  SELECT l.org_id, hoppa_warehouse_day(o.placed_at), l.product_id, l.pick_location_id,
         l.quantity - l.picked_quantity, 1
  FROM new_lines l JOIN orders o ON o.id = l.order_id
  WHERE o.status = 'open' AND NOT l.cancellation_request AND l.picked_quantity < l.quantity
  ) d;
  RETURN NULL;
END;
$$;

-- An order shipped, cancelled or reopened, or placed on another day: its lines leave or join the aggregate. Row-level
-- with a WHEN clause, so the many updates that change neither (line counts, labels, notes) cost nothing.
CREATE FUNCTION hoppa_pick_order_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM hoppa_pick_items_apply(array_agg(org_id), array_agg(placed_day), array_agg(product_id),
                                 array_agg(location_id), array_agg(qty), array_agg(lines))
  FROM (
  SELECT l.org_id, hoppa_warehouse_day(OLD.placed_at) AS placed_day, l.product_id, l.pick_location_id AS location_id,
         -(l.quantity - l.picked_quantity) AS qty, -1 AS lines
  FROM order_lines l
  WHERE OLD.status = 'open' AND l.order_id = OLD.id AND NOT l.cancellation_request AND l.picked_quantity < l.quantity
  UNION ALL
  SELECT l.org_id, hoppa_warehouse_day(NEW.placed_at), l.product_id, l.pick_location_id,
         l.quantity - l.picked_quantity, 1
  FROM order_lines l
  WHERE NEW.status = 'open' AND l.order_id = NEW.id AND NOT l.cancellation_request AND l.picked_quantity < l.quantity
  ) d;
  RETURN NULL;
END;
$$;

-- An order deleted: its lines still exist before the delete (the cascade removes them after).
CREATE FUNCTION hoppa_pick_order_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status = 'open' THEN
    PERFORM hoppa_pick_items_apply(array_agg(org_id), array_agg(placed_day), array_agg(product_id),
                                 array_agg(location_id), array_agg(qty), array_agg(lines))
  FROM (
    SELECT l.org_id, hoppa_warehouse_day(OLD.placed_at) AS placed_day, l.product_id,
           l.pick_location_id AS location_id, -(l.quantity - l.picked_quantity) AS qty, -1 AS lines
    FROM order_lines l
    WHERE l.order_id = OLD.id AND NOT l.cancellation_request AND l.picked_quantity < l.quantity
    ) d;
  END IF;
  RETURN OLD;
END;
$$;

CREATE TRIGGER order_lines_pick_insert AFTER INSERT ON order_lines
  REFERENCING NEW TABLE AS added_lines
  FOR EACH STATEMENT EXECUTE FUNCTION hoppa_pick_lines_added();
CREATE TRIGGER order_lines_pick_delete AFTER DELETE ON order_lines
  REFERENCING OLD TABLE AS removed_lines
  FOR EACH STATEMENT EXECUTE FUNCTION hoppa_pick_lines_removed();
CREATE TRIGGER order_lines_pick_update AFTER UPDATE ON order_lines
  REFERENCING OLD TABLE AS old_lines NEW TABLE AS new_lines
  FOR EACH STATEMENT EXECUTE FUNCTION hoppa_pick_lines_changed();
CREATE TRIGGER orders_pick_update AFTER UPDATE OF status, placed_at ON orders
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.placed_at IS DISTINCT FROM NEW.placed_at)
  EXECUTE FUNCTION hoppa_pick_order_changed();
CREATE TRIGGER orders_pick_delete BEFORE DELETE ON orders
  FOR EACH ROW EXECUTE FUNCTION hoppa_pick_order_deleted();

INSERT INTO pick_item_days (org_id, placed_day, product_id, location_id, qty, lines)
SELECT l.org_id, hoppa_warehouse_day(o.placed_at), l.product_id, l.pick_location_id,
       sum(l.quantity - l.picked_quantity)::int, count(*)::int
FROM order_lines l JOIN orders o ON o.id = l.order_id
WHERE o.status = 'open' AND NOT l.cancellation_request AND l.picked_quantity < l.quantity
GROUP BY 1, 2, 3, 4;

-- The oldest orders of a page's item: each line carries its order's placed_at (kept equal by the triggers below;
-- writers that know it, like the order import, give it themselves), so the item's first PICK_ITEM_MAX_ORDERS lines
-- come from one index range per item instead of sorting every open line of the product.
ALTER TABLE order_lines ADD COLUMN placed_at timestamptz;
UPDATE order_lines l SET placed_at = o.placed_at FROM orders o WHERE o.id = l.order_id;
ALTER TABLE order_lines ALTER COLUMN placed_at SET NOT NULL;

CREATE FUNCTION hoppa_order_line_placed_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT o.placed_at INTO NEW.placed_at FROM orders o WHERE o.id = NEW.order_id;
  RETURN NEW;
END;
$$;
CREATE TRIGGER order_lines_placed_at BEFORE INSERT ON order_lines
  FOR EACH ROW WHEN (NEW.placed_at IS NULL) EXECUTE FUNCTION hoppa_order_line_placed_at();
CREATE TRIGGER order_lines_placed_at_moved BEFORE UPDATE OF order_id ON order_lines
  FOR EACH ROW WHEN (OLD.order_id IS DISTINCT FROM NEW.order_id) EXECUTE FUNCTION hoppa_order_line_placed_at();

CREATE FUNCTION hoppa_order_placed_at_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE order_lines SET placed_at = NEW.placed_at WHERE order_id = NEW.id;
  RETURN NULL;
END;
$$;
CREATE TRIGGER orders_placed_at_lines AFTER UPDATE OF placed_at ON orders
  FOR EACH ROW WHEN (OLD.placed_at IS DISTINCT FROM NEW.placed_at) EXECUTE FUNCTION hoppa_order_placed_at_moved();

CREATE INDEX order_lines_open_product_idx ON order_lines (product_id, pick_location_id, placed_at, id)
  WHERE picked_quantity < quantity;
