-- The bol intake's last pull as a reason code (ADR 0119 §3 "Left": the last-sync message was English only). What
-- went wrong, for the apps to word in their language; last_sync_error keeps the English text for older clients:
--   {"code": "pull_failed", "values": {"message": <the outside service's or the pull's own words>}}, or
--   {"code": "orders_refused", "values": {}, "refused": [{"order_id", "code", "values", "reason"}]} with the order
--   import's reason codes (core ORDER_IMPORT_REASON_CODES) of each order it refused;
-- null when the pull went well, before the first pull and on shop connections (their product sync).
ALTER TABLE api_connections ADD COLUMN last_sync_problem jsonb;
