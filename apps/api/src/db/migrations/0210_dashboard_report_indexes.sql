-- The dashboard, the pick/pack reports and the scoreboard (issue 13 item 4; docs/decisions/0042-dashboard-reports-and-
-- print-runs.md). Every aggregate reads one bounded range (at most 31 days; the orders chart 90) from an index on the
-- moment, never the whole backlog. As for the shipments list (0100), one index per kind of request: a merchant's
-- (`org_id = $1`, the organisation first) and the provider's all-client view (`org_id = any(…)`).

-- Pieces picked per hour and person: the ledger's pick rows by moment, carrying what the report sums.
CREATE INDEX stock_mutations_pick_org_created_idx ON stock_mutations (org_id, created_at)
  INCLUDE (user_id, quantity) WHERE reason = 'pick';
CREATE INDEX stock_mutations_pick_created_idx ON stock_mutations (created_at)
  INCLUDE (org_id, user_id, quantity) WHERE reason = 'pick';

-- Orders placed per day (the 30-day column chart, the weekly report): every status, by the moment placed.
CREATE INDEX orders_org_placed_idx ON orders (org_id, placed_at);
CREATE INDEX orders_placed_idx ON orders (placed_at);

-- 'Orders needing attention': the few open orders with a red note, newest first.
CREATE INDEX orders_red_notes_idx ON orders (placed_at DESC, id) WHERE notes_color = 'red' AND status = 'open';

-- The setup panel's 'APIs and integrations' step: does any order come from a platform connection?
CREATE INDEX orders_connected_platform_idx ON orders (org_id) WHERE platform NOT IN ('import', 'manual');
