-- Fundraising (issue 15; spec 002 §3 fundraising_campaign, player, contact, player_contact, donation,
-- email_campaign, email_campaign_recipient; §4.1 campaign status, §4.4 reminders, §4.6 donations).
-- Tenant tables under forced row-level security like every other; money is integer cents.
CREATE TABLE fundraising_campaign (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL REFERENCES organization(id) ON DELETE CASCADE,
  name text NOT NULL,
  -- draft, ready, sent are the values the product writes; any other value reads as given (§4.1).
  status text NOT NULL DEFAULT 'draft',
  campaign_type text NOT NULL CHECK (campaign_type IN ('player', 'alumni')),
  goal_cents bigint CHECK (goal_cents >= 0),
  starts_at date NOT NULL,
  ends_at date NOT NULL,
  min_contacts_per_player integer NOT NULL DEFAULT 10 CHECK (min_contacts_per_player >= 0),
  subject_seed text,
  body_seed text,
  behalf_of_name text,
  message_perspective text NOT NULL DEFAULT 'team' CHECK (message_perspective IN ('player', 'team')),
  -- { autoScheduleEnabled, customScheduleEnabled, customIntervalsDays, maxReminders } (§4.4)
  reminder_schedule jsonb NOT NULL,
  is_deleted boolean NOT NULL DEFAULT false,
  created_by uuid REFERENCES auth_user(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  CHECK (ends_at >= starts_at)
);
CREATE INDEX fundraising_campaign_org_idx ON fundraising_campaign (org_id, created_at DESC, id DESC) WHERE NOT is_deleted;
-- The hourly reminder job reads sent campaigns only.
CREATE INDEX fundraising_campaign_sent_idx ON fundraising_campaign (starts_at) WHERE status = 'sent' AND NOT is_deleted;
--> statement-breakpoint
CREATE TABLE campaign_player (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL REFERENCES organization(id) ON DELETE CASCADE,
  campaign_id uuid NOT NULL REFERENCES fundraising_campaign(id) ON DELETE CASCADE,
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX campaign_player_name_idx ON campaign_player (campaign_id, lower(name));
CREATE INDEX campaign_player_org_idx ON campaign_player (org_id, campaign_id);
--> statement-breakpoint
-- A person the organization raises money from: one row per address in the organization, so an
-- opt-out holds for every campaign (a parent of two players is one contact).
CREATE TABLE fundraising_contact (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL REFERENCES organization(id) ON DELETE CASCADE,
  name text NOT NULL,
  email text NOT NULL,
  email_opt_out boolean NOT NULL DEFAULT false,
  opt_out_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX fundraising_contact_email_idx ON fundraising_contact (org_id, lower(email));
--> statement-breakpoint
-- player_contact of the spec: a contact in a campaign, under a player (null for alumni).
CREATE TABLE campaign_contact (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL REFERENCES organization(id) ON DELETE CASCADE,
  campaign_id uuid NOT NULL REFERENCES fundraising_campaign(id) ON DELETE CASCADE,
  player_id uuid REFERENCES campaign_player(id) ON DELETE SET NULL,
  contact_id uuid NOT NULL REFERENCES fundraising_contact(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (campaign_id, contact_id)
);
CREATE INDEX campaign_contact_org_idx ON campaign_contact (org_id, campaign_id, created_at);
CREATE INDEX campaign_contact_player_idx ON campaign_contact (campaign_id, player_id);
CREATE INDEX campaign_contact_contact_idx ON campaign_contact (contact_id);
--> statement-breakpoint
CREATE TABLE donation (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL REFERENCES organization(id) ON DELETE CASCADE,
  campaign_id uuid NOT NULL REFERENCES fundraising_campaign(id) ON DELETE CASCADE,
  player_id uuid REFERENCES campaign_player(id) ON DELETE SET NULL,
  contact_id uuid REFERENCES fundraising_contact(id) ON DELETE SET NULL,
  amount_cents bigint NOT NULL CHECK (amount_cents >= 100),
  -- pending until the provider's webhook says paid (exactly once: a conditional update).
  status text NOT NULL DEFAULT 'pending',
  checkout_session_id text UNIQUE,
  stripe_payment_intent_id text,
  stripe_account_id text,
  donor_name text,
  donor_email text,
  created_at timestamptz NOT NULL DEFAULT now(),
  paid_at timestamptz,
  CHECK ((status = 'paid') = (paid_at IS NOT NULL))
);
CREATE INDEX donation_campaign_idx ON donation (org_id, campaign_id, created_at DESC);
CREATE INDEX donation_campaign_paid_idx ON donation (campaign_id, paid_at) WHERE status = 'paid';
CREATE INDEX donation_org_paid_idx ON donation (org_id, paid_at) WHERE status = 'paid';
CREATE INDEX donation_contact_idx ON donation (campaign_id, contact_id) WHERE status = 'paid';
CREATE INDEX donation_player_idx ON donation (campaign_id, player_id) WHERE status = 'paid';
CREATE INDEX donation_donor_email_idx ON donation (campaign_id, lower(donor_email)) WHERE status = 'paid';
--> statement-breakpoint
-- An outreach batch (spec email_campaign): one launch of a fundraising campaign (and, next, a
-- prospect blast). queued, then completed when no recipient is left queued.
CREATE TABLE email_campaign (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL REFERENCES organization(id) ON DELETE CASCADE,
  name text NOT NULL,
  kind text NOT NULL DEFAULT 'fundraising' CHECK (kind IN ('fundraising', 'blast')),
  fundraising_campaign_id uuid REFERENCES fundraising_campaign(id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'completed')),
  subject text NOT NULL,
  body text NOT NULL,
  cadence_seconds integer NOT NULL DEFAULT 10 CHECK (cadence_seconds >= 0),
  recipient_count integer NOT NULL DEFAULT 0,
  created_by uuid REFERENCES auth_user(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz
);
CREATE INDEX email_campaign_fundraising_idx ON email_campaign (org_id, fundraising_campaign_id, created_at);
--> statement-breakpoint
CREATE TABLE email_campaign_recipient (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL REFERENCES organization(id) ON DELETE CASCADE,
  email_campaign_id uuid NOT NULL REFERENCES email_campaign(id) ON DELETE CASCADE,
  -- Set for fundraising launches: a contact gets a campaign's e-mail once, whatever launches follow.
  fundraising_campaign_id uuid REFERENCES fundraising_campaign(id) ON DELETE CASCADE,
  contact_id uuid NOT NULL REFERENCES fundraising_contact(id) ON DELETE CASCADE,
  player_id uuid REFERENCES campaign_player(id) ON DELETE SET NULL,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent', 'failed', 'skipped')),
  send_after timestamptz NOT NULL DEFAULT now(),
  email_message_id uuid REFERENCES email_message(id) ON DELETE SET NULL,
  sent_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX email_campaign_recipient_once_idx
  ON email_campaign_recipient (fundraising_campaign_id, contact_id) WHERE fundraising_campaign_id IS NOT NULL;
CREATE INDEX email_campaign_recipient_batch_idx ON email_campaign_recipient (email_campaign_id, status);
CREATE INDEX email_campaign_recipient_queued_idx ON email_campaign_recipient (send_after) WHERE status = 'queued';
--> statement-breakpoint
-- Reminders sent (§4.4): one per contact and reminder day; the unique key makes a rerun send nothing twice.
CREATE TABLE campaign_reminder (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL REFERENCES organization(id) ON DELETE CASCADE,
  campaign_id uuid NOT NULL REFERENCES fundraising_campaign(id) ON DELETE CASCADE,
  contact_id uuid NOT NULL REFERENCES fundraising_contact(id) ON DELETE CASCADE,
  reminder_day integer NOT NULL,
  email_message_id uuid REFERENCES email_message(id) ON DELETE SET NULL,
  sent_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (campaign_id, contact_id, reminder_day)
);
CREATE INDEX campaign_reminder_org_idx ON campaign_reminder (org_id, campaign_id, contact_id, sent_at DESC);
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['fundraising_campaign', 'campaign_player', 'fundraising_contact', 'campaign_contact',
                           'donation', 'email_campaign', 'email_campaign_recipient', 'campaign_reminder']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (org_id = app_current_org()) WITH CHECK (org_id = app_current_org())', t);
  END LOOP;
END $$;
--> statement-breakpoint
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'pennant_app') THEN
    CREATE ROLE pennant_app NOLOGIN NOBYPASSRLS;
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN
  NULL; -- another node created it first
END $$;
GRANT SELECT, INSERT, UPDATE, DELETE ON fundraising_campaign, campaign_player, fundraising_contact, campaign_contact,
  donation, email_campaign, email_campaign_recipient, campaign_reminder TO pennant_app;
