-- Lookups that scanned a whole table at 100,000 orders (docs/decisions/0099-lookups-found-by-the-route-sweep.md; the
-- route sweep, apps/api/bench/route-sweep.bench.ts): each condition below had no index, so a query that answers a
-- handful of rows read every order or every order line.

-- The returns desk's search (`GET /returns/get/{id}`, spec 2 §7) falls back to a shipped order whose tracking code
-- (`orders.track_trace`, set by marketplace and manual shipping) is the scanned text. Most orders have none.
CREATE INDEX orders_track_trace_idx ON orders (track_trace) WHERE track_trace IS NOT NULL;

-- Order grouping (`GET /orders-by-picked-location/{id}`, spec 2 §4): the open orders with a line picked from, or
-- grouped on, a location. Lines are grouped only while their order waits to be packed; most have no group location.
CREATE INDEX order_lines_group_location_idx ON order_lines (group_location_id) WHERE group_location_id IS NOT NULL;

-- The shipment methods list (`GET /shipment_methods/list`, spec 3 §7) shows how many open orders selected each
-- method: an index-only count per method of the open orders, instead of reading every order.
CREATE INDEX orders_open_method_idx ON orders (selected_ship_method_id, org_id)
  WHERE status = 'open' AND selected_ship_method_id IS NOT NULL;
