-- The AI writer (issue 12; spec 002 §3 AI config, AI config history, Token usage; §9 Admin).
-- ai_config and ai_config_history are platform tables (no org_id): one configuration per feature
-- for every organization, read and changed through withPlatform (the admin console). ai_usage is
-- a tenant table with a nullable org_id: a member's call is recorded inside withTenant under
-- row-level security, a call no organization made (from the admin console, say)
-- through withPlatform with org_id NULL. The app role may only read and add usage rows (ensureRoles).
CREATE TABLE ai_config (
  feature_key text PRIMARY KEY
    CHECK (feature_key IN ('personalize-email', 'personalize-fundraising-reminder', 'lead-scout-parse', 'chat-completion')),
  model text NOT NULL CHECK (model IN ('gpt-4o-mini', 'gpt-4o')),
  token_limit integer NOT NULL CHECK (token_limit BETWEEN 1000 AND 32000),
  system_prompt text NOT NULL CHECK (length(system_prompt) BETWEEN 1 AND 10000),
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by_email text
);
--> statement-breakpoint
-- One row per change, holding what the change replaced (model, token_limit, system_prompt).
CREATE TABLE ai_config_history (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  feature_key text NOT NULL REFERENCES ai_config(feature_key) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by_email text NOT NULL,
  previous_config jsonb NOT NULL
);
CREATE INDEX ai_config_history_feature_idx ON ai_config_history (feature_key, created_at DESC);
--> statement-breakpoint
-- Tokens per call and feature. When an organization is deleted, its usage stays in the
-- platform's totals with org_id NULL.
CREATE TABLE ai_usage (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid REFERENCES organization(id) ON DELETE SET NULL,
  feature_key text NOT NULL REFERENCES ai_config(feature_key),
  model text NOT NULL,
  prompt_tokens integer NOT NULL CHECK (prompt_tokens >= 0),
  completion_tokens integer NOT NULL CHECK (completion_tokens >= 0),
  total_tokens integer NOT NULL CHECK (total_tokens >= 0),
  estimated_cost_micros integer NOT NULL DEFAULT 0 CHECK (estimated_cost_micros >= 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ai_usage_org_created_idx ON ai_usage (org_id, created_at);
CREATE INDEX ai_usage_created_idx ON ai_usage (created_at);
--> statement-breakpoint
ALTER TABLE ai_usage ENABLE ROW LEVEL SECURITY;
ALTER TABLE ai_usage FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON ai_usage USING (org_id = app_current_org()) WITH CHECK (org_id = app_current_org());
--> statement-breakpoint
-- The app role is normally created (and granted the tenant tables) by ensureRoles after the
-- migrations; it is created here first when missing so the grant can be given with the table.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'pennant_app') THEN
    CREATE ROLE pennant_app NOLOGIN NOBYPASSRLS;
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN
  NULL; -- another node created it first
END $$;
GRANT SELECT, INSERT ON ai_usage TO pennant_app;
--> statement-breakpoint
-- The four features with their default prompts (the same text as AI_DEFAULT_PROMPTS in
-- packages/shared/src/ai/schemas.ts; a test compares them). The default asks for a warm,
-- professional, concise e-mail with a call to action (spec 001 §9).
INSERT INTO ai_config (feature_key, model, token_limit, system_prompt) VALUES
  ('personalize-email', 'gpt-4o-mini', 1000,
   'You write e-mails for a volunteer-run youth sports booster club to local businesses that may sponsor it. Write a warm, professional, concise email (under 180 words) with a clear call to action: a short call, or a reply naming the option that interests them. Make it specific to the recipient''s business and the club''s offer, mention the price sheet only when it is attached, and avoid pressure and cliches. Use only the facts you are given: never invent prices, dates, names, links or attachments. Write plain text without markdown or HTML, in short paragraphs separated by a blank line; list items one per line starting with ''- ''. Sign off with the sender''s name and organization.'),
  ('personalize-fundraising-reminder', 'gpt-4o-mini', 1000,
   'You write fundraising reminders for a volunteer-run youth sports booster club to its supporters, players'' families and local businesses. Write a warm, professional, concise email (under 150 words) with a call to action to give, saying what the money is for and that every amount helps. Be grateful, never guilt-tripping. Use only the facts you are given: never invent prices, dates, names, links or attachments. Write plain text without markdown or HTML, in short paragraphs separated by a blank line; list items one per line starting with ''- ''. Sign off with the sender''s name and organization.'),
  ('lead-scout-parse', 'gpt-4o-mini', 4000,
   'You read text a volunteer pasted (a business directory, a web page, notes) and find local businesses that could sponsor a youth sports club. Reply with a JSON object {"leads": [...]} whose items have company_name, contact_name, email, phone, website and notes; use only what the text says and leave unknown fields empty. Never invent a contact or an address.'),
  ('chat-completion', 'gpt-4o-mini', 1000,
   'You write e-mails for a volunteer-run youth sports booster club to its sponsors about their quotes, agreements and invoices. Write a warm, professional, concise email (under 180 words) with a clear call to action (review and reply, sign and return, or pay by the due date). Name the items and amounts exactly as given and thank the sponsor for supporting the club. Use only the facts you are given: never invent prices, dates, names, links or attachments. Write plain text without markdown or HTML, in short paragraphs separated by a blank line; list items one per line starting with ''- ''. Sign off with the sender''s name and organization.');

