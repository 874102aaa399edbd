-- Hot reads (the project's hot-read goal, p95 ≤ 20 ms per page; docs/decisions/0096-product-stock-kept.md). A
-- product's stock is the sum of product_locations.stock over its stock places. The product table (spec 3 §2 Product
-- management, §7 GET /products, GET /products/count) added up every stock place of the shop whenever a request
-- filtered by stock, sorted by stock or asked the counts: at 100,000 products 55–98 ms per request (p50), growing
-- with the catalogue.
--
-- product_stock keeps that sum per product, moved in the same statement as every change of product_locations
-- (insert, delete, update of stock or product_id; a deleted product's places go by cascade), so a commit moves both
-- and a rollback neither. Its index (org_id, stock, product_id) lets a one-organisation request page the stock sort
-- from the index and count the stock classes as ranges of it.
--   * A narrow table of its own, not a column on products: products carries trigram GIN indexes, and an indexed
--     stock column there would make every pick a non-HOT update of that wide row and all its indexes.
--   * Every product has a row (0 without places): a trigger on INSERT into products adds it, the foreign key's
--     cascade drops it with the product. So readers join it inner, and "out of stock" (0 or below), the stock sort
--     and the counts are ranges of the one index; with "missing means 0" the products without a row would have to
--     be found by an anti-join of products, whose cost grows with the catalogue.
--   * org_id is the product's (taken from products, followed by a row trigger in the rare case a product's org_id
--     changes), and the sum is over all places of the product. The old reader also required each place's own
--     org_id to be in the request's scope; product_locations.org_id always equals its product's org today (every
--     writer takes it from the product), so the figures are the same.
--   * Deltas are added (stock = stock + delta), so two transactions changing one product's stock at once both count
--     whatever the order they commit in; each statement applies its deltas per product in product_id order (one
--     INSERT … ORDER BY … ON CONFLICT DO UPDATE, the style of hoppa_pick_items_apply), so two multi-product
--     statements take the rows in the same order. That write is planned per statement (EXECUTE, as migration 0355):
--     a pick moves one row, an import or a bulk fix thousands.
--   * Joining the deltas to products skips the places of a product being deleted in the same statement (its row goes
--     by cascade; the join finds no product and adds nothing).

-- No write may change products or product_locations between the triggers' creation and the first fill below.
LOCK TABLE products, product_locations IN SHARE ROW EXCLUSIVE MODE;

CREATE TABLE product_stock (
  product_id char(24) PRIMARY KEY REFERENCES products(id) ON DELETE CASCADE,
  org_id char(24) NOT NULL REFERENCES organisations(id),
  -- Pieces over all stock places of the product (sum of product_locations.stock; may be below 0 after a pick of
  -- goods the system did not count).
  stock bigint NOT NULL DEFAULT 0
);

