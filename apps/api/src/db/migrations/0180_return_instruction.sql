-- A product's return instruction (issue 12; spec 3 §2 product options, §7 POST /product/return_instruction): what the
-- returns desk should do with a returned piece of it (spec 2 §2 Returns desk shows it on each item).
ALTER TABLE products ADD COLUMN return_instruction text CHECK (char_length(return_instruction) <= 2000);
