-- Row-level security: every tenant row is visible only inside its organization's context.
-- The context is set per transaction by withTenant (SET LOCAL), never per session.
CREATE OR REPLACE FUNCTION app_current_org() RETURNS uuid
  LANGUAGE sql STABLE
  AS $$ SELECT nullif(current_setting('app.org_id', true), '')::uuid $$;
--> statement-breakpoint
ALTER TABLE organization ENABLE ROW LEVEL SECURITY;
ALTER TABLE organization FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON organization USING (id = app_current_org()) WITH CHECK (id = app_current_org());
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['user_role', 'invite_token', 'product', 'company', 'company_contact', 'timeline_event', 'email_message']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (org_id = app_current_org()) WITH CHECK (org_id = app_current_org())', t);
  END LOOP;
END $$;
--> statement-breakpoint
ALTER TABLE master_ad_type ENABLE ROW LEVEL SECURITY;
ALTER TABLE master_ad_type FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON master_ad_type
  USING (org_id IS NULL OR org_id = app_current_org())
  WITH CHECK (org_id = app_current_org());
--> statement-breakpoint
INSERT INTO master_ad_type (slug, label) VALUES
  ('outfield-banner', 'Outfield Banner'),
  ('scoreboard', 'Scoreboard Sign'),
  ('program-ad', 'Game Program Ad'),
  ('website-ad', 'Website Ad'),
  ('social-media', 'Social Media Post'),
  ('pa-announcement', 'PA Announcement'),
  ('jersey-patch', 'Jersey Patch'),
  ('event-sponsor', 'Event Sponsorship');
