-- Attempts counted for rate limiting of login and password reset (lib/rate-limit.ts). Kept in the
-- database so several API processes behind one PostgreSQL share the counts.
CREATE TABLE rate_limit_hits (
  key text NOT NULL,
  hit_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX rate_limit_hits_key_idx ON rate_limit_hits (key, hit_at);

CREATE INDEX sessions_expires_idx ON sessions (expires_at);
CREATE INDEX password_resets_user_idx ON password_resets (user_id);
CREATE INDEX memberships_org_idx ON memberships (org_id);

-- The method used when an order names none and nothing else matches (the local carrier in the demo).
ALTER TABLE shipment_methods ADD COLUMN is_default boolean NOT NULL DEFAULT false;
CREATE UNIQUE INDEX shipment_methods_one_default ON shipment_methods (is_default) WHERE is_default;
