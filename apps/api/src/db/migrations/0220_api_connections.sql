-- API connections (issue 14; spec 3 §2 API integrations, §3 Custom API connection, §7 API connections): a merchant's
-- accounts at bol.com (bol, bol_be), PostNL and DHL. The secret is stored only encrypted (AES-256-GCM, the key from
-- the environment: lib/secrets.ts, docs/operations.md) and never answered. The status columns say what the last
-- scheduled order pull did; the lease columns let one API process at a time pull a connection
-- (docs/decisions/0043-api-connections-and-bol.md).
CREATE TABLE api_connections (
  id char(24) PRIMARY KEY,
  org_id char(24) NOT NULL REFERENCES organisations(id),
  api_name text NOT NULL,
  platform text NOT NULL CHECK (platform IN ('bol', 'bol_be', 'postnl', 'dhl')),
  -- The public half of the credentials: bol client id, PostNL API key holder's customer number, DHL user id.
  api_key text NOT NULL,
  -- iv:tag:ciphertext (base64), lib/secrets.ts.
  encrypted_secret text NOT NULL,
  -- Platform-specific settings: PostNL customer_code, customer_number, collection_location; DHL account_id.
  settings jsonb NOT NULL DEFAULT '{}'::jsonb,
  platform_lang text NOT NULL DEFAULT 'NL',
  send_invoice boolean NOT NULL DEFAULT false,
  active boolean NOT NULL DEFAULT true,
  created_by char(24) REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- The last order pull: when it ended, whether it went well, what it brought and what it could not take.
  last_sync_at timestamptz,
  last_sync_ok boolean,
  last_sync_error text,
  last_sync_imported integer,
  -- Orders held back because an EAN is not one of the organisation's products: [{order_id, eans}].
  unknown_eans jsonb NOT NULL DEFAULT '[]'::jsonb,
  -- The pull's lease: the process holding it and until when (a process that died lets it run out).
  sync_lease_until timestamptz,
  sync_lease_owner text
);
CREATE UNIQUE INDEX api_connections_name_idx ON api_connections (org_id, lower(api_name));
CREATE INDEX api_connections_org_idx ON api_connections (org_id, created_at, id);

-- The bol order items already taken in, so a pull never imports an order item twice (idempotent by order item id).
CREATE TABLE bol_order_items (
  connection_id char(24) NOT NULL REFERENCES api_connections(id) ON DELETE CASCADE,
  org_id char(24) NOT NULL REFERENCES organisations(id),
  order_item_id text NOT NULL,
  bol_order_id text NOT NULL,
  order_id char(24) REFERENCES orders(id) ON DELETE SET NULL,
  imported_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (connection_id, order_item_id)
);
