-- New orders by wizard (issue 13 item 1; spec 1 §2 New order wizard, §3 Order, §7 POST /orders): the wizard's remark,
-- the B2B-like flow's box/pallet data and who made the order; the order's PDF attachments with their instruction text
-- (spec 1 §3 Attachment file, §5 Attachments: PDF only, at most 5 MB each), the bytes stored under
-- DATA_DIR/uploads/orders/<order id>/<attachment id>.pdf; and product images (spec 1 §7 'order image by product id',
-- GET /product/get_image/{id}), the bytes under DATA_DIR/uploads/products/<product id>/<image id>.<ext>.
ALTER TABLE orders
  ADD COLUMN remark text CHECK (char_length(remark) <= 2000),
  ADD COLUMN shipment_type text CHECK (shipment_type IN ('pickup', 'drop_off')),
  ADD COLUMN delivery_unit text CHECK (delivery_unit IN ('box', 'pallet')),
  ADD COLUMN delivery_boxes integer CHECK (delivery_boxes >= 1),
  ADD COLUMN attachment_instructions text CHECK (char_length(attachment_instructions) <= 2000),
  ADD COLUMN created_by char(24) REFERENCES users(id);

CREATE TABLE order_attachments (
  id char(24) PRIMARY KEY,
  order_id char(24) NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  org_id char(24) NOT NULL REFERENCES organisations(id),
  file_name text NOT NULL CHECK (char_length(file_name) BETWEEN 1 AND 200),
  size integer NOT NULL CHECK (size > 0 AND size <= 5242880),
  instruction text NOT NULL CHECK (char_length(instruction) BETWEEN 1 AND 2000),
  created_by char(24) REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX order_attachments_order_idx ON order_attachments (order_id, created_at, id);

CREATE TABLE product_images (
  id char(24) PRIMARY KEY,
  product_id char(24) NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  org_id char(24) NOT NULL REFERENCES organisations(id),
  mime text NOT NULL CHECK (mime IN ('image/jpeg', 'image/png', 'image/webp')),
  size integer NOT NULL CHECK (size > 0 AND size <= 5242880),
  position integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX product_images_product_idx ON product_images (product_id, position, created_at);
