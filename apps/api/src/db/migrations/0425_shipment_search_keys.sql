-- The shipped-order search (spec 1 §5 Shipments search, §7 GET /orders/search/{term}; docs/decisions/
-- 0102-shipped-order-search-walks-when-broad.md): with a term matching many orders (a common surname prefix: 11,000 of
-- the benchmark's 100,000 parcels) the page is found by walking the shipments newest first, but the answer's capped
-- count still looked up the parcels of every matching order: 10,001 index look-ups, 42,000 buffers, 30–50 ms. Each
-- shipment now carries its order's other search keys — the surname and the postcode as the search compares them, and
-- whether the order is shipped (the shop order number is already `order_sort`, migration 0400) — kept equal by the
-- triggers below in the same transaction, so the count (and the walk's test of each row) reads the shipments alone:
-- a range of three partial indexes per organisation (762 buffers, 8 ms for the same count).
ALTER TABLE shipments ADD COLUMN search_surname text, ADD COLUMN search_zip text,
  ADD COLUMN order_shipped boolean NOT NULL DEFAULT false;

UPDATE shipments s
   SET search_surname = lower(o.shipment_details->>'surname'),
       search_zip = upper(replace(o.shipment_details->>'zipCode', ' ', '')),
       order_shipped = o.status = 'shipped'
  FROM orders o
 WHERE o.id = s.order_id;

-- A new shipment (or one moved to another order) takes all its keys from its order (0400's trigger, one look-up).
CREATE OR REPLACE FUNCTION hoppa_shipment_sort_keys() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT hoppa_shipment_recipient_sort(o.shipment_details), o.order_id, lower(o.shipment_details->>'surname'),
         upper(replace(o.shipment_details->>'zipCode', ' ', '')), coalesce(o.status = 'shipped', false)
    INTO NEW.recipient_sort, NEW.order_sort, NEW.search_surname, NEW.search_zip, NEW.order_shipped
    FROM orders o WHERE o.id = NEW.order_id;
  RETURN NEW;
END;
$$;

-- An order renumbered, its recipient's name or postcode changed, or its status changed: its shipments follow. Shipping
-- an order changes its status before its shipment exists (one empty look-up on shipments_order_idx per shipped order).
CREATE OR REPLACE FUNCTION hoppa_order_shipment_sort_keys_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE shipments
     SET recipient_sort = hoppa_shipment_recipient_sort(NEW.shipment_details), order_sort = NEW.order_id,
         search_surname = lower(NEW.shipment_details->>'surname'),
         search_zip = upper(replace(NEW.shipment_details->>'zipCode', ' ', '')),
         order_shipped = NEW.status = 'shipped'
   WHERE order_id = NEW.id;
  RETURN NULL;
END;
$$;
DROP TRIGGER orders_shipment_sort_keys ON orders;
CREATE TRIGGER orders_shipment_sort_keys AFTER UPDATE OF shipment_details, order_id, status ON orders
  FOR EACH ROW WHEN (OLD.order_id IS DISTINCT FROM NEW.order_id
    OR OLD.status IS DISTINCT FROM NEW.status
    OR hoppa_shipment_recipient_sort(OLD.shipment_details) IS DISTINCT FROM hoppa_shipment_recipient_sort(NEW.shipment_details)
    OR lower(OLD.shipment_details->>'surname') IS DISTINCT FROM lower(NEW.shipment_details->>'surname')
    OR upper(replace(OLD.shipment_details->>'zipCode', ' ', ''))
       IS DISTINCT FROM upper(replace(NEW.shipment_details->>'zipCode', ' ', '')))
  EXECUTE FUNCTION hoppa_order_shipment_sort_keys_changed();

-- The search's prefixes, case and postcode spaces ignored as on the orders (migration 0201), per organisation, with
-- the date so the search's window is checked in the index; only shipments of shipped orders, which the search lists.
CREATE INDEX shipments_search_surname_idx ON shipments (org_id, search_surname text_pattern_ops, created_at)
  WHERE order_shipped;
CREATE INDEX shipments_search_zip_idx ON shipments (org_id, search_zip text_pattern_ops, created_at)
  WHERE order_shipped;
CREATE INDEX shipments_search_order_idx ON shipments (org_id, lower(order_sort) text_pattern_ops, created_at)
  WHERE order_shipped;
