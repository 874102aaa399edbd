-- Shop platform connections for the product sync (spec 3 §7 Sync: GET /products/sync/woo, /shopify, /lightspeed,
-- /shopware, /mirakl, /channel_engine; §3 Custom API connection: url, api_key, encrypted_secret, platform_lang;
-- docs/decisions/0107-shop-product-sync.md).
--
-- 1. api_connections.platform takes the six shop platforms besides bol, bol_be, postnl and dhl (migration 0220's
--    CHECK, which PostgreSQL and PGlite both named api_connections_platform_check).
-- 2. url: the shop's base URL (https, or http on this machine for tests and fakes; core shopUrlProblem). Required by the
--    API for every shop platform but Lightspeed (null there means Lightspeed's EU cluster); null for the others.
-- 3. A shop connection's status reuses the pull's columns: last_sync_at / last_sync_ok / last_sync_error of the last
--    product sync, last_sync_imported the products it linked or created; its lease columns keep two syncs of one
--    connection apart.
ALTER TABLE api_connections DROP CONSTRAINT api_connections_platform_check;
ALTER TABLE api_connections ADD CONSTRAINT api_connections_platform_check CHECK (
  platform IN ('bol', 'bol_be', 'postnl', 'dhl', 'woo', 'shopify', 'lightspeed', 'shopware', 'mirakl', 'channel_engine')
);
ALTER TABLE api_connections ADD COLUMN url text;
