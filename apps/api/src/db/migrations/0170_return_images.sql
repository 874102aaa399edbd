-- Images of a return (issue 12; spec 2 §5 Return image upload): jpeg, png or webp, at most 5 MB each, the bytes stored
-- under DATA_DIR/uploads/returns/<return id>/, served only to the return's organisation and the provider's staff.
CREATE TABLE return_images (
  id char(24) PRIMARY KEY,
  return_id char(24) NOT NULL REFERENCES returns(id) ON DELETE CASCADE,
  org_id char(24) NOT NULL REFERENCES organisations(id),
  mime text NOT NULL CHECK (mime IN ('image/jpeg', 'image/png', 'image/webp')),
  size integer NOT NULL CHECK (size > 0 AND size <= 5242880),
  file_name text NOT NULL,
  created_by char(24) REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX return_images_return_idx ON return_images (return_id, created_at);
