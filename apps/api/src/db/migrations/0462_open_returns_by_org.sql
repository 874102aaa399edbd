-- The open returns of an organisation counted from their own index (issue 8, ADR 0131): `GET /returns/open` counts
-- its total with every page, and returns_open_idx (registered_at DESC, id) has no organisation, so the count read
-- every return ever registered (10,000 closed ones: 3.8 ms, growing with history). Only open rows are in it.
CREATE INDEX returns_open_org_idx ON returns (org_id) WHERE closed_at IS NULL;
