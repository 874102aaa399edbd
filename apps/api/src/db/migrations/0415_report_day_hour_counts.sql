-- The dashboard's orders chart and the pack reports from maintained counts (issue 8 "every list stays within its budget
-- at 100,000 orders"; docs/decisions/0098-dashboard-and-pack-reports-from-kept-counts.md). At 100,000 orders the home
-- dashboard's `GET /report/orders_per_day` counted every order and shipment of its 30 days per request (an index-only
-- scan of 200,000 orders and a seq scan of 100,000 shipments, each bucketed per row), and `GET /report/pack` and
-- `/report/pack_details` joined every shipment of the range to all orders; their answers are 30 days and 24 hours.
-- Triggers now keep, in the same transaction as the write (as pick_item_days, ADR 0032, and the invoice's day rows,
-- ADR 0058):
--   * order_place_days  per organisation and Amsterdam day: the orders placed that day (every status);
--   * shipment_hours    per organisation, hour, packer (shipments.shipped_by, NULL: none) and the order's type: the
--                       shipments made. The hour is the UTC hour's start: Amsterdam's offsets are whole hours, so
--                       every shipment of one row lies in one Amsterdam hour and one Amsterdam day.
-- Signed additions (a removed row counts -1), rows that come back to 0 are dropped, so a table equals its recount.
-- Every writer is covered: inserts and deletes per statement (an import chunk, a bulk seed: one grouped pass), moves of
-- an order's placed_at or organisation, of a shipment's moment, organisation, packer or order, and a change of an
-- order's type (its shipments move to the new type) per row, only when such a column changes.

CREATE TABLE order_place_days (
  org_id char(24) NOT NULL REFERENCES organisations(id),
  day date NOT NULL,
  orders integer NOT NULL,
  PRIMARY KEY (org_id, day) INCLUDE (orders)
);

CREATE TABLE shipment_hours (
  org_id char(24) NOT NULL REFERENCES organisations(id),
  -- Start of the UTC hour of the shipments' created_at.
  hour timestamptz NOT NULL,
  shipped_by char(24),
  order_type text NOT NULL,
  shipments integer NOT NULL
);
CREATE UNIQUE INDEX shipment_hours_key ON shipment_hours (org_id, hour, shipped_by, order_type)
  INCLUDE (shipments) NULLS NOT DISTINCT;

