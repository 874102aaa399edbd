-- Session cache invalidation (lib/session-cache.ts, docs/decisions/0019-session-cache.md): every committed change
-- that alters what a session may see notifies channel hoppa_sessions, so each API process drops its cached
-- sessions at once. Payload `u:<user id>` for one user, `*` for everyone (roles and organisations: grants and the
-- provider's all-organisation list).
CREATE FUNCTION hoppa_notify_sessions() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  row_user text;
BEGIN
  IF TG_TABLE_NAME IN ('roles', 'organisations') THEN
    PERFORM pg_notify('hoppa_sessions', '*');
    RETURN NULL;
  END IF;
  -- Nested IFs: PL/pgSQL would fail on OLD.user_id of a users row if it were evaluated there.
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

CREATE TRIGGER users_notify_sessions AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION hoppa_notify_sessions();
CREATE TRIGGER memberships_notify_sessions AFTER INSERT OR UPDATE OR DELETE ON memberships
  FOR EACH ROW EXECUTE FUNCTION hoppa_notify_sessions();
-- Renewals (UPDATE of last_seen_at/expires_at) change nothing a request sees; ending a session does.
CREATE TRIGGER sessions_notify_sessions AFTER DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION hoppa_notify_sessions();
CREATE TRIGGER roles_notify_sessions AFTER INSERT OR UPDATE OR DELETE ON roles
  FOR EACH STATEMENT EXECUTE FUNCTION hoppa_notify_sessions();
CREATE TRIGGER organisations_notify_sessions AFTER INSERT OR UPDATE OR DELETE ON organisations
  FOR EACH STATEMENT EXECUTE FUNCTION hoppa_notify_sessions();
