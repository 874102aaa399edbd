-- Hot reads (issue 8 §3, docs/decisions/0081-pick-page-walks-the-locations.md): a pick list page (without line
-- filters) walks the locations in walking order and reads each location's items from the open totals or the
-- window's day rows, stopping once the page is full, instead of summing every item of the window per request.
-- The walk: locations in (sequence, name) order, forwards or backwards.
CREATE INDEX locations_walk_idx ON locations (sequence, name);
-- One location's open totals and day rows. Only keys (no qty/lines), so the aggregate trigger's updates of a row's
-- numbers stay heap-only (HOT) and cost these indexes nothing; a row is only added or removed with its key.
CREATE INDEX pick_item_totals_location_idx ON pick_item_totals (location_id, org_id);
CREATE INDEX pick_item_days_location_idx ON pick_item_days (location_id, placed_day, org_id);
