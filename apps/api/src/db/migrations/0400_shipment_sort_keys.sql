-- Hot reads (issue 8, docs/decisions/0094-shipment-sort-keys-on-the-shipment.md): the shipments list sorted by
-- recipient or by order number joined every order of the period to compute the sort key and sorted them all (a
-- parallel seq scan of all orders, a hash join and a top-N sort: 290 ms for 14 days of 100,000 parcels on a quiet
-- machine). Each shipment now carries both keys, exactly the expressions the list sorted by, kept equal by the
-- triggers below in the same transaction, and indexes hold them in order, so a page is read from one index.
ALTER TABLE shipments ADD COLUMN recipient_sort text, ADD COLUMN order_sort text;

-- The list's recipient order (spec 1 §2 Shipments): first name and surname of the order's address, lower case.
-- One definition for the fill, the insert trigger and the orders trigger's WHEN.
CREATE FUNCTION hoppa_shipment_recipient_sort(details jsonb) RETURNS text LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT lower(concat_ws(' ', details->>'firstName', details->>'surname'))
$$;

UPDATE shipments s
   SET recipient_sort = hoppa_shipment_recipient_sort(o.shipment_details), order_sort = o.order_id
  FROM orders o
 WHERE o.id = s.order_id;

-- A new shipment takes both keys from its order, whatever a writer gives (every writer: the ship routes, batch
-- shipping, the marketplace and DHL flows, the seeds' and benchmarks' SQL): one primary-key look-up per parcel. The
-- columns stay nullable only so those inserts need not name them: after this trigger no shipment is without them.
CREATE FUNCTION hoppa_shipment_sort_keys() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT hoppa_shipment_recipient_sort(o.shipment_details), o.order_id
    INTO NEW.recipient_sort, NEW.order_sort
    FROM orders o WHERE o.id = NEW.order_id;
  RETURN NEW;
END;
$$;
CREATE TRIGGER shipments_sort_keys BEFORE INSERT ON shipments
  FOR EACH ROW EXECUTE FUNCTION hoppa_shipment_sort_keys();
-- A shipment moved to another order (the API never does this) takes that order's keys.
CREATE TRIGGER shipments_sort_keys_moved BEFORE UPDATE OF order_id ON shipments
  FOR EACH ROW WHEN (OLD.order_id IS DISTINCT FROM NEW.order_id) EXECUTE FUNCTION hoppa_shipment_sort_keys();

-- An order renumbered or its recipient renamed: its shipments follow. Row-level with a WHEN clause on the keys
-- themselves, so other order updates (an address line, the status) cost nothing.
CREATE FUNCTION hoppa_order_shipment_sort_keys_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE shipments
     SET recipient_sort = hoppa_shipment_recipient_sort(NEW.shipment_details), order_sort = NEW.order_id
   WHERE order_id = NEW.id;
  RETURN NULL;
END;
$$;
CREATE TRIGGER orders_shipment_sort_keys AFTER UPDATE OF shipment_details, order_id ON orders
  FOR EACH ROW WHEN (OLD.order_id IS DISTINCT FROM NEW.order_id
    OR hoppa_shipment_recipient_sort(OLD.shipment_details) IS DISTINCT FROM hoppa_shipment_recipient_sort(NEW.shipment_details))
  EXECUTE FUNCTION hoppa_order_shipment_sort_keys_changed();

-- A page in either sort order, ties by id, read in order and stopped after skip + limit rows: for one organisation
-- (a merchant's request, `org_id = $1`) from the organisation's part of the index; for the provider's all-client view
-- (`org_id = any(…)`, which PostgreSQL 15 cannot read in order from an index starting with org_id) from an index
-- without it, the organisations and dates filtered while walking it. `created_at` (and `org_id`) ride along so the
-- period is checked in the index without visiting the table.
CREATE INDEX shipments_org_recipient_idx ON shipments (org_id, recipient_sort, id) INCLUDE (created_at);
CREATE INDEX shipments_org_order_idx ON shipments (org_id, order_sort, id) INCLUDE (created_at);
CREATE INDEX shipments_recipient_idx ON shipments (recipient_sort, id) INCLUDE (org_id, created_at);
CREATE INDEX shipments_order_sort_idx ON shipments (order_sort, id) INCLUDE (org_id, created_at);