-- The start of the UTC hour of a moment, whatever the session's time zone (date_trunc on a timestamptz truncates in
-- the session's zone, which need not have whole-hour offsets).
CREATE FUNCTION hoppa_utc_hour(t timestamptz) RETURNS timestamptz LANGUAGE sql IMMUTABLE AS $$
  SELECT date_trunc('hour', t AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'
$$;

-- Adds signed contributions (parallel arrays, one element per order and sign) to order_place_days in key order (two
-- transactions take the row locks in the same order), then, when something was subtracted, drops the days that came
-- back to 0 (an addition alone never leaves a 0: no row holds 0 before it).
CREATE FUNCTION hoppa_order_place_days_apply(d_org char(24)[], d_at timestamptz[], d_sign int[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF d_org IS NULL THEN
    RETURN;
  END IF;
  INSERT INTO order_place_days AS d (org_id, day, orders)
  SELECT org_id, hoppa_warehouse_day(at), sum(sign)::int
    FROM unnest(d_org, d_at, d_sign) AS x(org_id, at, sign)
   GROUP BY 1, 2
   ORDER BY 1, 2
  ON CONFLICT (org_id, day) DO UPDATE SET orders = d.orders + EXCLUDED.orders;
  IF NOT -1 = ANY(d_sign) THEN
    RETURN;
  END IF;
  DELETE FROM order_place_days d
   USING (SELECT DISTINCT org_id, hoppa_warehouse_day(at) AS day FROM unnest(d_org, d_at) AS x(org_id, at)) k
   WHERE d.org_id = k.org_id AND d.day = k.day AND d.orders = 0;
END;
$$;

-- The same for shipment_hours: one element per shipment and sign.
CREATE FUNCTION hoppa_shipment_hours_apply(
  d_org char(24)[], d_at timestamptz[], d_by char(24)[], d_type text[], d_sign int[]
) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF d_org IS NULL THEN
    RETURN;
  END IF;
  INSERT INTO shipment_hours AS h (org_id, hour, shipped_by, order_type, shipments)
  SELECT org_id, hoppa_utc_hour(at), by_user, order_type, sum(sign)::int
    FROM unnest(d_org, d_at, d_by, d_type, d_sign) AS x(org_id, at, by_user, order_type, sign)
   GROUP BY 1, 2, 3, 4
   ORDER BY 1, 2, 3, 4
  ON CONFLICT (org_id, hour, shipped_by, order_type) DO UPDATE SET shipments = h.shipments + EXCLUDED.shipments;
  IF NOT -1 = ANY(d_sign) THEN
    RETURN;
  END IF;
  DELETE FROM shipment_hours h
   USING (SELECT DISTINCT org_id, hoppa_utc_hour(at) AS hour, by_user, order_type
            FROM unnest(d_org, d_at, d_by, d_type) AS x(org_id, at, by_user, order_type)) k
   WHERE h.org_id = k.org_id AND h.hour = k.hour AND h.shipped_by IS NOT DISTINCT FROM k.by_user
     AND h.order_type = k.order_type AND h.shipments = 0;
END;
$$;

CREATE FUNCTION hoppa_order_place_days_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM hoppa_order_place_days_apply(array_agg(org_id), array_agg(placed_at), array_agg(1)) FROM added_orders;
  RETURN NULL;
END;
$$;

CREATE FUNCTION hoppa_order_place_days_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM hoppa_order_place_days_apply(array_agg(org_id), array_agg(placed_at), array_agg(-1)) FROM removed_orders;
  RETURN NULL;
END;
$$;

-- An order moved to another day or organisation (the demo back-dates placed_at; a correction could).
CREATE FUNCTION hoppa_order_place_days_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM hoppa_order_place_days_apply(ARRAY[OLD.org_id, NEW.org_id], ARRAY[OLD.placed_at, NEW.placed_at],
                                       ARRAY[-1, 1]);
  RETURN NULL;
END;
$$;

-- An order's type changed: its shipments count for the new type from now on.
CREATE FUNCTION hoppa_shipment_hours_order_type() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM hoppa_shipment_hours_apply(array_agg(s.org_id), array_agg(s.created_at), array_agg(s.shipped_by),
                                     array_agg(t.order_type), array_agg(t.sign))
     FROM shipments s
    CROSS JOIN (VALUES (OLD.order_type, -1), (NEW.order_type, 1)) AS t(order_type, sign)
    WHERE s.order_id = NEW.id;
  RETURN NULL;
END;
$$;

-- The statement's shipments with their orders' types, each read by primary key (a scalar subquery, so the plan PL/pgSQL
-- keeps for the connection is the same for one parcel and for a bulk insert: no join for the planner to size by the
-- first statement's transition table, migration 0355; cheaper than planning it per statement through EXECUTE).
CREATE FUNCTION hoppa_shipment_hours_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM hoppa_shipment_hours_apply(array_agg(s.org_id), array_agg(s.created_at), array_agg(s.shipped_by),
                                     array_agg((SELECT o.order_type FROM orders o WHERE o.id = s.order_id)),
                                     array_agg(1))
     FROM added_shipments s;
  RETURN NULL;
END;
$$;

CREATE FUNCTION hoppa_shipment_hours_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM hoppa_shipment_hours_apply(array_agg(s.org_id), array_agg(s.created_at), array_agg(s.shipped_by),
                                     array_agg((SELECT o.order_type FROM orders o WHERE o.id = s.order_id)),
                                     array_agg(-1))
     FROM removed_shipments s;
  RETURN NULL;
END;
$$;

CREATE FUNCTION hoppa_shipment_hours_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM hoppa_shipment_hours_apply(ARRAY[OLD.org_id, NEW.org_id], ARRAY[OLD.created_at, NEW.created_at],
                                     ARRAY[OLD.shipped_by, NEW.shipped_by],
                                     ARRAY[(SELECT order_type FROM orders WHERE id = OLD.order_id),
                                           (SELECT order_type FROM orders WHERE id = NEW.order_id)],
                                     ARRAY[-1, 1]);
  RETURN NULL;
END;
$$;

CREATE TRIGGER orders_place_days_insert AFTER INSERT ON orders
  REFERENCING NEW TABLE AS added_orders
  FOR EACH STATEMENT EXECUTE FUNCTION hoppa_order_place_days_added();
CREATE TRIGGER orders_place_days_delete AFTER DELETE ON orders
  REFERENCING OLD TABLE AS removed_orders
  FOR EACH STATEMENT EXECUTE FUNCTION hoppa_order_place_days_removed();
CREATE TRIGGER orders_place_days_update AFTER UPDATE OF org_id, placed_at ON orders
  FOR EACH ROW WHEN (OLD.org_id IS DISTINCT FROM NEW.org_id OR OLD.placed_at IS DISTINCT FROM NEW.placed_at)
  EXECUTE FUNCTION hoppa_order_place_days_moved();
CREATE TRIGGER orders_shipment_hours_type AFTER UPDATE OF order_type ON orders
  FOR EACH ROW WHEN (OLD.order_type IS DISTINCT FROM NEW.order_type)
  EXECUTE FUNCTION hoppa_shipment_hours_order_type();
-- Shipments are deleted before their order (the foreign key), so a removed shipment still finds its order's type.
CREATE TRIGGER shipments_hours_insert AFTER INSERT ON shipments
  REFERENCING NEW TABLE AS added_shipments
  FOR EACH STATEMENT EXECUTE FUNCTION hoppa_shipment_hours_added();
CREATE TRIGGER shipments_hours_delete AFTER DELETE ON shipments
  REFERENCING OLD TABLE AS removed_shipments
  FOR EACH STATEMENT EXECUTE FUNCTION hoppa_shipment_hours_removed();
CREATE TRIGGER shipments_hours_update AFTER UPDATE OF org_id, created_at, shipped_by, order_id ON shipments
  FOR EACH ROW WHEN (OLD.org_id IS DISTINCT FROM NEW.org_id OR OLD.created_at IS DISTINCT FROM NEW.created_at
                     OR OLD.shipped_by IS DISTINCT FROM NEW.shipped_by OR OLD.order_id IS DISTINCT FROM NEW.order_id)
  EXECUTE FUNCTION hoppa_shipment_hours_moved();

-- The first fill, after the triggers exist: creating them locked both tables against writes until this migration
-- commits, so no write falls between the fill and the triggers.
INSERT INTO order_place_days (org_id, day, orders)
SELECT org_id, hoppa_warehouse_day(placed_at), count(*)::int FROM orders GROUP BY 1, 2;

INSERT INTO shipment_hours (org_id, hour, shipped_by, order_type, shipments)
SELECT s.org_id, hoppa_utc_hour(s.created_at), s.shipped_by, o.order_type, count(*)::int
  FROM shipments s JOIN orders o ON o.id = s.order_id
 GROUP BY 1, 2, 3, 4;
