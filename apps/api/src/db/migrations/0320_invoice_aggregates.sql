-- The invoice from maintained aggregates (issue 16 item 4; docs/decisions/0058-invoice-aggregates.md). The invoice of
-- a month with 100,000 orders recomputed storage from the month's ledger rows and the charges from every order's
-- lines per request (9–100 s). Triggers now keep, in the same transaction as the write:
--   * stock_days          per organisation, product, location and Amsterdam day with ledger rows: the day's net change
--                         and its highest running sum (what decides "stock > 0 at any moment of the day");
--   * storage_occupancy   per organisation, product and location, the intervals of Amsterdam days [from_day, to_day)
--                         on which it held stock; to_day is 'infinity' while it still does (days without movement are
--                         covered by the interval, so no row per day is written);
--   * stock_move_days     per organisation and day: pieces in (check-in, return), out (pick) and transfers;
--   * order_charges       per shipped order: box, method and packaging cost, surcharges (integer cents, the prices at
--                         shipping time) and its lines and pieces; order_surcharge_charges its surcharges.
-- Every writer is covered (the services, imports, hand-written SQL of tests, the demo's back-dating), like
-- pick_item_days (ADR 0032).

CREATE TABLE stock_days (
  org_id char(24) NOT NULL,
  product_id char(24) NOT NULL,
  location_id char(24) NOT NULL,
  day date NOT NULL,
  -- Sum of the day's ledger rows, and the highest running sum after one of them (at least 0), rows in moment order.
  net integer NOT NULL,
  hi integer NOT NULL,
  PRIMARY KEY (org_id, product_id, location_id, day) INCLUDE (net)
);

CREATE TABLE storage_occupancy (
  org_id char(24) NOT NULL,
  product_id char(24) NOT NULL,
  location_id char(24) NOT NULL,
  from_day date NOT NULL,
  to_day date NOT NULL,
  PRIMARY KEY (org_id, product_id, location_id, from_day),
  CHECK (to_day > from_day)
);
-- An invoice reads the intervals that end after its first day (the open ones end at 'infinity').
CREATE INDEX storage_occupancy_org_to_idx ON storage_occupancy (org_id, to_day)
  INCLUDE (from_day, product_id, location_id);

CREATE TABLE stock_move_days (
  org_id char(24) NOT NULL,
  day date NOT NULL,
  inbounds integer NOT NULL,
  outbounds integer NOT NULL,
  transfers integer NOT NULL,
  PRIMARY KEY (org_id, day)
);

-- Recomputes the aggregates of the (organisation, product, location, day) keys a statement touched: the days' rows of
-- stock_days from their ledger rows, then each pair's intervals from its earliest touched day on (the balance before
-- it is the sum of the earlier days). Pairs are locked first (transaction advisory locks in key order), so the
-- recomputation of a pair by two transactions never interleaves: the second one reads after the first committed.
CREATE FUNCTION hoppa_storage_refresh(d_org char(24)[], d_product char(24)[], d_loc char(24)[], d_day date[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF d_org IS NULL THEN
    RETURN;
  END IF;
  PERFORM pg_advisory_xact_lock(k)
     FROM (SELECT DISTINCT hashtextextended('storage:' || p || l, 0) AS k
             FROM unnest(d_product, d_loc) AS x(p, l) ORDER BY 1) x;

  DELETE FROM stock_days s
   USING (SELECT DISTINCT * FROM unnest(d_org, d_product, d_loc, d_day) AS x(org_id, product_id, location_id, day)) a
   WHERE s.org_id = a.org_id AND s.product_id = a.product_id AND s.location_id = a.location_id AND s.day = a.day;
  INSERT INTO stock_days (org_id, product_id, location_id, day, net, hi)
  SELECT a.org_id, a.product_id, a.location_id, a.day, r.net, r.hi
    FROM (SELECT DISTINCT * FROM unnest(d_org, d_product, d_loc, d_day) AS x(org_id, product_id, location_id, day)) a
    CROSS JOIN LATERAL (
      SELECT count(*) AS n, coalesce(sum(z.q), 0)::int AS net, greatest(0, coalesce(max(z.run), 0))::int AS hi
        FROM (
          SELECT m.quantity AS q, sum(m.quantity) OVER (ORDER BY m.created_at, m.id) AS run
            FROM stock_mutations m
           WHERE m.product_id = a.product_id AND m.location_id = a.location_id AND m.org_id = a.org_id
             AND m.created_at >= (a.day::timestamp AT TIME ZONE 'Europe/Amsterdam')
             AND m.created_at < ((a.day + 1)::timestamp AT TIME ZONE 'Europe/Amsterdam')
        ) z
    ) r
   WHERE r.n > 0
   ORDER BY 1, 2, 3, 4;

  WITH ap AS (
    SELECT org_id, product_id, location_id, min(day) AS d
      FROM unnest(d_org, d_product, d_loc, d_day) AS x(org_id, product_id, location_id, day)
     GROUP BY 1, 2, 3
  ),
  ob AS (
    SELECT ap.*, coalesce((
      SELECT sum(s.net) FROM stock_days s
       WHERE s.org_id = ap.org_id AND s.product_id = ap.product_id AND s.location_id = ap.location_id AND s.day < ap.d
    ), 0)::int AS open
      FROM ap
  ),
  gone AS (
    DELETE FROM storage_occupancy o USING ap
     WHERE o.org_id = ap.org_id AND o.product_id = ap.product_id AND o.location_id = ap.location_id
       AND o.to_day >= ap.d
    RETURNING o.org_id, o.product_id, o.location_id, o.from_day, o.to_day, ap.d
  ),
  dr AS (
    SELECT s.org_id, s.product_id, s.location_id, s.day, s.hi,
           ob.open + sum(s.net) OVER w - s.net AS open_i,
           ob.open + sum(s.net) OVER w AS close_i,
           coalesce(lead(s.day) OVER w, date 'infinity') AS next_day
      FROM ob
      JOIN stock_days s ON s.org_id = ob.org_id AND s.product_id = ob.product_id AND s.location_id = ob.location_id
                       AND s.day >= ob.d
    WINDOW w AS (PARTITION BY s.org_id, s.product_id, s.location_id ORDER BY s.day)
  ),
  firsts AS (SELECT org_id, product_id, location_id, min(day) AS first FROM dr GROUP BY 1, 2, 3),
  seg AS (
    -- What stays of the intervals before the first touched day.
    SELECT org_id, product_id, location_id, from_day AS f, least(to_day, d) AS t FROM gone WHERE from_day < d
    UNION ALL
    -- From the first touched day to its first day with rows (or on), when the balance then was positive.
    SELECT ob.org_id, ob.product_id, ob.location_id, ob.d, coalesce(f.first, date 'infinity')
      FROM ob LEFT JOIN firsts f USING (org_id, product_id, location_id)
     WHERE ob.open > 0 AND coalesce(f.first, date 'infinity') > ob.d
    UNION ALL
    -- A day with rows: occupied when the balance was positive at its start or after one of its rows.
    SELECT org_id, product_id, location_id, day, day + 1 FROM dr WHERE open_i + hi > 0
    UNION ALL
    -- The days without rows after it carry its closing balance.
    SELECT org_id, product_id, location_id, day + 1, next_day FROM dr WHERE close_i > 0 AND next_day > day + 1
  ),
  marked AS (
    SELECT *, max(t) OVER (PARTITION BY org_id, product_id, location_id ORDER BY f, t
                           ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS prev_t
      FROM seg
  ),
  islands AS (
    SELECT *, sum(CASE WHEN prev_t IS NULL OR f > prev_t THEN 1 ELSE 0 END)
                OVER (PARTITION BY org_id, product_id, location_id ORDER BY f, t) AS grp
      FROM marked
  )
  INSERT INTO storage_occupancy (org_id, product_id, location_id, from_day, to_day)
  SELECT org_id, product_id, location_id, min(f), max(t)
    FROM islands
   GROUP BY org_id, product_id, location_id, grp
   ORDER BY 1, 2, 3, 4;
END;
$$;

-- Pieces in, out and moved per organisation and day: signed additions (old rows count -1), so concurrent writers
-- only add to the row; a day that comes back to nothing loses its row (as the backfill would not write it).
CREATE FUNCTION hoppa_stock_moves_apply(
  d_org char(24)[], d_at timestamptz[], d_qty int[], d_reason text[], d_sign int[]
) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF d_org IS NULL THEN
    RETURN;
  END IF;
  INSERT INTO stock_move_days AS s (org_id, day, inbounds, outbounds, transfers)
  SELECT org_id, hoppa_warehouse_day(at),
         sum(sign * CASE WHEN reason IN ('checkin', 'return') AND qty > 0 THEN qty ELSE 0 END)::int,
         sum(sign * CASE WHEN reason = 'pick' THEN -qty ELSE 0 END)::int,
         sum(sign * CASE WHEN reason = 'transfer' AND qty > 0 THEN 1 ELSE 0 END)::int
    FROM unnest(d_org, d_at, d_qty, d_reason, d_sign) AS x(org_id, at, qty, reason, sign)
   GROUP BY 1, 2
   ORDER BY 1, 2
  ON CONFLICT (org_id, day) DO UPDATE
     SET inbounds = s.inbounds + EXCLUDED.inbounds, outbounds = s.outbounds + EXCLUDED.outbounds,
         transfers = s.transfers + EXCLUDED.transfers;
  DELETE FROM stock_move_days s
   USING (SELECT DISTINCT org_id, hoppa_warehouse_day(at) AS day FROM unnest(d_org, d_at) AS x(org_id, at)) d
   WHERE s.org_id = d.org_id AND s.day = d.day AND s.inbounds = 0 AND s.outbounds = 0 AND s.transfers = 0;
END;
$$;

CREATE FUNCTION hoppa_storage_ledger_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM hoppa_storage_refresh(array_agg(org_id), array_agg(product_id), array_agg(location_id),
                                array_agg(hoppa_warehouse_day(created_at)))
     FROM added_rows WHERE location_id IS NOT NULL;
  PERFORM hoppa_stock_moves_apply(array_agg(org_id), array_agg(created_at), array_agg(quantity), array_agg(reason),
                                  array_agg(1))
     FROM added_rows WHERE location_id IS NOT NULL;
  RETURN NULL;
END;
$$;

CREATE FUNCTION hoppa_storage_ledger_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM hoppa_storage_refresh(array_agg(org_id), array_agg(product_id), array_agg(location_id),
                                array_agg(hoppa_warehouse_day(created_at)))
     FROM removed_rows WHERE location_id IS NOT NULL;
  PERFORM hoppa_stock_moves_apply(array_agg(org_id), array_agg(created_at), array_agg(quantity), array_agg(reason),
                                  array_agg(-1))
     FROM removed_rows WHERE location_id IS NOT NULL;
  RETURN NULL;
END;
$$;

-- An update (the demo back-dates moments; a correction could move a row): the old keys and the new ones.
CREATE FUNCTION hoppa_storage_ledger_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM hoppa_storage_refresh(array_agg(org_id), array_agg(product_id), array_agg(location_id), array_agg(day))
     FROM (
       SELECT org_id, product_id, location_id, hoppa_warehouse_day(created_at) AS day
         FROM old_rows WHERE location_id IS NOT NULL
       UNION ALL
       SELECT org_id, product_id, location_id, hoppa_warehouse_day(created_at)
         FROM new_rows WHERE location_id IS NOT NULL
     ) x;
  PERFORM hoppa_stock_moves_apply(array_agg(org_id), array_agg(created_at), array_agg(quantity), array_agg(reason),
                                  array_agg(sign))
     FROM (
       SELECT org_id, created_at, quantity, reason, -1 AS sign FROM old_rows WHERE location_id IS NOT NULL
       UNION ALL
       SELECT org_id, created_at, quantity, reason, 1 FROM new_rows WHERE location_id IS NOT NULL
     ) x;
  RETURN NULL;
END;
$$;

CREATE TRIGGER stock_mutations_storage_insert AFTER INSERT ON stock_mutations
  REFERENCING NEW TABLE AS added_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hoppa_storage_ledger_added();
CREATE TRIGGER stock_mutations_storage_delete AFTER DELETE ON stock_mutations
  REFERENCING OLD TABLE AS removed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hoppa_storage_ledger_removed();
CREATE TRIGGER stock_mutations_storage_update AFTER UPDATE ON stock_mutations
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hoppa_storage_ledger_changed();

-- Backfill from the existing ledger.
SELECT hoppa_storage_refresh(array_agg(org_id), array_agg(product_id), array_agg(location_id), array_agg(day))
  FROM (SELECT DISTINCT org_id, product_id, location_id, hoppa_warehouse_day(created_at) AS day
          FROM stock_mutations WHERE location_id IS NOT NULL) x;
SELECT hoppa_stock_moves_apply(array_agg(org_id), array_agg(created_at), array_agg(quantity), array_agg(reason),
                               array_agg(1))
  FROM stock_mutations WHERE location_id IS NOT NULL;

-- Charges per shipped order, at the prices of its shipping (box fulfilment and packaging cost, the method's price,
-- the surcharges of its lines: docs/decisions/0052-invoices.md), integer cents.
CREATE TABLE order_charges (
  order_id char(24) PRIMARY KEY REFERENCES orders(id) ON DELETE CASCADE,
  org_id char(24) NOT NULL,
  shipped_at timestamptz NOT NULL,
  box_id char(24),
  method_id char(24),
  lines integer NOT NULL,
  pieces integer NOT NULL,
  fulfilment_cents integer NOT NULL,
  method_cents integer NOT NULL,
  packaging_cents integer NOT NULL,
  surcharge_cents integer NOT NULL
);
-- A period's totals as an index-only sum, its pages as an index range.
CREATE INDEX order_charges_org_shipped_idx ON order_charges (org_id, shipped_at, order_id)
  INCLUDE (fulfilment_cents, method_cents, packaging_cents, surcharge_cents);

-- The surcharges of a shipped order: per surcharge its type, quantity (1 per order, per line or per piece), price and
-- cents; `store` ones with quantity 1 and 0 cents (charged once per period by the invoice).
CREATE TABLE order_surcharge_charges (
  order_id char(24) NOT NULL REFERENCES order_charges(order_id) ON DELETE CASCADE,
  surcharge_id char(24) NOT NULL,
  org_id char(24) NOT NULL,
  shipped_at timestamptz NOT NULL,
  type text NOT NULL,
  quantity integer NOT NULL,
  price_cents integer NOT NULL,
  cents integer NOT NULL,
  PRIMARY KEY (order_id, surcharge_id)
);
CREATE INDEX order_surcharge_charges_org_shipped_idx ON order_surcharge_charges (org_id, shipped_at)
  INCLUDE (surcharge_id, type, quantity, price_cents, cents);

-- Rewrites the charges of the given orders from the order, its lines and the current prices: a shipped order gets its
-- row, any other none.
CREATE FUNCTION hoppa_order_charges_refresh(ids char(24)[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN
    RETURN;
  END IF;
  DELETE FROM order_charges WHERE order_id = ANY(ids);
  INSERT INTO order_charges (order_id, org_id, shipped_at, box_id, method_id, lines, pieces, fulfilment_cents,
                             method_cents, packaging_cents, surcharge_cents)
  SELECT o.id, o.org_id, o.shipped_at, o.selected_box_id, o.selected_ship_method_id,
         coalesce(l.lines, 0), coalesce(l.pieces, 0), coalesce(bx.price_cents, 0), coalesce(sm.price_cents, 0),
         coalesce(bx.package_cost_cents, 0), 0
    FROM orders o
    LEFT JOIN shipment_boxes bx ON bx.id = o.selected_box_id
    LEFT JOIN shipment_methods sm ON sm.id = o.selected_ship_method_id
    LEFT JOIN LATERAL (
      SELECT count(*)::int AS lines, sum(x.quantity)::int AS pieces FROM order_lines x WHERE x.order_id = o.id
    ) l ON true
   WHERE o.id = ANY(ids) AND o.status = 'shipped' AND o.shipped_at IS NOT NULL
   ORDER BY o.id;
  INSERT INTO order_surcharge_charges (order_id, surcharge_id, org_id, shipped_at, type, quantity, price_cents, cents)
  SELECT c.order_id, s.id, c.org_id, c.shipped_at, s.type, q.quantity, s.price_cents,
         CASE WHEN s.type = 'store' THEN 0 ELSE q.quantity * s.price_cents END
    FROM order_charges c
    CROSS JOIN LATERAL (
      SELECT ps.surcharge_id, count(*)::int AS lines, sum(l.quantity)::int AS pieces
        FROM order_lines l JOIN product_surcharges ps ON ps.product_id = l.product_id AND ps.org_id = l.org_id
       WHERE l.order_id = c.order_id
       GROUP BY 1
    ) sl
    JOIN surcharges s ON s.id = sl.surcharge_id AND s.active
    CROSS JOIN LATERAL (
      SELECT CASE s.type WHEN 'order' THEN 1 WHEN 'store' THEN 1 WHEN 'order-line' THEN sl.lines ELSE sl.pieces END
             AS quantity
    ) q
   WHERE c.order_id = ANY(ids)
   ORDER BY 1, 2;
  UPDATE order_charges c SET surcharge_cents = x.cents
    FROM (SELECT order_id, sum(cents)::int AS cents FROM order_surcharge_charges WHERE order_id = ANY(ids) GROUP BY 1) x
   WHERE c.order_id = x.order_id AND x.cents <> 0;
END;
$$;

-- Orders inserted as shipped (imports of history, tests, the benchmark).
CREATE FUNCTION hoppa_order_charges_orders_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM hoppa_order_charges_refresh(array_agg(id)) FROM added_orders WHERE status = 'shipped';
  RETURN NULL;
END;
$$;

-- Shipping (status, moment, box, method) and unshipping.
CREATE FUNCTION hoppa_order_charges_order_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM hoppa_order_charges_refresh(ARRAY[NEW.id]);
  RETURN NULL;
END;
$$;

-- Lines of a shipped order added, changed or removed (rare: a correction). The orders are locked first, so two
-- rewrites of one order's charges queue.
CREATE FUNCTION hoppa_order_charges_lines_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids char(24)[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT x.order_id) INTO ids FROM new_lines x;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT x.order_id) INTO ids FROM old_lines x;
  ELSE
    SELECT array_agg(DISTINCT x.order_id) INTO ids FROM (SELECT order_id FROM old_lines UNION SELECT order_id FROM new_lines) x;
  END IF;
  SELECT array_agg(o.id) INTO ids FROM (
    SELECT o.id FROM orders o WHERE o.id = ANY(ids) AND o.status = 'shipped' ORDER BY o.id FOR NO KEY UPDATE
  ) o;
  PERFORM hoppa_order_charges_refresh(ids);
  RETURN NULL;
END;
$$;

CREATE TRIGGER orders_charges_insert AFTER INSERT ON orders
  REFERENCING NEW TABLE AS added_orders
  FOR EACH STATEMENT EXECUTE FUNCTION hoppa_order_charges_orders_added();
CREATE TRIGGER orders_charges_update
  AFTER UPDATE OF status, shipped_at, selected_box_id, selected_ship_method_id ON orders
  FOR EACH ROW WHEN ((OLD.status = 'shipped' OR NEW.status = 'shipped') AND (
    OLD.status IS DISTINCT FROM NEW.status OR OLD.shipped_at IS DISTINCT FROM NEW.shipped_at
    OR OLD.selected_box_id IS DISTINCT FROM NEW.selected_box_id
    OR OLD.selected_ship_method_id IS DISTINCT FROM NEW.selected_ship_method_id))
  EXECUTE FUNCTION hoppa_order_charges_order_changed();
CREATE TRIGGER order_lines_charges_insert AFTER INSERT ON order_lines
  REFERENCING NEW TABLE AS new_lines
  FOR EACH STATEMENT EXECUTE FUNCTION hoppa_order_charges_lines_changed();
CREATE TRIGGER order_lines_charges_delete AFTER DELETE ON order_lines
  REFERENCING OLD TABLE AS old_lines
  FOR EACH STATEMENT EXECUTE FUNCTION hoppa_order_charges_lines_changed();
CREATE TRIGGER order_lines_charges_update AFTER UPDATE ON order_lines
  REFERENCING OLD TABLE AS old_lines NEW TABLE AS new_lines
  FOR EACH STATEMENT EXECUTE FUNCTION hoppa_order_charges_lines_changed();

-- The period's totals from day rows (at most 92 read per invoice) instead of summing its orders: per organisation and
-- Amsterdam day of shipping, the shipped orders and their cents; per surcharge too. Kept by triggers on the charge
-- tables (signed additions, so concurrent shipments only add to the row; rows that reach 0 orders are dropped). An
-- invoice page deep in the month also finds its day here and skips only within it.
CREATE TABLE order_charge_days (
  org_id char(24) NOT NULL,
  day date NOT NULL,
  orders integer NOT NULL,
  fulfilment_cents bigint NOT NULL,
  method_cents bigint NOT NULL,
  packaging_cents bigint NOT NULL,
  surcharge_cents bigint NOT NULL,
  PRIMARY KEY (org_id, day)
);
CREATE TABLE order_surcharge_days (
  org_id char(24) NOT NULL,
  day date NOT NULL,
  surcharge_id char(24) NOT NULL,
  type text NOT NULL,
  orders integer NOT NULL,
  quantity bigint NOT NULL,
  cents bigint NOT NULL,
  PRIMARY KEY (org_id, day, surcharge_id)
);

-- Adds signed per-order contributions (parallel arrays) to the day rows in key order, then drops emptied rows.
CREATE FUNCTION hoppa_order_charge_days_apply(
  d_org char(24)[], d_at timestamptz[], d_sign int[], d_f int[], d_m int[], d_p int[], d_s int[]
) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF d_org IS NULL THEN
    RETURN;
  END IF;
  INSERT INTO order_charge_days AS x (org_id, day, orders, fulfilment_cents, method_cents, packaging_cents,
                                      surcharge_cents)
  SELECT org_id, hoppa_warehouse_day(at), sum(sign), sum(sign * f), sum(sign * m), sum(sign * p), sum(sign * s)
    FROM unnest(d_org, d_at, d_sign, d_f, d_m, d_p, d_s) AS d(org_id, at, sign, f, m, p, s)
   GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (org_id, day) DO UPDATE
     SET orders = x.orders + EXCLUDED.orders, fulfilment_cents = x.fulfilment_cents + EXCLUDED.fulfilment_cents,
         method_cents = x.method_cents + EXCLUDED.method_cents,
         packaging_cents = x.packaging_cents + EXCLUDED.packaging_cents,
         surcharge_cents = x.surcharge_cents + EXCLUDED.surcharge_cents;
  DELETE FROM order_charge_days x
   USING (SELECT DISTINCT org_id, hoppa_warehouse_day(at) AS day FROM unnest(d_org, d_at) AS d(org_id, at)) d
   WHERE x.org_id = d.org_id AND x.day = d.day AND x.orders <= 0;
END;
$$;

CREATE FUNCTION hoppa_order_charge_days_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM hoppa_order_charge_days_apply(array_agg(org_id), array_agg(shipped_at), array_agg(1),
      array_agg(fulfilment_cents), array_agg(method_cents), array_agg(packaging_cents), array_agg(surcharge_cents))
      FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM hoppa_order_charge_days_apply(array_agg(org_id), array_agg(shipped_at), array_agg(-1),
      array_agg(fulfilment_cents), array_agg(method_cents), array_agg(packaging_cents), array_agg(surcharge_cents))
      FROM old_rows;
  ELSE
    PERFORM hoppa_order_charge_days_apply(array_agg(org_id), array_agg(shipped_at), array_agg(sign),
      array_agg(fulfilment_cents), array_agg(method_cents), array_agg(packaging_cents), array_agg(surcharge_cents))
      FROM (SELECT *, -1 AS sign FROM old_rows UNION ALL SELECT *, 1 FROM new_rows) x;
  END IF;
  RETURN NULL;
END;
$$;

CREATE FUNCTION hoppa_order_surcharge_days_apply(
  d_org char(24)[], d_at timestamptz[], d_sid char(24)[], d_type text[], d_sign int[], d_q int[], d_c int[]
) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF d_org IS NULL THEN
    RETURN;
  END IF;
  INSERT INTO order_surcharge_days AS x (org_id, day, surcharge_id, type, orders, quantity, cents)
  SELECT org_id, hoppa_warehouse_day(at), sid, min(type), sum(sign), sum(sign * q), sum(sign * c)
    FROM unnest(d_org, d_at, d_sid, d_type, d_sign, d_q, d_c) AS d(org_id, at, sid, type, sign, q, c)
   GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (org_id, day, surcharge_id) DO UPDATE
     SET orders = x.orders + EXCLUDED.orders, quantity = x.quantity + EXCLUDED.quantity,
         cents = x.cents + EXCLUDED.cents;
  DELETE FROM order_surcharge_days x
   USING (SELECT DISTINCT org_id, hoppa_warehouse_day(at) AS day, sid
            FROM unnest(d_org, d_at, d_sid) AS d(org_id, at, sid)) d
   WHERE x.org_id = d.org_id AND x.day = d.day AND x.surcharge_id = d.sid AND x.orders <= 0;
END;
$$;

CREATE FUNCTION hoppa_order_surcharge_days_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM hoppa_order_surcharge_days_apply(array_agg(org_id), array_agg(shipped_at), array_agg(surcharge_id),
      array_agg(type), array_agg(1), array_agg(quantity), array_agg(cents))
      FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM hoppa_order_surcharge_days_apply(array_agg(org_id), array_agg(shipped_at), array_agg(surcharge_id),
      array_agg(type), array_agg(-1), array_agg(quantity), array_agg(cents))
      FROM old_rows;
  ELSE
    PERFORM hoppa_order_surcharge_days_apply(array_agg(org_id), array_agg(shipped_at), array_agg(surcharge_id),
      array_agg(type), array_agg(sign), array_agg(quantity), array_agg(cents))
      FROM (SELECT *, -1 AS sign FROM old_rows UNION ALL SELECT *, 1 FROM new_rows) x;
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER order_charges_days_insert AFTER INSERT ON order_charges
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hoppa_order_charge_days_changed();
CREATE TRIGGER order_charges_days_delete AFTER DELETE ON order_charges
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION hoppa_order_charge_days_changed();
CREATE TRIGGER order_charges_days_update AFTER UPDATE ON order_charges
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hoppa_order_charge_days_changed();
CREATE TRIGGER order_surcharge_days_insert AFTER INSERT ON order_surcharge_charges
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hoppa_order_surcharge_days_changed();
CREATE TRIGGER order_surcharge_days_delete AFTER DELETE ON order_surcharge_charges
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION hoppa_order_surcharge_days_changed();
CREATE TRIGGER order_surcharge_days_update AFTER UPDATE ON order_surcharge_charges
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hoppa_order_surcharge_days_changed();

-- Backfill: every shipped order.
SELECT hoppa_order_charges_refresh(array_agg(id)) FROM orders WHERE status = 'shipped';

