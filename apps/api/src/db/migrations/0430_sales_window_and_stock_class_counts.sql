-- Hot reads that still grew with the catalogue (issue 8, the hot-read goal p95 ≤ 20 ms; ADR 0103, which builds on
-- ADRs 0047, 0096 and 0100).
--
-- 1. The best sellers (spec 3 §7 GET /most_sold_product, the default 30-day window) summed every row of the shop's
--    window in product_sales_days per request (450,000 rows for 20,000 products sold, ≈ 170 ms). product_sales_30d
--    keeps that sum per product for the 30 warehouse days (kept_day - 30, kept_day] of its organisation
--    (product_sales_window.day), with the product's name beside it, so the top n by pieces with ties broken by name
--    is the first n entries of one index.
--      * Statement triggers on product_sales_days (which the order triggers of migration 0250 keep, and whose rows go
--        with a deleted product by cascade) add each change of a day inside the kept window, in the same statement.
--      * A new warehouse day does not move any row by itself: the reader sees product_sales_window.day behind
--        today and calls hoppa_sales_30d_roll, which adds the days that entered the window and subtracts those that
--        left it (a full recount after 30 days or more, and the first time for an organisation without a row). A
--        reader never uses totals kept for another day than the one it asks about (it sums the days instead).
--      * The roll takes a transaction advisory lock of the organisation exclusively; every trigger that changes
--        the totals takes the same lock shared before it reads the kept day. So a roll waits for the writers in
--        flight to commit and then reads their days, and a writer that comes during a roll waits for it and then
--        sees the new day: a shipment is counted by exactly one of them.
--      * Rows with 0 or fewer pieces are dropped (the old reader's HAVING sum > 0).
--      * The window length (30) is core's SALES_WINDOW_DAYS; other windows of the route (days=7, …) still sum.
--
-- 2. The product counts (spec 3 §7 GET /products/count) were one pass over the organisation's rows of product_stock.
--    product_stock_counts holds signed counts per organisation of the three stock classes the route reports
--    (0 or below: sold out; 1 to 5: low, core's LOW_STOCK_MAX; above 5), one row per statement of product_stock
--    that moved a product between classes (a new product, a deleted one, a pick across a boundary). Writers only
--    insert, so two picks of one shop never wait for each other on a shared counter row; the reader sums the shop's
--    rows and folds them into one when they pile up (product-list.service.ts).

LOCK TABLE product_stock IN SHARE ROW EXCLUSIVE MODE;

-- ---------------------------------------------------------------------------------------------------------------
-- 1. Best sellers: 30-day totals per product

CREATE TABLE product_sales_window (
  org_id char(24) PRIMARY KEY REFERENCES organisations(id) ON DELETE CASCADE,
  -- The warehouse day the totals of this organisation in product_sales_30d end on (inclusive).
  day date NOT NULL
);

CREATE TABLE product_sales_30d (
  product_id char(24) PRIMARY KEY REFERENCES products(id) ON DELETE CASCADE,
  org_id char(24) NOT NULL REFERENCES organisations(id),
  -- products.name, followed by a row trigger: the best sellers' tie-break.
  name text NOT NULL,
  -- Pieces shipped on the days (day - 30, day] of product_sales_window (always > 0; a row at 0 is dropped).
  sold integer NOT NULL
);
CREATE INDEX product_sales_30d_top_idx ON product_sales_30d (org_id, sold DESC, name, product_id);

-- The advisory lock of an organisation's totals (namespace 103, this ADR; the key a hash of the org id: two
-- organisations on one hash only wait for each other more).
CREATE FUNCTION hoppa_sales_30d_lock_key(o char(24)) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT hashtext(o)
$$;

-- Adds signed pieces per (organisation, product, day) to the totals of the days inside each organisation's kept
-- window, in product_id order; products deleted in this statement are skipped (their totals go by cascade).
CREATE FUNCTION hoppa_sales_30d_apply(d_org char(24)[], d_product char(24)[], d_day date[], d_qty integer[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF d_org IS NULL THEN
    RETURN;
  END IF;
  PERFORM pg_advisory_xact_lock_shared(103, hoppa_sales_30d_lock_key(o))
     FROM (SELECT DISTINCT o FROM unnest(d_org) AS x(o) ORDER BY 1) x;
  -- A new statement, so a new snapshot: the kept day as of after any roll we waited for.
  INSERT INTO product_sales_30d AS s (product_id, org_id, name, sold)
  SELECT k.product_id, k.org_id, p.name, k.delta
    FROM (SELECT d.org_id, d.product_id, sum(d.qty)::int AS delta
            FROM unnest(d_org, d_product, d_day, d_qty) AS d(org_id, product_id, day, qty)
            JOIN product_sales_window w ON w.org_id = d.org_id
           WHERE d.day > w.day - 30 AND d.day <= w.day
           GROUP BY d.org_id, d.product_id
          HAVING sum(d.qty) <> 0) k
    JOIN products p ON p.id = k.product_id
   ORDER BY k.product_id
  ON CONFLICT (product_id) DO UPDATE SET sold = s.sold + EXCLUDED.sold;
  DELETE FROM product_sales_30d s WHERE s.product_id = ANY (d_product) AND s.sold <= 0;
END;
$$;

CREATE FUNCTION hoppa_sales_30d_days_added() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  os char(24)[]; ps char(24)[]; ds date[]; qs integer[];
BEGIN
  SELECT array_agg(org_id), array_agg(product_id), array_agg(day), array_agg(quantity) INTO os, ps, ds, qs
    FROM added_days;
  PERFORM hoppa_sales_30d_apply(os, ps, ds, qs);
  RETURN NULL;
END;
$$;

CREATE FUNCTION hoppa_sales_30d_days_removed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  os char(24)[]; ps char(24)[]; ds date[]; qs integer[];
BEGIN
  SELECT array_agg(org_id), array_agg(product_id), array_agg(day), array_agg(-quantity) INTO os, ps, ds, qs
    FROM removed_days;
  PERFORM hoppa_sales_30d_apply(os, ps, ds, qs);
  RETURN NULL;
END;
$$;

-- Old rows negative, new rows positive (an ON CONFLICT DO UPDATE of hoppa_sales_apply lands here).
CREATE FUNCTION hoppa_sales_30d_days_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  os char(24)[]; ps char(24)[]; ds date[]; qs integer[];
BEGIN
  SELECT array_agg(org_id), array_agg(product_id), array_agg(day), array_agg(q) INTO os, ps, ds, qs
    FROM (SELECT org_id, product_id, day, -quantity AS q FROM old_days
          UNION ALL
          SELECT org_id, product_id, day, quantity FROM new_days) x;
  PERFORM hoppa_sales_30d_apply(os, ps, ds, qs);
  RETURN NULL;
END;
$$;

CREATE TRIGGER product_sales_days_30d_insert AFTER INSERT ON product_sales_days
  REFERENCING NEW TABLE AS added_days FOR EACH STATEMENT EXECUTE FUNCTION hoppa_sales_30d_days_added();
CREATE TRIGGER product_sales_days_30d_delete AFTER DELETE ON product_sales_days
  REFERENCING OLD TABLE AS removed_days FOR EACH STATEMENT EXECUTE FUNCTION hoppa_sales_30d_days_removed();
CREATE TRIGGER product_sales_days_30d_update AFTER UPDATE ON product_sales_days
  REFERENCING OLD TABLE AS old_days NEW TABLE AS new_days
  FOR EACH STATEMENT EXECUTE FUNCTION hoppa_sales_30d_days_changed();

-- A renamed product keeps its place among the ties (under the shared lock: a roll reading the old name waits).
CREATE FUNCTION hoppa_sales_30d_product_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(103, hoppa_sales_30d_lock_key(NEW.org_id));
  UPDATE product_sales_30d SET name = NEW.name WHERE product_id = NEW.id;
  RETURN NULL;
END;
$$;
CREATE TRIGGER products_sales_30d_name AFTER UPDATE OF name ON products
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION hoppa_sales_30d_product_renamed();

-- Moves organisation `o`'s totals to the window ending on warehouse day `to_day` (never backwards) and returns the
-- kept day. Call it in a transaction of its own: it holds the organisation's lock, which stops its shipments, until
-- that commits. Days entering the window are added, days leaving it subtracted (both one index range of
-- product_sales_days_org_day_idx); without a kept day, or 30 or more days on, the window is counted afresh.
CREATE FUNCTION hoppa_sales_30d_roll(o char(24), to_day date) RETURNS date LANGUAGE plpgsql AS $$
DECLARE
  kept date;
BEGIN
  PERFORM pg_advisory_xact_lock(103, hoppa_sales_30d_lock_key(o));
  SELECT w.day INTO kept FROM product_sales_window w WHERE w.org_id = o;
  IF kept >= to_day THEN
    RETURN kept;
  END IF;
  IF kept IS NULL OR to_day - kept >= 30 THEN
    DELETE FROM product_sales_30d WHERE org_id = o;
    INSERT INTO product_sales_30d (product_id, org_id, name, sold)
    SELECT d.product_id, o, p.name, d.sold
      FROM (SELECT product_id, sum(quantity)::int AS sold FROM product_sales_days
             WHERE org_id = o AND day > to_day - 30 AND day <= to_day
             GROUP BY product_id HAVING sum(quantity) > 0) d
      JOIN products p ON p.id = d.product_id
     ORDER BY d.product_id;
  ELSE
    INSERT INTO product_sales_30d AS s (product_id, org_id, name, sold)
    SELECT d.product_id, o, p.name, d.delta
      FROM (SELECT product_id, sum(CASE WHEN day > kept THEN quantity ELSE -quantity END)::int AS delta
              FROM product_sales_days
             WHERE org_id = o AND ((day > kept AND day <= to_day) OR (day > kept - 30 AND day <= to_day - 30))
             GROUP BY product_id HAVING sum(CASE WHEN day > kept THEN quantity ELSE -quantity END) <> 0) d
      JOIN products p ON p.id = d.product_id
     ORDER BY d.product_id
    ON CONFLICT (product_id) DO UPDATE SET sold = s.sold + EXCLUDED.sold;
    DELETE FROM product_sales_30d WHERE org_id = o AND sold <= 0;
  END IF;
  INSERT INTO product_sales_window (org_id, day) VALUES (o, to_day)
  ON CONFLICT (org_id) DO UPDATE SET day = EXCLUDED.day;
  RETURN to_day;
END;
$$;

-- ---------------------------------------------------------------------------------------------------------------
-- 2. Product counts: signed counts per organisation and stock class

CREATE TABLE product_stock_counts (
  org_id char(24) NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
  -- Products with stock 0 or below, 1 to 5, above 5 (signed: one row per statement; the sums are the counts).
  sold_out integer NOT NULL,
  low integer NOT NULL,
  high integer NOT NULL
);
CREATE INDEX product_stock_counts_org_idx ON product_stock_counts (org_id);

-- Each trigger below is one INSERT … SELECT over its transition table(s): one row per organisation whose class counts
-- the statement moved (signed: +1 a product entering a class, -1 leaving it), nothing when none moved.
CREATE FUNCTION hoppa_stock_counts_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_stock_counts (org_id, sold_out, low, high)
  SELECT org_id, count(*) FILTER (WHERE stock <= 0), count(*) FILTER (WHERE stock BETWEEN 1 AND 5),
         count(*) FILTER (WHERE stock > 5)
    FROM added_stock
   GROUP BY org_id;
  RETURN NULL;
END;
$$;

CREATE FUNCTION hoppa_stock_counts_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_stock_counts (org_id, sold_out, low, high)
  SELECT org_id, -count(*) FILTER (WHERE stock <= 0), -count(*) FILTER (WHERE stock BETWEEN 1 AND 5),
         -count(*) FILTER (WHERE stock > 5)
    FROM removed_stock
   GROUP BY org_id;
  RETURN NULL;
END;
$$;

-- Every change of a product's stock fires this; only a move between classes (or organisations) writes a row.
CREATE FUNCTION hoppa_stock_counts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_stock_counts (org_id, sold_out, low, high)
  SELECT org_id, sum(CASE WHEN stock <= 0 THEN sign ELSE 0 END), sum(CASE WHEN stock BETWEEN 1 AND 5 THEN sign ELSE 0 END),
         sum(CASE WHEN stock > 5 THEN sign ELSE 0 END)
    FROM (SELECT o.org_id, o.stock, -1 AS sign FROM old_stock o
          UNION ALL
          SELECT n.org_id, n.stock, 1 FROM new_stock n) x
   GROUP BY org_id
  HAVING sum(CASE WHEN stock <= 0 THEN sign ELSE 0 END) <> 0
      OR sum(CASE WHEN stock BETWEEN 1 AND 5 THEN sign ELSE 0 END) <> 0
      OR sum(CASE WHEN stock > 5 THEN sign ELSE 0 END) <> 0;
  RETURN NULL;
END;
$$;

CREATE TRIGGER product_stock_counts_insert AFTER INSERT ON product_stock
  REFERENCING NEW TABLE AS added_stock FOR EACH STATEMENT EXECUTE FUNCTION hoppa_stock_counts_added();
CREATE TRIGGER product_stock_counts_delete AFTER DELETE ON product_stock
  REFERENCING OLD TABLE AS removed_stock FOR EACH STATEMENT EXECUTE FUNCTION hoppa_stock_counts_removed();
CREATE TRIGGER product_stock_counts_update AFTER UPDATE ON product_stock
  REFERENCING OLD TABLE AS old_stock NEW TABLE AS new_stock
  FOR EACH STATEMENT EXECUTE FUNCTION hoppa_stock_counts_changed();

-- Folds organisation o's rows into one with their sums (the reader calls it when they pile up). Rows that writers add
-- meanwhile are not in the statement's snapshot and stay beside it; two folds at once each fold what they deleted.
CREATE FUNCTION hoppa_stock_counts_fold(o char(24)) RETURNS void LANGUAGE sql AS $$
  WITH gone AS (DELETE FROM product_stock_counts WHERE org_id = o RETURNING sold_out, low, high)
  INSERT INTO product_stock_counts (org_id, sold_out, low, high)
  SELECT o, sum(sold_out), sum(low), sum(high) FROM gone HAVING count(*) > 0
$$;

-- The counts as they stand (the lock above keeps product_stock still until this commits).
INSERT INTO product_stock_counts (org_id, sold_out, low, high)
SELECT org_id, count(*) FILTER (WHERE stock <= 0), count(*) FILTER (WHERE stock BETWEEN 1 AND 5),
       count(*) FILTER (WHERE stock > 5)
  FROM product_stock
 GROUP BY org_id;
