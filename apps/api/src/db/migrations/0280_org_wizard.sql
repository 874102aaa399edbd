-- The organisation wizard and shop activation (issue 16; spec 3 §3 Organisation and Organisation wizard model, §4
-- organisation active states; docs/decisions/0051-shops-and-organisation-wizard.md). The answers a screen searches or
-- a program reads get columns (VAT number, CoC number, website, industry, logo, VAT exemption document); the rest of
-- the seven steps' answers live in `profile` (one jsonb object written whole by POST/PUT /orgs), the contacts in
-- `contacts` (an array, each with its invitation request), the platform keys of PUT /orgs/editapis in `apis`
-- (secrets encrypted, lib/secrets.ts).
ALTER TABLE organisations
  ADD COLUMN vat_id text CHECK (char_length(vat_id) <= 20),
  ADD COLUMN coc_number text CHECK (char_length(coc_number) <= 20),
  ADD COLUMN website text CHECK (char_length(website) <= 300),
  ADD COLUMN industry text CHECK (char_length(industry) <= 40),
  ADD COLUMN logo_file text,
  ADD COLUMN logo_mime text CHECK (logo_mime IN ('image/png', 'image/jpeg', 'image/svg+xml')),
  ADD COLUMN vat_doc_file text,
  ADD COLUMN vat_doc_name text,
  ADD COLUMN vat_doc_size integer,
  ADD COLUMN profile jsonb NOT NULL DEFAULT '{}'::jsonb,
  ADD COLUMN contacts jsonb NOT NULL DEFAULT '[]'::jsonb,
  ADD COLUMN apis jsonb NOT NULL DEFAULT '{}'::jsonb,
  ADD COLUMN deactivated_at timestamptz,
  ADD COLUMN deactivated_by char(24) REFERENCES users(id);

-- The shops list pages by name within each state (provider first), and searches name and contact person
-- case-insensitively anywhere in the text (pg_trgm, as the product search).
CREATE INDEX organisations_list_idx ON organisations (active, (kind = 'provider') DESC, lower(name), id);
CREATE INDEX organisations_name_trgm ON organisations USING gin (lower(name) gin_trgm_ops);
CREATE INDEX organisations_contact_trgm ON organisations USING gin (lower(coalesce(contact_person, '')) gin_trgm_ops);
