-- The pieces of one return line judged apart (session 44): two cups back, one fine and one broken. `parts` lists
-- the judged parts ([{quantity, product_state, damaged_package, damaged_product, damaged_product_package,
-- return_action}], empty when the whole line has one judgement); their quantities add up to `received_quantity`.
-- `restocked_quantity` says, once the line is closed, how many pieces went back to sellable stock (the rest of the
-- received quantity went to quarantine); for lines closed before, it follows from their one judgement.
ALTER TABLE return_items
  ADD COLUMN parts jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(parts) = 'array'),
  ADD COLUMN restocked_quantity integer CHECK (restocked_quantity IS NULL OR restocked_quantity >= 0);

UPDATE return_items
SET restocked_quantity = CASE WHEN quarantined THEN 0 ELSE coalesce(received_quantity, 0) END
WHERE fulfilled_at IS NOT NULL;
