-- Problems a picker reports at the shelf (issue 11; spec 2 §2 Pick screen sub-menu: product not present at location,
-- insufficient quantity at location, low stock). Each raises the product's recount flag (spec 2 §4) and is kept, so
-- the recount and the stock analysis can show what the picker saw, where and when. No stock changes here: the count
-- that follows goes through the ledger.
CREATE TABLE pick_problems (
  id char(24) PRIMARY KEY,
  org_id char(24) NOT NULL REFERENCES organisations(id),
  product_id char(24) NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  location_id char(24) NOT NULL REFERENCES locations(id),
  kind text NOT NULL CHECK (kind IN ('not_present', 'insufficient', 'low_stock')),
  -- The pieces the picker found there, when counted.
  seen integer CHECK (seen IS NULL OR seen >= 0),
  user_id char(24) REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX pick_problems_product_idx ON pick_problems (product_id, created_at DESC);
