-- Sign-up requests waiting for their mailed confirmation link (docs/decisions/0015-signup-confirmation.md):
-- POST /signup stores the names, phone and password hash here; POST /signup/confirm/:token turns the request
-- into an account. The token is kept as a sha256 hash, as reset tokens are. Several requests for one address
-- may wait at once (a mistyped one must not block the owner); the first confirmed wins, the rest expire.
CREATE TABLE signup_requests (
  token_hash text PRIMARY KEY,
  email text NOT NULL,
  first_name text NOT NULL,
  family_name text NOT NULL,
  phone text NOT NULL,
  password_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX signup_requests_email_idx ON signup_requests (email);
