-- Users, licences, plans, subscriptions and terms (issue 16; spec 3 §2 Users, pricing and terms, §3 Plan and
-- Subscription; docs/decisions/0050-users-licences-subscriptions.md). Money in integer euro cents.

-- The plans are the licence types (spec 3 §6: 'CSR Manager' and 'Stakeholders' are counted per organisation), priced
-- per order. `role_key` is the role a user with this licence gets in the shop. The description is HTML, sanitised
-- before storage (spec 3 §2 Custom form fields). Global: the provider's price list, like shipment methods.
CREATE TABLE plans (
  id char(24) PRIMARY KEY,
  code text NOT NULL UNIQUE,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  price_cents integer NOT NULL CHECK (price_cents >= 0),
  role_key text NOT NULL CHECK (role_key IN ('merchant_owner', 'merchant_user')),
  sequence integer NOT NULL DEFAULT 0,
  active boolean NOT NULL DEFAULT true
);

-- The standard price list every installation starts with (the licence select needs it before any demo data).
INSERT INTO plans (id, code, name, description, price_cents, role_key, sequence) VALUES
  ('5e1ec7000000000000000001', 'csr_manager', 'CSR Manager',
   '<p>Runs the shop: orders, products, inbound, returns, <strong>users and the subscription</strong>.</p>',
   35, 'merchant_owner', 1),
  ('5e1ec7000000000000000002', 'stakeholders', 'Stakeholders',
   '<p>Reads along: dashboard, orders, shipments and stock, <em>without changing anything</em>.</p>',
   10, 'merchant_user', 2);

-- Memberships named their licence by its name until now; from here on by the plan's id.
UPDATE memberships SET licence_id = CASE licence_id
    WHEN 'CSR Manager' THEN '5e1ec7000000000000000001'
    WHEN 'Stakeholders' THEN '5e1ec7000000000000000002'
  END
  WHERE licence_id IS NOT NULL;
ALTER TABLE memberships ALTER COLUMN licence_id TYPE char(24);
ALTER TABLE memberships ADD CONSTRAINT memberships_licence_fk FOREIGN KEY (licence_id) REFERENCES plans(id);
ALTER TABLE memberships ADD COLUMN stakeholders_group text;
ALTER TABLE memberships ADD COLUMN invited_by char(24) REFERENCES users(id) ON DELETE SET NULL;
-- Licence counts per shop (GET /current_user) and the users list of a shop read this.
CREATE INDEX memberships_org_licence_idx ON memberships (org_id, licence_id);

-- A shop's subscription: one current version (ended_at null) and its history. `lines` holds
-- [{id, name, price_cents, count, total_cents}] as priced when made.
CREATE TABLE subscriptions (
  id char(24) PRIMARY KEY,
  org_id char(24) NOT NULL REFERENCES organisations(id),
  lines jsonb NOT NULL,
  subtotal_cents integer NOT NULL,
  discount_cents integer NOT NULL,
  total_cents integer NOT NULL,
  created_by char(24) REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  ended_at timestamptz
);
CREATE UNIQUE INDEX subscriptions_current_idx ON subscriptions (org_id) WHERE ended_at IS NULL;
CREATE INDEX subscriptions_org_created_idx ON subscriptions (org_id, created_at DESC);
CREATE INDEX subscriptions_created_idx ON subscriptions (created_at DESC);

-- Who accepted which version of the terms of service for which shop, and when (spec 3 §7 GET /accept_terms).
CREATE TABLE terms_acceptances (
  org_id char(24) NOT NULL REFERENCES organisations(id),
  version text NOT NULL,
  user_id char(24) REFERENCES users(id) ON DELETE SET NULL,
  accepted_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (org_id, version)
);

-- The licence counts of GET /current_user come from the subscription and the plans: a change there drops every cached
-- session (lib/session-cache.ts), like a change of roles or organisations.
CREATE OR REPLACE FUNCTION hoppa_notify_sessions() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  row_user text;
BEGIN
  IF TG_TABLE_NAME IN ('roles', 'organisations', 'subscriptions', 'plans') THEN
    PERFORM pg_notify('hoppa_sessions', '*');
    RETURN NULL;
  END IF;
  IF TG_TABLE_NAME = 'users' THEN
    IF TG_OP = 'DELETE' THEN
      row_user := OLD.id;
    ELSE
      row_user := NEW.id;
    END IF;
  ELSIF TG_OP = 'DELETE' THEN
    row_user := OLD.user_id;
  ELSE
    row_user := NEW.user_id;
    IF TG_OP = 'UPDATE' THEN
      IF OLD.user_id IS DISTINCT FROM NEW.user_id THEN
        PERFORM pg_notify('hoppa_sessions', 'u:' || OLD.user_id);
      END IF;
    END IF;
  END IF;
  PERFORM pg_notify('hoppa_sessions', 'u:' || row_user);
  RETURN NULL;
END;
$$;
CREATE TRIGGER subscriptions_notify_sessions AFTER INSERT OR UPDATE OR DELETE ON subscriptions
  FOR EACH STATEMENT EXECUTE FUNCTION hoppa_notify_sessions();
CREATE TRIGGER plans_notify_sessions AFTER INSERT OR UPDATE OR DELETE ON plans
  FOR EACH STATEMENT EXECUTE FUNCTION hoppa_notify_sessions();
