-- Indexes for the foreign keys that refer to tables the API deletes from (ADR 0130; checked by
-- db/foreign-key-indexes.test.ts). A delete makes PostgreSQL look for rows still referring to each deleted row; without
-- an index led by the referring column that is a scan of the whole referring table per deleted row. Found on the route
-- sweep's 100,000-order copy: deleting one order line (an order edit removing a line, a bundle expansion replacing
-- lines) spent 48 ms of its 57 ms scanning all 200,000 ledger rows for `stock_mutations.order_line_id`, a cost that
-- grows with every pick; deleting an automation rule or a product scanned all order lines.
-- Where most rows carry no reference (ledger rows of stock moves, order lines not made by a rule or a bundle), the
-- index holds only the rows that do: a row without one costs no index entry.
CREATE INDEX stock_mutations_order_line_idx ON stock_mutations (order_line_id) WHERE order_line_id IS NOT NULL;
CREATE INDEX order_lines_bundle_product_idx ON order_lines (bundle_product_id) WHERE bundle_product_id IS NOT NULL;
CREATE INDEX order_lines_automation_idx ON order_lines (automation_id) WHERE automation_id IS NOT NULL;
CREATE INDEX return_items_order_line_idx ON return_items (order_line_id);
CREATE INDEX return_items_product_idx ON return_items (product_id);
CREATE INDEX inbound_items_product_idx ON inbound_items (product_id);
CREATE INDEX automations_product_id_idx ON automations (product_id);
CREATE INDEX order_automations_automation_idx ON order_automations (automation_id);
