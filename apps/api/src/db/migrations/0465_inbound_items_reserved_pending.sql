-- A check-in reservation is binding (ADR 0141): every placing call (assign, assign_location, transfer, direct check-in,
-- an item's placing) asks whether a pending inbound item of another product has reserved the bin, and the location
-- finder asks it for each bin it considers. Both look for `reserved_locations @> '["<location id>"]'` among pending
-- items of every organisation (bins are shared), which the (org_id, status) index cannot answer: without this index
-- each question reads every inbound item ever announced. Only pending items are in it (those with reservations that
-- still bind), so it stays small as submitted items accumulate.
CREATE INDEX inbound_items_reserved_pending_idx ON inbound_items USING gin (reserved_locations jsonb_path_ops)
  WHERE status = 'pending';
