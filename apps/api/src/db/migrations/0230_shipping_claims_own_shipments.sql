-- Issue 14, postal carriers (docs/decisions/0044-postal-carriers.md).
-- A packing station claims an open order while its carrier makes the label outside our transaction; another station
-- meets the claim (409) instead of making a second label. A crashed process's claim simply runs out.
ALTER TABLE orders ADD COLUMN ship_claimed_until timestamptz;
-- Own shipments ('Eigen verzendwijze', OWN-SHIPMENT) have no label: the shipment keeps only the packing slip.
ALTER TABLE shipments ALTER COLUMN label_pdf DROP NOT NULL;
