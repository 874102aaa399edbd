-- Several pickers at once (issue 11): a pick item (`<product id>:<location id or none>`) a picker is walking to is
-- theirs for a short time, so two pickers of the same window do not go to the same shelf. A claim expires by itself
-- (`expires_at`); the floor renews it while the item is in front of the picker and releases it on skip. Claims only
-- steer: the pick confirm refuses a second pick of a line (over_pick) whatever they say.
CREATE TABLE pick_claims (
  item_id text PRIMARY KEY,
  org_id char(24) NOT NULL REFERENCES organisations(id),
  user_id char(24) NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  claimed_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX pick_claims_expires_idx ON pick_claims (expires_at);
