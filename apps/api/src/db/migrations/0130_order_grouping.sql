-- Order grouping (issue 11 item 3; spec 2 §2 Order grouping, §4 Order grouping flow, §7 Pick and grouping;
-- docs/decisions/0036-order-grouping.md). A picked order line is moved from its pick location to a grouping
-- location (a pick cart or a grouping shelf): `group_location_id` says where it is now, `grouped_at` when and
-- `grouped_by` who. An order "has grouped products" when any of its lines has a group location; then every further
-- line of it must go to that same location (the API refuses another one with 409 `wrong_group_location`).
ALTER TABLE order_lines ADD COLUMN group_location_id char(24) REFERENCES locations(id);
ALTER TABLE order_lines ADD COLUMN grouped_at timestamptz;
ALTER TABLE order_lines ADD COLUMN grouped_by char(24) REFERENCES users(id);
-- The grouping list: picked lines still on their pick location, per location.
CREATE INDEX order_lines_to_group_idx ON order_lines (pick_location_id, order_id)
  WHERE group_location_id IS NULL AND picked_quantity > 0;
