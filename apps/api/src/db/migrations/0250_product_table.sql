-- The product management table (issue 15; spec 3 §2 Product management, §3 Product; ADR 0047).

-- Columns of the table the products lacked. IF NOT EXISTS: the product card (same issue) sets several of them
-- (`POST /product/track_trace_email`, `/share_track_trace`, `/set_lead_time`, `/assign_shipping`, `/assign_box`).
-- A new product sends its track-and-trace mail and shares the code with its platform until switched off.
ALTER TABLE products ADD COLUMN IF NOT EXISTS track_trace_email boolean NOT NULL DEFAULT true;
ALTER TABLE products ADD COLUMN IF NOT EXISTS share_track_trace boolean NOT NULL DEFAULT true;
-- Days from reordering to the goods lying in the warehouse; NULL: the default of core's salesFigures (7 days).
ALTER TABLE products ADD COLUMN IF NOT EXISTS lead_time_days integer CHECK (lead_time_days BETWEEN 0 AND 365);
ALTER TABLE products ADD COLUMN IF NOT EXISTS def_shipping_id char(24) REFERENCES shipment_methods(id) ON DELETE SET NULL;
ALTER TABLE products ADD COLUMN IF NOT EXISTS ship_box_id char(24) REFERENCES shipment_boxes(id) ON DELETE SET NULL;

-- Pieces shipped per product and Amsterdam day: the sales figures (total sold in 30 days, daily demand, days until
-- out of stock, reorder point) read at most 30 rows per product of a page instead of the order lines. Triggers on
-- orders keep it in the transaction that ships an order (or moves its shipped_at, un-ships or deletes it).
CREATE TABLE product_sales_days (
  product_id char(24) NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  day date NOT NULL,
  org_id char(24) NOT NULL REFERENCES organisations(id),
  quantity integer NOT NULL,
  PRIMARY KEY (product_id, day)
);
-- The best sellers of a shop read its days from this index alone (index-only scan).
CREATE INDEX product_sales_days_org_day_idx ON product_sales_days (org_id, day) INCLUDE (product_id, quantity);

-- Adds (sign 1) or removes (sign -1) the lines of order `o` on the Amsterdam day `at`, in product order (so two
-- transactions lock the rows in the same order), and drops rows that reached zero.
CREATE FUNCTION hoppa_sales_apply(o char(24), at timestamptz, sign integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF at IS NULL THEN
    RETURN;
  END IF;
  INSERT INTO product_sales_days AS s (product_id, day, org_id, quantity)
  SELECT l.product_id, hoppa_warehouse_day(at), min(l.org_id), sign * sum(l.quantity)::int
  FROM order_lines l
  WHERE l.order_id = o
  GROUP BY l.product_id
  ORDER BY l.product_id
  ON CONFLICT (product_id, day) DO UPDATE SET quantity = s.quantity + EXCLUDED.quantity;
  DELETE FROM product_sales_days s
  USING order_lines l
  WHERE l.order_id = o AND s.product_id = l.product_id AND s.day = hoppa_warehouse_day(at) AND s.quantity <= 0;
END
$$;

CREATE FUNCTION hoppa_sales_order_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'shipped' THEN
    PERFORM hoppa_sales_apply(OLD.id, OLD.shipped_at, -1);
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.status = 'shipped' THEN
    PERFORM hoppa_sales_apply(NEW.id, NEW.shipped_at, 1);
  END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END
$$;

CREATE TRIGGER orders_sales_update AFTER UPDATE OF status, shipped_at ON orders
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.shipped_at IS DISTINCT FROM NEW.shipped_at)
  EXECUTE FUNCTION hoppa_sales_order_changed();
-- BEFORE: the order's lines are still there (they go with the order by ON DELETE CASCADE).
CREATE TRIGGER orders_sales_delete BEFORE DELETE ON orders
  FOR EACH ROW WHEN (OLD.status = 'shipped') EXECUTE FUNCTION hoppa_sales_order_changed();

INSERT INTO product_sales_days (product_id, day, org_id, quantity)
SELECT l.product_id, hoppa_warehouse_day(o.shipped_at), min(l.org_id), sum(l.quantity)::int
FROM orders o JOIN order_lines l ON l.order_id = o.id
WHERE o.status = 'shipped' AND o.shipped_at IS NOT NULL
GROUP BY 1, 2;

-- The table's pages: name order per organisation (the default sort; ties by id), weight order, and the search for a
-- part of the name, EAN or SKU through trigram indexes (pg_trgm; a search of 3 or more characters reads the index).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX products_org_name_idx ON products (org_id, lower(name), id);
CREATE INDEX products_org_weight_idx ON products (org_id, weight_kg, id);
CREATE INDEX products_name_trgm_idx ON products USING gin (lower(name) gin_trgm_ops);
CREATE INDEX products_ean_trgm_idx ON products USING gin (ean gin_trgm_ops);
CREATE INDEX products_bsku_trgm_idx ON products USING gin (lower(bsku) gin_trgm_ops);
