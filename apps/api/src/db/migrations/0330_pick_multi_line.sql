-- Hot reads (issue 8, docs/decisions/0060-pick-list-without-per-request-counting.md): the pick list's single- and
-- multi-line filters (spec 2 §2: orders of one line, orders of more) read the maintained aggregate instead of
-- counting the window's lines per request.
--
-- Each order line carries whether its order has more than one line (`order_multi`, i.e. orders.line_count > 1), and
-- pick_item_days keeps single- and multi-line lines apart (`multi` in its key). When an order's line count crosses
-- 1 ↔ 2 its other lines are updated in the same statement's transaction, and the existing statement trigger on
-- order_lines (migration 0090) moves them between the two aggregate rows. Writers that know the count (the order
-- import) give the flag themselves, so the correction touches no row.

ALTER TABLE order_lines ADD COLUMN order_multi boolean NOT NULL DEFAULT false;
UPDATE order_lines l SET order_multi = true FROM orders o WHERE o.id = l.order_id AND o.line_count > 1;

-- The aggregate gets the flag in its key; rebuilt from the lines below.
DROP INDEX pick_item_days_key;
ALTER TABLE pick_item_days ADD COLUMN multi boolean NOT NULL DEFAULT false;
CREATE UNIQUE INDEX pick_item_days_key ON pick_item_days (org_id, placed_day, product_id, location_id, multi)
  NULLS NOT DISTINCT;

-- As hoppa_pick_items_apply of migration 0090, with the flag: signed per-line contributions added in key order (two
-- transactions lock rows in the same order), rows that reached zero dropped.
CREATE FUNCTION hoppa_pick_items_apply(
  d_org char(24)[], d_day date[], d_product char(24)[], d_loc char(24)[], d_multi boolean[], d_qty int[],
  d_lines int[]
) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF d_org IS NULL THEN
    RETURN;
  END IF;
  WITH d AS (
    SELECT * FROM unnest(d_org, d_day, d_product, d_loc, d_multi, d_qty, d_lines)
      AS x(org_id, placed_day, product_id, location_id, multi, qty, lines)
  )
  INSERT INTO pick_item_days AS p (org_id, placed_day, product_id, location_id, multi, qty, lines)
  SELECT org_id, placed_day, product_id, location_id, multi, sum(qty)::int, sum(lines)::int
  FROM d
  GROUP BY org_id, placed_day, product_id, location_id, multi
  HAVING sum(qty) <> 0 OR sum(lines) <> 0
  ORDER BY org_id, placed_day, product_id, location_id, multi
  ON CONFLICT (org_id, placed_day, product_id, location_id, multi)
  DO UPDATE SET qty = p.qty + EXCLUDED.qty, lines = p.lines + EXCLUDED.lines;
  DELETE FROM pick_item_days p
  USING (SELECT DISTINCT * FROM unnest(d_org, d_day, d_product, d_loc, d_multi)
           AS x(org_id, placed_day, product_id, location_id, multi)) d
  WHERE p.org_id = d.org_id AND p.placed_day = d.placed_day AND p.product_id = d.product_id
    AND p.location_id IS NOT DISTINCT FROM d.location_id AND p.multi = d.multi AND p.lines <= 0;
END;
$$;

CREATE OR REPLACE FUNCTION hoppa_pick_lines_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM hoppa_pick_items_apply(array_agg(org_id), array_agg(placed_day), array_agg(product_id),
                                 array_agg(location_id), array_agg(multi), array_agg(qty), array_agg(lines))
  FROM (
  SELECT l.org_id, hoppa_warehouse_day(o.placed_at) AS placed_day, l.product_id, l.pick_location_id AS location_id,
         l.order_multi AS multi, l.quantity - l.picked_quantity AS qty, 1 AS lines
  FROM added_lines l JOIN orders o ON o.id = l.order_id
  WHERE o.status = 'open' AND NOT l.cancellation_request AND l.picked_quantity < l.quantity
  ) d;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE FUNCTION hoppa_pick_lines_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM hoppa_pick_items_apply(array_agg(org_id), array_agg(placed_day), array_agg(product_id),
                                 array_agg(location_id), array_agg(multi), array_agg(qty), array_agg(lines))
  FROM (
  SELECT l.org_id, hoppa_warehouse_day(o.placed_at) AS placed_day, l.product_id, l.pick_location_id AS location_id,
         l.order_multi AS multi, -(l.quantity - l.picked_quantity) AS qty, -1 AS lines
  FROM removed_lines l JOIN orders o ON o.id = l.order_id
  WHERE o.status = 'open' AND NOT l.cancellation_request AND l.picked_quantity < l.quantity
  ) d;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE FUNCTION hoppa_pick_lines_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM hoppa_pick_items_apply(array_agg(org_id), array_agg(placed_day), array_agg(product_id),
                                 array_agg(location_id), array_agg(multi), array_agg(qty), array_agg(lines))
  FROM (
  SELECT l.org_id, hoppa_warehouse_day(o.placed_at) AS placed_day, l.product_id, l.pick_location_id AS location_id,
         l.order_multi AS multi, -(l.quantity - l.picked_quantity) AS qty, -1 AS lines
  FROM old_lines l JOIN orders o ON o.id = l.order_id
  WHERE o.status = 'open' AND NOT l.cancellation_request AND l.picked_quantity < l.quantity
  UNION ALL
  SELECT l.org_id, hoppa_warehouse_day(o.placed_at), l.product_id, l.pick_location_id, l.order_multi,
         l.quantity - l.picked_quantity, 1
  FROM new_lines l JOIN orders o ON o.id = l.order_id
  WHERE o.status = 'open' AND NOT l.cancellation_request AND l.picked_quantity < l.quantity
  ) d;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE FUNCTION hoppa_pick_order_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM hoppa_pick_items_apply(array_agg(org_id), array_agg(placed_day), array_agg(product_id),
                                 array_agg(location_id), array_agg(multi), array_agg(qty), array_agg(lines))
  FROM (
  SELECT l.org_id, hoppa_warehouse_day(OLD.placed_at) AS placed_day, l.product_id, l.pick_location_id AS location_id,
         l.order_multi AS multi, -(l.quantity - l.picked_quantity) AS qty, -1 AS lines
  FROM order_lines l
  WHERE OLD.status = 'open' AND l.order_id = OLD.id AND NOT l.cancellation_request AND l.picked_quantity < l.quantity
  UNION ALL
  SELECT l.org_id, hoppa_warehouse_day(NEW.placed_at), l.product_id, l.pick_location_id, l.order_multi,
         l.quantity - l.picked_quantity, 1
  FROM order_lines l
  WHERE NEW.status = 'open' AND l.order_id = NEW.id AND NOT l.cancellation_request AND l.picked_quantity < l.quantity
  ) d;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE FUNCTION hoppa_pick_order_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status = 'open' THEN
    PERFORM hoppa_pick_items_apply(array_agg(org_id), array_agg(placed_day), array_agg(product_id),
                                   array_agg(location_id), array_agg(multi), array_agg(qty), array_agg(lines))
    FROM (
    SELECT l.org_id, hoppa_warehouse_day(OLD.placed_at) AS placed_day, l.product_id,
           l.pick_location_id AS location_id, l.order_multi AS multi, -(l.quantity - l.picked_quantity) AS qty,
           -1 AS lines
    FROM order_lines l
    WHERE l.order_id = OLD.id AND NOT l.cancellation_request AND l.picked_quantity < l.quantity
    ) d;
  END IF;
  RETURN OLD;
