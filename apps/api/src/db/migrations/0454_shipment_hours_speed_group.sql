-- The delivery-performance header from kept counts (issue 8: "every list … stays within its budget at 100,000 orders";
-- spec 1 §2 Shipments header, §7 `GET /orders/perform/{start}/{end}`; ADR 0130). The header counted every shipment of
-- its period by speed group (an index-only range of shipments_org_group_created per group: 100,000 entries and ≈ 40 ms
-- of database CPU for the route sweep's 14 days, growing with the parcels). The kept shipment hours of migration 0415
-- (per organisation, UTC hour, packer and order type) now also carry the shipments' speed group (migration 0405's
-- generated column), so the header sums the period's whole hours and reads only its two edge slices from the
-- shipments, as the pack reports do (ADR 0098). Keyed by packer as before: a packer's new parcels queue only on their
-- own rows; a tracking update moves one parcel between two groups of its hour.

ALTER TABLE shipment_hours ADD COLUMN speed_group text NOT NULL DEFAULT 'not_sorted';
DROP INDEX shipment_hours_key;
CREATE UNIQUE INDEX shipment_hours_key ON shipment_hours (org_id, hour, shipped_by, order_type, speed_group)
  INCLUDE (shipments) NULLS NOT DISTINCT;

-- The triggers' functions first (they call the apply function by its new arguments), then the old apply function.
CREATE FUNCTION hoppa_shipment_hours_apply(
  d_org char(24)[], d_at timestamptz[], d_by char(24)[], d_type text[], d_group text[], d_sign int[]
) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF d_org IS NULL THEN
    RETURN;
  END IF;
  INSERT INTO shipment_hours AS h (org_id, hour, shipped_by, order_type, speed_group, shipments)
  SELECT org_id, hoppa_utc_hour(at), by_user, order_type, speed_group, sum(sign)::int
    FROM unnest(d_org, d_at, d_by, d_type, d_group, d_sign) AS x(org_id, at, by_user, order_type, speed_group, sign)
   GROUP BY 1, 2, 3, 4, 5
   ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (org_id, hour, shipped_by, order_type, speed_group)
  DO UPDATE SET shipments = h.shipments + EXCLUDED.shipments;
  IF NOT -1 = ANY(d_sign) THEN
    RETURN;
  END IF;
  DELETE FROM shipment_hours h
   USING (SELECT DISTINCT org_id, hoppa_utc_hour(at) AS hour, by_user, order_type, speed_group
            FROM unnest(d_org, d_at, d_by, d_type, d_group) AS x(org_id, at, by_user, order_type, speed_group)) k
   WHERE h.org_id = k.org_id AND h.hour = k.hour AND h.shipped_by IS NOT DISTINCT FROM k.by_user
     AND h.order_type = k.order_type AND h.speed_group = k.speed_group AND h.shipments = 0;
END;
$$;

CREATE OR REPLACE FUNCTION hoppa_shipment_hours_order_type() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM hoppa_shipment_hours_apply(array_agg(s.org_id), array_agg(s.created_at), array_agg(s.shipped_by),
                                     array_agg(t.order_type), array_agg(s.speed_group), array_agg(t.sign))
     FROM shipments s
    CROSS JOIN (VALUES (OLD.order_type, -1), (NEW.order_type, 1)) AS t(order_type, sign)
    WHERE s.order_id = NEW.id;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE FUNCTION hoppa_shipment_hours_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM hoppa_shipment_hours_apply(array_agg(s.org_id), array_agg(s.created_at), array_agg(s.shipped_by),
                                     array_agg((SELECT o.order_type FROM orders o WHERE o.id = s.order_id)),
                                     array_agg(s.speed_group), array_agg(1))
     FROM added_shipments s;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE FUNCTION hoppa_shipment_hours_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM hoppa_shipment_hours_apply(array_agg(s.org_id), array_agg(s.created_at), array_agg(s.shipped_by),
                                     array_agg((SELECT o.order_type FROM orders o WHERE o.id = s.order_id)),
                                     array_agg(s.speed_group), array_agg(-1))
     FROM removed_shipments s;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE FUNCTION hoppa_shipment_hours_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM hoppa_shipment_hours_apply(ARRAY[OLD.org_id, NEW.org_id], ARRAY[OLD.created_at, NEW.created_at],
                                     ARRAY[OLD.shipped_by, NEW.shipped_by],
                                     ARRAY[(SELECT order_type FROM orders WHERE id = OLD.order_id),
                                           (SELECT order_type FROM orders WHERE id = NEW.order_id)],
                                     ARRAY[OLD.speed_group, NEW.speed_group],
                                     ARRAY[-1, 1]);
  RETURN NULL;
END;
$$;

DROP FUNCTION hoppa_shipment_hours_apply(char(24)[], timestamptz[], char(24)[], text[], int[]);

-- A parcel handed over or delivered changes its speed group (the generated column of migration 0405 reads
-- handed_over_at, delivered_at and created_at): the row trigger now also fires for those, and only when a key moved.
DROP TRIGGER shipments_hours_update ON shipments;
CREATE TRIGGER shipments_hours_update
  AFTER UPDATE OF org_id, created_at, shipped_by, order_id, handed_over_at, delivered_at ON shipments
  FOR EACH ROW WHEN (OLD.org_id IS DISTINCT FROM NEW.org_id OR OLD.created_at IS DISTINCT FROM NEW.created_at
                     OR OLD.shipped_by IS DISTINCT FROM NEW.shipped_by OR OLD.order_id IS DISTINCT FROM NEW.order_id
                     OR OLD.speed_group IS DISTINCT FROM NEW.speed_group)
  EXECUTE FUNCTION hoppa_shipment_hours_moved();

-- The counts again with the group, after the triggers: dropping and creating the trigger locked shipments against
-- writes until this migration commits, so no write falls between the refill and the triggers.
DELETE FROM shipment_hours;
INSERT INTO shipment_hours (org_id, hour, shipped_by, order_type, speed_group, shipments)
SELECT s.org_id, hoppa_utc_hour(s.created_at), s.shipped_by, o.order_type, s.speed_group, count(*)::int
  FROM shipments s JOIN orders o ON o.id = s.order_id
 GROUP BY 1, 2, 3, 4, 5;
