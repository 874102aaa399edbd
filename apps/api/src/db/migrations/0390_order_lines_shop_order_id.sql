-- Hot reads (issue 8 §3, docs/decisions/0077-pick-round-shop-number-on-the-line.md): the pick list shows the first
-- PICK_ITEM_LIST_ORDERS lines of every item's round with their order's shop number, and `GET /pick_list/orders/…`
-- a whole round with them. Each of those lines looked its order up by primary key for that one text (600 look-ups
-- for a page of 200 items, half of the round statement's buffers). Each line now carries its order's shop number
-- (`orders.order_id`), kept equal by the triggers below in the same transaction, and the pick round index holds it,
-- so a round is read from that one index without visiting any order.
ALTER TABLE order_lines ADD COLUMN shop_order_id text;
-- Filling the new column changes nothing the other order-line triggers keep (pick aggregates, line counts, charges),
-- so they are off for this one statement; the ALTER TABLE lock keeps every other writer out meanwhile.
ALTER TABLE order_lines DISABLE TRIGGER USER;
UPDATE order_lines l SET shop_order_id = o.order_id FROM orders o WHERE o.id = l.order_id;
ALTER TABLE order_lines ENABLE TRIGGER USER;

-- A new line takes its order's shop number. Writers that know it (the order import) give it themselves, so the
-- trigger costs them nothing (as `placed_at`, migration 0090). The column stays nullable only so the order form's
-- and the other writers' inserts need not name it: after this trigger no line is without it.
CREATE FUNCTION hoppa_order_line_shop_order_id() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT o.order_id INTO NEW.shop_order_id FROM orders o WHERE o.id = NEW.order_id;
  RETURN NEW;
END;
$$;
CREATE TRIGGER order_lines_shop_order_id BEFORE INSERT ON order_lines
  FOR EACH ROW WHEN (NEW.shop_order_id IS NULL) EXECUTE FUNCTION hoppa_order_line_shop_order_id();
-- A line moved to another order (the API never does this) takes that order's number.
CREATE TRIGGER order_lines_shop_order_id_moved BEFORE UPDATE OF order_id ON order_lines
  FOR EACH ROW WHEN (OLD.order_id IS DISTINCT FROM NEW.order_id) EXECUTE FUNCTION hoppa_order_line_shop_order_id();

-- An order renumbered: its lines follow. Row-level with a WHEN clause, so other order updates cost nothing.
CREATE FUNCTION hoppa_order_shop_order_id_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE order_lines SET shop_order_id = NEW.order_id WHERE order_id = NEW.id;
  RETURN NULL;
END;
$$;
CREATE TRIGGER orders_shop_order_id_lines AFTER UPDATE OF order_id ON orders
  FOR EACH ROW WHEN (OLD.order_id IS DISTINCT FROM NEW.order_id) EXECUTE FUNCTION hoppa_order_shop_order_id_changed();

-- The round of an item, shop numbers included, from the index alone (migrations 0310, 0330).
DROP INDEX order_lines_pick_round_idx;
CREATE INDEX order_lines_pick_round_idx ON order_lines (product_id, pick_location_id, placed_at, id)
  INCLUDE (order_id, org_id, quantity, picked_quantity, order_multi, shop_order_id)
  WHERE picked_quantity < quantity AND order_open AND NOT cancellation_request;
