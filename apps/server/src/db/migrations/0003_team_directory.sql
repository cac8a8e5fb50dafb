-- The names and e-mails of the current organization's members (spec §7 get_user_details).
-- The app role cannot read auth_user, which holds every tenant's users; this function runs as its
-- owner but returns only users holding a role in app_current_org(), so a tenant request sees its
-- own team and nobody else. Without an organization context it returns nothing.
CREATE OR REPLACE FUNCTION app_org_members()
  RETURNS TABLE (user_id uuid, full_name text, email text)
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
  AS $$
    SELECT u.id, u.name, u.email
    FROM auth_user u
    WHERE app_current_org() IS NOT NULL
      AND u.id IN (SELECT ur.user_id FROM user_role ur WHERE ur.org_id = app_current_org())
  $$;
