-- Inbound transfers (issue 10; spec 2 §3 Inbound item transfers, §7 PUT /inbound_item/addTransfer/{id}/{departedLocationId}):
-- pieces of an inbound item put down on a temporary place first and moved on to a reserved location later; each
-- move is two 'transfer' ledger rows (one transfer id) and one entry here:
-- [{transfer_id, departed_location_id, arrived_location_id, stock, departed_at}].
ALTER TABLE inbound_items ADD COLUMN transfers jsonb NOT NULL DEFAULT '[]'::jsonb;