-- Adds signed stock per product (one delta per product, from the calling trigger) in product_id order; products
-- that no longer exist (deleted in this statement, their places going by cascade) are skipped. One product (a pick,
-- an assignment, a correction: nearly every write) is one UPDATE by primary key, planned once per connection (its
-- row exists while the product does). Several are planned per call (EXECUTE): an import or a bulk correction moves
-- thousands, and the join to products should be an index lookup for a few and may be a hash join for many.
CREATE FUNCTION hoppa_product_stock_apply(d_product char(24)[], d_delta bigint[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF d_product IS NULL THEN
    RETURN;
  END IF;
  IF cardinality(d_product) = 1 THEN
    UPDATE product_stock SET stock = stock + d_delta[1] WHERE product_id = d_product[1];
    RETURN;
  END IF;
  EXECUTE $q$
    INSERT INTO product_stock AS s (product_id, org_id, stock)
    SELECT d.product_id, p.org_id, d.delta
      FROM unnest($1, $2) AS d(product_id, delta)
      JOIN products p ON p.id = d.product_id
     ORDER BY d.product_id
    ON CONFLICT (product_id) DO UPDATE SET stock = s.stock + EXCLUDED.stock
  $q$ USING d_product, d_delta;
END;
$$;

-- The three trigger functions below only read their transition tables (no join: the same plan suits one row and
-- many) into one delta per product, and call the apply function when some product's stock changed.
CREATE FUNCTION hoppa_product_stock_places_added() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ps char(24)[];
  ds bigint[];
BEGIN
  SELECT array_agg(product_id ORDER BY product_id), array_agg(delta ORDER BY product_id) INTO ps, ds
    FROM (SELECT product_id, sum(stock)::bigint AS delta FROM added_places
           GROUP BY product_id HAVING sum(stock) <> 0) d;
  PERFORM hoppa_product_stock_apply(ps, ds);
  RETURN NULL;
END;
$$;

CREATE FUNCTION hoppa_product_stock_places_removed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ps char(24)[];
  ds bigint[];
BEGIN
  SELECT array_agg(product_id ORDER BY product_id), array_agg(delta ORDER BY product_id) INTO ps, ds
    FROM (SELECT product_id, -sum(stock)::bigint AS delta FROM removed_places
           GROUP BY product_id HAVING sum(stock) <> 0) d;
  PERFORM hoppa_product_stock_apply(ps, ds);
  RETURN NULL;
END;
$$;

-- Every UPDATE of product_locations fires this (a trigger with transition tables cannot name columns): the old rows
-- count negative, the new positive, per product; an update of position or transfer marks nets 0 and writes nothing.
CREATE FUNCTION hoppa_product_stock_places_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ps char(24)[];
  ds bigint[];
BEGIN
  SELECT array_agg(product_id ORDER BY product_id), array_agg(delta ORDER BY product_id) INTO ps, ds
    FROM (SELECT product_id, sum(delta)::bigint AS delta
            FROM (SELECT product_id, -stock::bigint AS delta FROM old_places
                  UNION ALL
                  SELECT product_id, stock::bigint FROM new_places) x
           GROUP BY product_id HAVING sum(delta) <> 0) d;
  PERFORM hoppa_product_stock_apply(ps, ds);
  RETURN NULL;
END;
$$;

CREATE TRIGGER product_locations_stock_insert AFTER INSERT ON product_locations
  REFERENCING NEW TABLE AS added_places FOR EACH STATEMENT EXECUTE FUNCTION hoppa_product_stock_places_added();
CREATE TRIGGER product_locations_stock_delete AFTER DELETE ON product_locations
  REFERENCING OLD TABLE AS removed_places FOR EACH STATEMENT EXECUTE FUNCTION hoppa_product_stock_places_removed();
CREATE TRIGGER product_locations_stock_update AFTER UPDATE ON product_locations
  REFERENCING OLD TABLE AS old_places NEW TABLE AS new_places
  FOR EACH STATEMENT EXECUTE FUNCTION hoppa_product_stock_places_changed();

-- A new product starts with 0 (its places, if any, come later and add to it).
CREATE FUNCTION hoppa_product_stock_products_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_stock (product_id, org_id, stock)
  SELECT id, org_id, 0 FROM added_products ORDER BY id;
  RETURN NULL;
END;
$$;
CREATE TRIGGER products_stock_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS added_products FOR EACH STATEMENT EXECUTE FUNCTION hoppa_product_stock_products_added();

-- A product moved to another organisation (no writer does so today) takes its stock row along.
CREATE FUNCTION hoppa_product_stock_product_org() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE product_stock SET org_id = NEW.org_id WHERE product_id = NEW.id;
  RETURN NULL;
END;
$$;
CREATE TRIGGER products_stock_org AFTER UPDATE OF org_id ON products
  FOR EACH ROW WHEN (OLD.org_id IS DISTINCT FROM NEW.org_id) EXECUTE FUNCTION hoppa_product_stock_product_org();

-- The stock as it stands (which the tests compare with the places after every kind of write).
INSERT INTO product_stock (product_id, org_id, stock)
SELECT p.id, p.org_id, COALESCE(sum(pl.stock), 0)
  FROM products p LEFT JOIN product_locations pl ON pl.product_id = p.id
 GROUP BY p.id, p.org_id
 ORDER BY p.id;
-- The index after the fill: built sorted and packed, not grown row by row in product_id order.
CREATE INDEX product_stock_org_stock_idx ON product_stock (org_id, stock, product_id);
