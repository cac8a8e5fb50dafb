-- The platform admin console (issue 17; spec 002 §2.10, §3 admin entities, §4.7, §7.8, §9 Admin).
-- Platform tables, outside any organization (no org_id column, so not tenant tables): the console
-- reads and writes them through withPlatform only.

-- A disabled account (admin_toggle_user_disabled): its sessions are deleted when it is disabled and
-- sign-in is refused while this is set.
ALTER TABLE auth_user ADD COLUMN disabled_at timestamptz;
--> statement-breakpoint
-- Impersonation (spec 000 §3, §4): while a row of an admin has no ended_at, every request of that
-- admin acts in impersonated_org_id as its admin (modules/session/member-loader.ts). One active
-- impersonation per admin; ended ones stay as a record beside the audit log.
CREATE TABLE admin_impersonation (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  admin_id uuid NOT NULL REFERENCES auth_user(id) ON DELETE CASCADE,
  impersonated_org_id uuid NOT NULL REFERENCES organization(id) ON DELETE CASCADE,
  started_at timestamptz NOT NULL DEFAULT now(),
  ended_at timestamptz
);
CREATE UNIQUE INDEX admin_impersonation_active_uq ON admin_impersonation (admin_id) WHERE ended_at IS NULL;
CREATE INDEX admin_impersonation_org_idx ON admin_impersonation (impersonated_org_id);
--> statement-breakpoint
-- The audit log: one row per admin action, in the same transaction as the action. The admin's,
-- the target user's and the organization's names are kept as they were, so an entry still reads
-- after any of them is deleted.
CREATE TABLE admin_audit_log (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  created_at timestamptz NOT NULL DEFAULT now(),
  admin_id uuid REFERENCES auth_user(id) ON DELETE SET NULL,
  admin_email text,
  action text NOT NULL CHECK (action IN (
    'add_admin', 'start_impersonation', 'end_impersonation', 'freeze_org', 'unfreeze_org', 'add_user_role',
    'remove_user_role', 'update_ai_config', 'set_org_plan', 'disable_user', 'enable_user', 'delete_user')),
  target_user_id uuid REFERENCES auth_user(id) ON DELETE SET NULL,
  target_user_email text,
  target_org_id uuid REFERENCES organization(id) ON DELETE SET NULL,
  target_org_name text,
  details jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(details) = 'object'),
  ip_address text,
  user_agent text
);
-- Pages newest first, with or without the action filter.
CREATE INDEX admin_audit_log_created_idx ON admin_audit_log (created_at DESC, id DESC);
CREATE INDEX admin_audit_log_action_idx ON admin_audit_log (action, created_at DESC, id DESC);
CREATE INDEX admin_audit_log_target_user_idx ON admin_audit_log (target_user_id);
CREATE INDEX admin_audit_log_target_org_idx ON admin_audit_log (target_org_id);
-- The search box (admin e-mail, target, action, details) on one lower-cased document.
CREATE INDEX admin_audit_log_search_trgm_idx ON admin_audit_log USING gin ((lower(
  coalesce(admin_email, '') || ' ' || coalesce(target_user_email, '') || ' ' || coalesce(target_org_name, '') ||
  ' ' || action || ' ' || details::text)) gin_trgm_ops);
--> statement-breakpoint
-- The console's lists: accounts newest first and by e-mail; organizations newest first.
CREATE INDEX IF NOT EXISTS auth_user_created_idx ON auth_user (created_at DESC, id DESC);
CREATE INDEX IF NOT EXISTS organization_created_idx ON organization (created_at DESC, id DESC);
--> statement-breakpoint
-- Session caches hear of an impersonation starting or ending at once (0008's trigger function,
-- with the impersonating admin as the user whose cached sessions are dropped).
CREATE OR REPLACE FUNCTION pennant_notify_auth_change() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  target text;
BEGIN
  IF TG_TABLE_NAME = 'organization' THEN
    target := 'o:' || (CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END)::text;
  ELSIF TG_TABLE_NAME = 'auth_user' THEN
    target := 'u:' || (CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END)::text;
  ELSIF TG_TABLE_NAME = 'admin_impersonation' THEN
    target := 'u:' || (CASE WHEN TG_OP = 'DELETE' THEN OLD.admin_id ELSE NEW.admin_id END)::text;
  ELSE
    target := 'u:' || (CASE WHEN TG_OP = 'DELETE' THEN OLD.user_id ELSE NEW.user_id END)::text;
  END IF;
  PERFORM pg_notify('pennant_auth', target);
  RETURN NULL;
END;
$$;

CREATE TRIGGER admin_impersonation_notify AFTER INSERT OR UPDATE OR DELETE ON admin_impersonation
  FOR EACH ROW EXECUTE FUNCTION pennant_notify_auth_change();
-- Granting or revoking the app-admin flag ends an impersonation's effect at once too.
CREATE TRIGGER app_admin_notify AFTER INSERT OR DELETE ON app_admin
  FOR EACH ROW EXECUTE FUNCTION pennant_notify_auth_change();
