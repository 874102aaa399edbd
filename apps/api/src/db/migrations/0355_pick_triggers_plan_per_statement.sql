-- Order import speed (issue 8; docs/decisions/0066-order-import-write-path.md). PL/pgSQL caches the plan of a statement
-- without parameters on its first run in a connection and keeps it. The pick aggregate's statement triggers (migrations
-- 0090, 0330) read their transition table joined to orders in such a statement, so the plan was made for the row count
-- of the first write of the connection — typically one line (an order from the form, a pick) — and then reused for a
-- 10,000-line import: on PGlite (one connection for the whole server) the import's order_lines_pick_insert took
-- 345–477 ms per chunk of 620 lines instead of 25–48 ms, the whole import 27.5 CPU seconds instead of 3.4, growing
-- with the number of orders. The same SQL now runs through EXECUTE, planned for each statement's transition table
-- (a planning cost well under a millisecond). The bodies are those of migration 0330, unchanged otherwise: the
-- aggregate's contents do not change.

CREATE OR REPLACE FUNCTION hoppa_pick_lines_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE $q$
    SELECT hoppa_pick_items_apply(array_agg(org_id), array_agg(placed_day), array_agg(product_id),
                                  array_agg(location_id), array_agg(multi), array_agg(qty), array_agg(lines))
    FROM (
    SELECT l.org_id, hoppa_warehouse_day(o.placed_at) AS placed_day, l.product_id, l.pick_location_id AS location_id,
           l.order_multi AS multi, l.quantity - l.picked_quantity AS qty, 1 AS lines
    FROM added_lines l JOIN orders o ON o.id = l.order_id
    WHERE o.status = 'open' AND NOT l.cancellation_request AND l.picked_quantity < l.quantity
    ) d
  $q$;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE FUNCTION hoppa_pick_lines_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE $q$
    SELECT hoppa_pick_items_apply(array_agg(org_id), array_agg(placed_day), array_agg(product_id),
                                  array_agg(location_id), array_agg(multi), array_agg(qty), array_agg(lines))
    FROM (
    SELECT l.org_id, hoppa_warehouse_day(o.placed_at) AS placed_day, l.product_id, l.pick_location_id AS location_id,
           l.order_multi AS multi, -(l.quantity - l.picked_quantity) AS qty, -1 AS lines
    FROM removed_lines l JOIN orders o ON o.id = l.order_id
    WHERE o.status = 'open' AND NOT l.cancellation_request AND l.picked_quantity < l.quantity
    ) d
  $q$;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE FUNCTION hoppa_pick_lines_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE $q$
    SELECT hoppa_pick_items_apply(array_agg(org_id), array_agg(placed_day), array_agg(product_id),
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
    ) d
  $q$;
  RETURN NULL;
END;
$$;
