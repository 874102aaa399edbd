-- The shipped-order search and the date-range list filters (issue 13 §3; spec 1 §7 GET /orders/search/{term},
-- GET /orders/{start}/{end}?orderId&postCode&name; ADR 0041): each filter reads an index at 100,000 orders instead of
-- scanning every order's address. The search matches the start of a value (prefix), case-insensitively.
CREATE INDEX orders_order_id_prefix_idx ON orders (lower(order_id) text_pattern_ops);
CREATE INDEX orders_postcode_idx ON orders (upper(replace(shipment_details->>'zipCode', ' ', '')) text_pattern_ops);
CREATE INDEX orders_surname_idx ON orders (lower(shipment_details->>'surname') text_pattern_ops);
CREATE INDEX shipments_tracking_prefix_idx ON shipments (upper(tracking_number) text_pattern_ops);