END;
$$;

DROP FUNCTION hoppa_pick_items_apply(char(24)[], date[], char(24)[], char(24)[], int[], int[]);

-- The flag follows the order's line count. These triggers are named to fire after every other trigger of the same
-- event on order_lines (PostgreSQL fires them in name order): the line count (order_lines_count_*) is then already
-- updated and the lines of this statement are already in the aggregate (order_lines_pick_*), so the correcting
-- UPDATE moves existing aggregate rows only (-old flag, +new flag through order_lines_pick_update).
CREATE FUNCTION hoppa_order_lines_multi_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE order_lines l SET order_multi = (o.line_count > 1)
  FROM orders o
  WHERE o.id IN (SELECT DISTINCT order_id FROM added_lines) AND l.order_id = o.id
    AND l.order_multi IS DISTINCT FROM (o.line_count > 1);
  RETURN NULL;
END;
$$;
CREATE FUNCTION hoppa_order_lines_multi_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE order_lines l SET order_multi = (o.line_count > 1)
  FROM orders o
  WHERE o.id IN (SELECT DISTINCT order_id FROM removed_lines) AND l.order_id = o.id
    AND l.order_multi IS DISTINCT FROM (o.line_count > 1);
  RETURN NULL;
END;
$$;
-- A line moved to another order (the API never does this): a statement trigger on UPDATE OF order_id cannot have
-- transition tables, so it corrects every line whose flag is off. Picks and other updates do not fire it.
CREATE FUNCTION hoppa_order_lines_multi_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE order_lines l SET order_multi = (o.line_count > 1)
  FROM orders o
  WHERE l.order_id = o.id AND l.order_multi IS DISTINCT FROM (o.line_count > 1);
  RETURN NULL;
END;
$$;
CREATE TRIGGER order_lines_zz_multi_insert AFTER INSERT ON order_lines
  REFERENCING NEW TABLE AS added_lines
  FOR EACH STATEMENT EXECUTE FUNCTION hoppa_order_lines_multi_added();
CREATE TRIGGER order_lines_zz_multi_delete AFTER DELETE ON order_lines
  REFERENCING OLD TABLE AS removed_lines
  FOR EACH STATEMENT EXECUTE FUNCTION hoppa_order_lines_multi_removed();
CREATE TRIGGER order_lines_zz_multi_moved AFTER UPDATE OF order_id ON order_lines
  FOR EACH STATEMENT EXECUTE FUNCTION hoppa_order_lines_multi_moved();

-- The aggregate again from the lines, now split by the flag.
DELETE FROM pick_item_days;
INSERT INTO pick_item_days (org_id, placed_day, product_id, location_id, multi, qty, lines)
SELECT l.org_id, hoppa_warehouse_day(o.placed_at), l.product_id, l.pick_location_id, l.order_multi,
       sum(l.quantity - l.picked_quantity)::int, count(*)::int
FROM order_lines l JOIN orders o ON o.id = l.order_id
WHERE o.status = 'open' AND NOT l.cancellation_request AND l.picked_quantity < l.quantity
GROUP BY 1, 2, 3, 4, 5;

-- A round with the single/multi filter stays an index-only range (the flag among the included columns).
DROP INDEX order_lines_pick_round_idx;
CREATE INDEX order_lines_pick_round_idx ON order_lines (product_id, pick_location_id, placed_at, id)
  INCLUDE (order_id, org_id, quantity, picked_quantity, order_multi)
  WHERE picked_quantity < quantity AND order_open AND NOT cancellation_request;
