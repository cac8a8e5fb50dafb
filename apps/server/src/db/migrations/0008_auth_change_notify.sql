-- Every app node caches who a session belongs to (modules/session/session-cache.ts). These
-- triggers tell all of them, through NOTIFY, the moment a session ends, a user changes, a
-- membership changes or an organization changes, whoever made the change (the app, the admin
-- console, or SQL by hand). Payload: 'u:<user id>' or 'o:<organization id>'.
CREATE OR REPLACE FUNCTION pennant_notify_auth_change() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  target text;
BEGIN
  IF TG_TABLE_NAME = 'organization' THEN
    target := 'o:' || (CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END)::text;
  ELSIF TG_TABLE_NAME = 'auth_user' THEN
    target := 'u:' || (CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END)::text;
  ELSE
    target := 'u:' || (CASE WHEN TG_OP = 'DELETE' THEN OLD.user_id ELSE NEW.user_id END)::text;
  END IF;
  PERFORM pg_notify('pennant_auth', target);
  RETURN NULL;
END;
$$;

CREATE TRIGGER auth_session_notify AFTER UPDATE OR DELETE ON auth_session
  FOR EACH ROW EXECUTE FUNCTION pennant_notify_auth_change();
CREATE TRIGGER auth_user_notify AFTER UPDATE OR DELETE ON auth_user
  FOR EACH ROW EXECUTE FUNCTION pennant_notify_auth_change();
CREATE TRIGGER user_role_notify AFTER INSERT OR UPDATE OR DELETE ON user_role
  FOR EACH ROW EXECUTE FUNCTION pennant_notify_auth_change();
CREATE TRIGGER organization_notify AFTER UPDATE OR DELETE ON organization
  FOR EACH ROW EXECUTE FUNCTION pennant_notify_auth_change();
