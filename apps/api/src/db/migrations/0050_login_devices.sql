-- Devices that logged in successfully to an account (docs/decisions/0009-login-throttling.md): the client
-- address and the hoppa_device cookie, each as a sha256 hash. A known device is not slowed by failures
-- another device caused on the same account.
CREATE TABLE login_devices (
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  device_hash text NOT NULL,
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, device_hash)
);
