-- The member a session check loads (modules/session/member-loader.ts) carries two calendar zones:
-- the user's own (user_profiles.timezone) and the organization's, which is its first owner's. A read
-- that measures "today" (the agreements tabs, the dashboard's months, the giving timeline, an
-- invoice's due date) takes them from there instead of asking the database first, one round trip
-- less. Every node's session cache must then let go of a member whose zones changed, as 0008's
-- triggers make it let go of a changed session, user, membership or organization:
-- - a saved zone changes the user's own calendar ('u:<user id>') and, when the user owns
--   organizations, each one's calendar for all its members ('o:<organization id>');
-- - an owner joining, leaving or changing changes the organization's calendar ('o:<organization id>').
CREATE OR REPLACE FUNCTION pennant_notify_zone_change() RETURNS trigger
LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
DECLARE
  owned record;
BEGIN
  IF TG_TABLE_NAME = 'user_profiles' THEN
    PERFORM pg_notify('pennant_auth', 'u:' || (CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END)::text);
    FOR owned IN
      SELECT DISTINCT r.org_id FROM user_role r
      WHERE r.user_id = (CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END) AND r.is_owner
    LOOP
      PERFORM pg_notify('pennant_auth', 'o:' || owned.org_id::text);
    END LOOP;
  ELSIF TG_OP = 'DELETE' THEN
    IF OLD.is_owner THEN PERFORM pg_notify('pennant_auth', 'o:' || OLD.org_id::text); END IF;
  ELSIF TG_OP = 'INSERT' THEN
    IF NEW.is_owner THEN PERFORM pg_notify('pennant_auth', 'o:' || NEW.org_id::text); END IF;
  ELSIF OLD.is_owner OR NEW.is_owner THEN
    PERFORM pg_notify('pennant_auth', 'o:' || NEW.org_id::text);
    IF OLD.org_id <> NEW.org_id THEN PERFORM pg_notify('pennant_auth', 'o:' || OLD.org_id::text); END IF;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER user_profiles_zone_notify AFTER INSERT OR DELETE OR UPDATE OF timezone ON user_profiles
  FOR EACH ROW EXECUTE FUNCTION pennant_notify_zone_change();
--> statement-breakpoint
CREATE TRIGGER user_role_owner_notify AFTER INSERT OR DELETE OR UPDATE OF is_owner, org_id, user_id, created_at ON user_role
  FOR EACH ROW EXECUTE FUNCTION pennant_notify_zone_change();
--> statement-breakpoint
-- The zones the tenant role read through these two definer functions (0024, 0026) now come with the
-- member, so nothing calls them: a privileged function nobody needs is one less way into user_profiles.
DROP FUNCTION IF EXISTS app_user_timezone();
--> statement-breakpoint
DROP FUNCTION IF EXISTS app_org_timezone(uuid);
