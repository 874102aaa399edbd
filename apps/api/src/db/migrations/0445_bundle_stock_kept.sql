-- A bundle's stock in the product table and the product counts (ADR 0118 "Left for later"; spec 3 §2 Product
-- management, §7 GET /products, GET /products/count; builds on ADRs 0049, 0096, 0103, 0106).
--
-- A bundle (a product with rows in product_bundle_items as bundle_id) has no stock places of its own: its order lines
-- become lines of its parts (ADR 0049), and its card shows the whole bundles its parts make (core bundleStock: the
-- minimum over the parts of floor(max(part stock, 0) / pieces per bundle), 0 without parts). Its product_stock row
-- (migration 0410), which the table's stock filters, stock sort and sf_stock and the counts (product_stock_counts,
-- migration 0430, kept by triggers on product_stock) read, held the sum of its places: 0. From this migration on a
-- bundle's row holds that derived figure, moved in the same statement as
--   * a change of a part's stock (hoppa_product_stock_apply, which every change of product_locations calls, now also
--     recomputes the bundles its products are parts of), and
--   * a change of a bundle's composition (statement triggers on product_bundle_items: the bundles of the old and new
--     rows; a product that loses its last part is no bundle any more and holds the sum of its places again).
-- A bundle's own places (no writer makes them for a bundle; a product that becomes a bundle may have some) do not
-- move its row: hoppa_product_stock_apply skips bundles.
--
-- Locks (ADR 0106: orders, lines, products ascending, the products' rows, the ledger last). The recompute takes the
-- bundles' product_stock rows FOR NO KEY UPDATE in product_id order, then reads the parts' rows in a new statement (a
-- new snapshot under READ COMMITTED), so two transactions changing two parts of one bundle, or one part of two
-- bundles, compute one after the other and the later one sees the earlier's commit. Every stock writer takes them
-- earlier, in lockProducts (modules/stock/ledger.ts): right after its products, before any place and its first ledger
-- row, so the recompute's lock is one the writer holds already and no writer waits for a bundle row while holding the
-- organisation's ledger day row. Nothing else locks a bundle's product_stock row (the apply skips bundles).

-- No write may change a part's stock or a composition between the functions' replacement and the fill at the end.
LOCK TABLE products, product_locations, product_bundle_items IN SHARE ROW EXCLUSIVE MODE;

CREATE FUNCTION hoppa_bundle_stock_refresh(d_bundle char(24)[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF d_bundle IS NULL OR cardinality(d_bundle) = 0 THEN
    RETURN;
  END IF;
  -- The bundles' rows, in product_id order (held already when the writer called lockProducts).
  PERFORM 1 FROM product_stock WHERE product_id = ANY(d_bundle) ORDER BY product_id FOR NO KEY UPDATE;
  -- A new statement, so a new snapshot: the parts as committed by whoever held these rows before, plus our own.
  UPDATE product_stock s
     SET stock = v.stock
    FROM (SELECT b.id,
                 CASE WHEN EXISTS (SELECT 1 FROM product_bundle_items bi WHERE bi.bundle_id = b.id)
                      THEN (SELECT min(greatest(ps.stock, 0) / greatest(bi.quantity, 1))
                              FROM product_bundle_items bi
                              JOIN product_stock ps ON ps.product_id = bi.product_id
                             WHERE bi.bundle_id = b.id)
                      ELSE (SELECT COALESCE(sum(pl.stock), 0) FROM product_locations pl WHERE pl.product_id = b.id)
                 END AS stock
            FROM unnest(d_bundle) AS b(id)) v
   WHERE s.product_id = v.id
     AND v.stock IS NOT NULL
     AND s.stock IS DISTINCT FROM v.stock;
END;
$$;

-- As migration 0410's, except that a bundle's own places do not move its row, and the bundles whose parts moved are
-- recomputed (one index probe of product_bundle_items (product_id) for a product that is no part of any bundle).
CREATE OR REPLACE FUNCTION hoppa_product_stock_apply(d_product char(24)[], d_delta bigint[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  bs char(24)[];
BEGIN
  IF d_product IS NULL THEN
    RETURN;
  END IF;
  IF cardinality(d_product) = 1 THEN
    UPDATE product_stock SET stock = stock + d_delta[1]
     WHERE product_id = d_product[1]
       AND NOT EXISTS (SELECT 1 FROM product_bundle_items bi WHERE bi.bundle_id = d_product[1]);
    SELECT array_agg(DISTINCT bi.bundle_id ORDER BY bi.bundle_id) INTO bs
      FROM product_bundle_items bi WHERE bi.product_id = d_product[1];
  ELSE
    EXECUTE $q$
      INSERT INTO product_stock AS s (product_id, org_id, stock)
      SELECT d.product_id, p.org_id, d.delta
        FROM unnest($1, $2) AS d(product_id, delta)
        JOIN products p ON p.id = d.product_id
       WHERE NOT EXISTS (SELECT 1 FROM product_bundle_items bi WHERE bi.bundle_id = d.product_id)
       ORDER BY d.product_id
      ON CONFLICT (product_id) DO UPDATE SET stock = s.stock + EXCLUDED.stock
    $q$ USING d_product, d_delta;
    SELECT array_agg(DISTINCT bi.bundle_id ORDER BY bi.bundle_id) INTO bs
      FROM product_bundle_items bi WHERE bi.product_id = ANY(d_product);
  END IF;
  IF bs IS NOT NULL THEN
    PERFORM hoppa_bundle_stock_refresh(bs);
  END IF;
END;
$$;

-- A change of composition (the bundle import replaces a bundle's parts; a deleted part or bundle takes its rows by
-- cascade) recomputes the bundles of the rows it touched.
CREATE FUNCTION hoppa_bundle_stock_items_added() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  bs char(24)[];
BEGIN
  SELECT array_agg(DISTINCT bundle_id ORDER BY bundle_id) INTO bs FROM added_items;
  PERFORM hoppa_bundle_stock_refresh(bs);
  RETURN NULL;
END;
$$;

CREATE FUNCTION hoppa_bundle_stock_items_removed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  bs char(24)[];
BEGIN
  SELECT array_agg(DISTINCT bundle_id ORDER BY bundle_id) INTO bs FROM removed_items;
  PERFORM hoppa_bundle_stock_refresh(bs);
  RETURN NULL;
END;
$$;

CREATE FUNCTION hoppa_bundle_stock_items_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  bs char(24)[];
BEGIN
  SELECT array_agg(DISTINCT bundle_id ORDER BY bundle_id) INTO bs
    FROM (SELECT bundle_id FROM old_items UNION SELECT bundle_id FROM new_items) x;
  PERFORM hoppa_bundle_stock_refresh(bs);
  RETURN NULL;
END;
$$;

CREATE TRIGGER product_bundle_items_stock_insert AFTER INSERT ON product_bundle_items
  REFERENCING NEW TABLE AS added_items FOR EACH STATEMENT EXECUTE FUNCTION hoppa_bundle_stock_items_added();
CREATE TRIGGER product_bundle_items_stock_delete AFTER DELETE ON product_bundle_items
  REFERENCING OLD TABLE AS removed_items FOR EACH STATEMENT EXECUTE FUNCTION hoppa_bundle_stock_items_removed();
CREATE TRIGGER product_bundle_items_stock_update AFTER UPDATE ON product_bundle_items
  REFERENCING OLD TABLE AS old_items NEW TABLE AS new_items
  FOR EACH STATEMENT EXECUTE FUNCTION hoppa_bundle_stock_items_changed();

-- The bundles as they stand (the lock above keeps their parts and compositions still until this commits).
SELECT hoppa_bundle_stock_refresh(array_agg(DISTINCT bundle_id ORDER BY bundle_id)) FROM product_bundle_items;
