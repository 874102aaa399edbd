-- Each product's ledger per reason kept (ADR 0131): the pieces and the number of the ledger rows (`stock_mutations`) of
-- a product per reason, added to by triggers of the ledger in the writing statement's transaction. The product card's
-- stock analysis (spec 3 §7 `GET /stock/analysis/{org_id}/{ean}`) shows the whole ledger per reason beside the ledger's
-- total; it summed the product's every ledger row (thousands a year for a picked product), now it reads one row per
-- reason. All rows count, with or without a location, as the analysis's sum did.

CREATE TABLE reason_ledger (
  org_id char(24) NOT NULL,
  product_id char(24) NOT NULL,
  reason text NOT NULL,
  total integer NOT NULL,
  rows integer NOT NULL,
  PRIMARY KEY (product_id, reason, org_id) INCLUDE (total, rows)
);

-- Signed additions in key order (as hoppa_place_ledger_apply, migration 0457): concurrent writers only add to a row.
CREATE FUNCTION hoppa_reason_ledger_apply(d_org char(24)[], d_product char(24)[], d_reason text[], d_qty int[],
                                          d_rows int[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF d_org IS NULL THEN
    RETURN;
  END IF;
  INSERT INTO reason_ledger AS r (org_id, product_id, reason, total, rows)
  SELECT org_id, product_id, reason, sum(qty)::int, sum(n)::int
    FROM unnest(d_org, d_product, d_reason, d_qty, d_rows) AS x(org_id, product_id, reason, qty, n)
   GROUP BY 1, 2, 3
   ORDER BY 2, 3, 1
  ON CONFLICT (product_id, reason, org_id) DO UPDATE SET total = r.total + EXCLUDED.total, rows = r.rows + EXCLUDED.rows;
END;
$$;

CREATE FUNCTION hoppa_reason_ledger_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM hoppa_reason_ledger_apply(array_agg(org_id), array_agg(product_id), array_agg(reason), array_agg(quantity),
                                    array_agg(1))
     FROM added_rows;
  RETURN NULL;
END;
$$;

CREATE FUNCTION hoppa_reason_ledger_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM hoppa_reason_ledger_apply(array_agg(org_id), array_agg(product_id), array_agg(reason), array_agg(-quantity),
                                    array_agg(-1))
     FROM removed_rows;
  RETURN NULL;
END;
$$;

CREATE FUNCTION hoppa_reason_ledger_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM hoppa_reason_ledger_apply(array_agg(org_id), array_agg(product_id), array_agg(reason), array_agg(qty),
                                    array_agg(n))
     FROM (
       SELECT org_id, product_id, reason, -quantity AS qty, -1 AS n FROM old_rows
       UNION ALL
       SELECT org_id, product_id, reason, quantity, 1 FROM new_rows
     ) x;
  RETURN NULL;
END;
$$;

-- No ledger write between the fill below and the triggers.
LOCK TABLE stock_mutations IN SHARE ROW EXCLUSIVE MODE;

CREATE TRIGGER stock_mutations_reason_insert AFTER INSERT ON stock_mutations
  REFERENCING NEW TABLE AS added_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hoppa_reason_ledger_added();
CREATE TRIGGER stock_mutations_reason_delete AFTER DELETE ON stock_mutations
  REFERENCING OLD TABLE AS removed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hoppa_reason_ledger_removed();
CREATE TRIGGER stock_mutations_reason_update AFTER UPDATE ON stock_mutations
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hoppa_reason_ledger_changed();

INSERT INTO reason_ledger (org_id, product_id, reason, total, rows)
SELECT org_id, product_id, reason, sum(quantity)::int, count(*)::int
  FROM stock_mutations
 GROUP BY 1, 2, 3;
