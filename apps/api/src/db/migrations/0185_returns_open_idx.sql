-- The returns desk's default list (GET /returns/open, issue 12): open returns, newest registered first.
CREATE INDEX returns_open_idx ON returns (registered_at DESC, id) WHERE closed_at IS NULL;
