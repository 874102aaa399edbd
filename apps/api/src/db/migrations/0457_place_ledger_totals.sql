-- Each place's ledger total kept (ADR 0130): the sum of the ledger rows (`stock_mutations`) of a product on a location,
-- added to by the ledger's own triggers in the writing statement's transaction. The warehouse map's ledger check (a
-- bin whose stock differs from its ledger) summed the place's rows (thousands a year for a picked product), then its
-- kept day rows (one per day with movement); now it reads one row, whatever the place's history.

CREATE TABLE place_ledger (
  org_id char(24) NOT NULL,
  product_id char(24) NOT NULL,
  location_id char(24) NOT NULL,
  total integer NOT NULL,
  PRIMARY KEY (product_id, location_id, org_id) INCLUDE (total)
);

-- Signed additions in key order: concurrent writers of one place only add to its row (they already queue on the place's
-- link and its storage lock before this).
CREATE FUNCTION hoppa_place_ledger_apply(d_org char(24)[], d_product char(24)[], d_loc char(24)[], d_qty int[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF d_org IS NULL THEN
    RETURN;
  END IF;
  INSERT INTO place_ledger AS p (org_id, product_id, location_id, total)
  SELECT org_id, product_id, location_id, sum(qty)::int
    FROM unnest(d_org, d_product, d_loc, d_qty) AS x(org_id, product_id, location_id, qty)
   GROUP BY 1, 2, 3
   ORDER BY 2, 3, 1
  ON CONFLICT (product_id, location_id, org_id) DO UPDATE SET total = p.total + EXCLUDED.total;
END;
$$;

-- No ledger write between the fill below and the triggers' new bodies.
LOCK TABLE stock_mutations IN SHARE ROW EXCLUSIVE MODE;

CREATE OR REPLACE FUNCTION hoppa_storage_ledger_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM hoppa_storage_refresh(array_agg(org_id), array_agg(product_id), array_agg(location_id),
                                array_agg(hoppa_warehouse_day(created_at)))
     FROM added_rows WHERE location_id IS NOT NULL;
  PERFORM hoppa_stock_moves_apply(array_agg(org_id), array_agg(created_at), array_agg(quantity), array_agg(reason),
                                  array_agg(1))
     FROM added_rows WHERE location_id IS NOT NULL;
  PERFORM hoppa_place_ledger_apply(array_agg(org_id), array_agg(product_id), array_agg(location_id), array_agg(quantity))
     FROM added_rows WHERE location_id IS NOT NULL;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE FUNCTION hoppa_storage_ledger_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM hoppa_storage_refresh(array_agg(org_id), array_agg(product_id), array_agg(location_id),
                                array_agg(hoppa_warehouse_day(created_at)))
     FROM removed_rows WHERE location_id IS NOT NULL;
  PERFORM hoppa_stock_moves_apply(array_agg(org_id), array_agg(created_at), array_agg(quantity), array_agg(reason),
                                  array_agg(-1))
     FROM removed_rows WHERE location_id IS NOT NULL;
  PERFORM hoppa_place_ledger_apply(array_agg(org_id), array_agg(product_id), array_agg(location_id),
                                   array_agg(-quantity))
     FROM removed_rows WHERE location_id IS NOT NULL;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE FUNCTION hoppa_storage_ledger_changed() RETURNS trigger LANGUAGE plpgsql AS $$
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
  PERFORM hoppa_place_ledger_apply(array_agg(org_id), array_agg(product_id), array_agg(location_id), array_agg(qty))
     FROM (
       SELECT org_id, product_id, location_id, -quantity AS qty FROM old_rows WHERE location_id IS NOT NULL
       UNION ALL
       SELECT org_id, product_id, location_id, quantity FROM new_rows WHERE location_id IS NOT NULL
     ) x;
  RETURN NULL;
END;
$$;

INSERT INTO place_ledger (org_id, product_id, location_id, total)
SELECT org_id, product_id, location_id, sum(quantity)::int
  FROM stock_mutations WHERE location_id IS NOT NULL
 GROUP BY 1, 2, 3;
