-- Hot reads (issue 8 §3; docs/decisions/0067-pick-list-from-open-totals.md). The pick list's window usually reaches
-- back to the oldest open order (the backlog is the window), and its items were the sum of every pick_item_days row
-- of the window: days × products, about 15,000 rows per request at 100,000 open orders over 14 days.
--
-- pick_item_totals keeps the same numbers without the day: pieces still to pick and order lines per organisation,
-- product, pick location (NULL: none assigned) and single/multi-line flag. It moves with pick_item_days in the same
-- statement: every change of pick_item_days goes through hoppa_pick_items_apply (migrations 0090, 0330; the trigger
-- functions of migration 0355 call it), which now applies the same signed contributions to both tables. So a pick,
-- an import, a cancellation request, an edit or a shipment moves both when it commits, and a rollback neither. The
-- pick list reads the totals less the days outside its window when those are fewer than the days inside it.

-- No write may move pick_item_days between the function's new body and the totals' first fill below (an API process
-- still running the old body during a rolling start would otherwise leave its change out of the totals).
LOCK TABLE pick_item_days IN EXCLUSIVE MODE;

CREATE TABLE pick_item_totals (
  org_id char(24) NOT NULL REFERENCES organisations(id),
  product_id char(24) NOT NULL,
  location_id char(24),
  multi boolean NOT NULL,
  -- Pieces still to pick (sum of quantity - picked_quantity) and the order lines behind them.
  qty integer NOT NULL,
  lines integer NOT NULL
);
CREATE UNIQUE INDEX pick_item_totals_key ON pick_item_totals (org_id, product_id, location_id, multi)
  NULLS NOT DISTINCT;

-- As hoppa_pick_items_apply of migration 0330 (signed per-line contributions added to pick_item_days in key order,
-- rows that reached zero dropped), and the same contributions without the day added to pick_item_totals, also in key
-- order. Every caller takes the pick_item_days rows first and the pick_item_totals rows second, so two transactions
-- never wait for each other's rows of the two tables in opposite orders within one statement.
CREATE OR REPLACE FUNCTION hoppa_pick_items_apply(
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

  WITH d AS (
    SELECT * FROM unnest(d_org, d_product, d_loc, d_multi, d_qty, d_lines)
      AS x(org_id, product_id, location_id, multi, qty, lines)
  )
  INSERT INTO pick_item_totals AS p (org_id, product_id, location_id, multi, qty, lines)
  SELECT org_id, product_id, location_id, multi, sum(qty)::int, sum(lines)::int
  FROM d
  GROUP BY org_id, product_id, location_id, multi
  HAVING sum(qty) <> 0 OR sum(lines) <> 0
  ORDER BY org_id, product_id, location_id, multi
  ON CONFLICT (org_id, product_id, location_id, multi)
  DO UPDATE SET qty = p.qty + EXCLUDED.qty, lines = p.lines + EXCLUDED.lines;
  DELETE FROM pick_item_totals p
  USING (SELECT DISTINCT * FROM unnest(d_org, d_product, d_loc, d_multi)
           AS x(org_id, product_id, location_id, multi)) d
  WHERE p.org_id = d.org_id AND p.product_id = d.product_id
    AND p.location_id IS NOT DISTINCT FROM d.location_id AND p.multi = d.multi AND p.lines <= 0;
END;
$$;

-- The totals from the aggregate as it stands (which the tests compare with the lines after every kind of write).
INSERT INTO pick_item_totals (org_id, product_id, location_id, multi, qty, lines)
SELECT org_id, product_id, location_id, multi, sum(qty)::int, sum(lines)::int
FROM pick_item_days
GROUP BY 1, 2, 3, 4;
