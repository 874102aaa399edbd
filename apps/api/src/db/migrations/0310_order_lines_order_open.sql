-- Hot reads (issue 8, docs/decisions/0054-pick-rounds-on-demand.md): a pick item's round (its oldest open order lines,
-- at most PICK_ITEM_MAX_ORDERS) is read from one index range per item without visiting each line's order. Each line
-- carries whether its order is open, kept by triggers in the same transaction as the order's status, and the pick
-- index holds only lines still to pick of open orders without a cancellation request, with the columns the round needs.
ALTER TABLE order_lines ADD COLUMN order_open boolean NOT NULL DEFAULT true;
UPDATE order_lines l SET order_open = false FROM orders o WHERE o.id = l.order_id AND o.status <> 'open';

-- New lines default to open (the import and the order form add lines to open orders); lines added to an order that
-- is not open are corrected once per statement, not looked up per row.
CREATE FUNCTION hoppa_order_lines_open_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE order_lines l SET order_open = false
  FROM added_lines a JOIN orders o ON o.id = a.order_id
  WHERE l.id = a.id AND o.status <> 'open' AND l.order_open;
  RETURN NULL;
END;
$$;
CREATE TRIGGER order_lines_open_insert AFTER INSERT ON order_lines
  REFERENCING NEW TABLE AS added_lines
  FOR EACH STATEMENT EXECUTE FUNCTION hoppa_order_lines_open_added();

-- A line moved to another order takes that order's state (the API never does this; the flag must not drift).
CREATE FUNCTION hoppa_order_line_open_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT o.status = 'open' INTO NEW.order_open FROM orders o WHERE o.id = NEW.order_id;
  RETURN NEW;
END;
$$;
CREATE TRIGGER order_lines_open_moved BEFORE UPDATE OF order_id ON order_lines
  FOR EACH ROW WHEN (OLD.order_id IS DISTINCT FROM NEW.order_id) EXECUTE FUNCTION hoppa_order_line_open_moved();

-- An order opened or closed (shipped, cancelled, reopened): its lines follow. Row-level with a WHEN clause, so
-- updates that keep it open or keep it closed cost nothing.
CREATE FUNCTION hoppa_order_open_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE order_lines SET order_open = (NEW.status = 'open')
  WHERE order_id = NEW.id AND order_open IS DISTINCT FROM (NEW.status = 'open');
  RETURN NULL;
END;
$$;
CREATE TRIGGER orders_open_lines AFTER UPDATE OF status ON orders
  FOR EACH ROW WHEN ((OLD.status = 'open') IS DISTINCT FROM (NEW.status = 'open'))
  EXECUTE FUNCTION hoppa_order_open_changed();

-- The round of an item: one range per (product, pick location) in pick order, answered from the index.
DROP INDEX order_lines_open_product_idx;
CREATE INDEX order_lines_pick_round_idx ON order_lines (product_id, pick_location_id, placed_at, id)
  INCLUDE (order_id, org_id, quantity, picked_quantity)
  WHERE picked_quantity < quantity AND order_open AND NOT cancellation_request;
