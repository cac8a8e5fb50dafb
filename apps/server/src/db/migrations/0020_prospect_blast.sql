-- The prospect e-mail blast (issue 16; spec 002 §2.6, §3, §4.5, §7.6). A blast is an email_campaign of
-- kind 'blast' (0016 allowed it): the seeds in subject/body, the price list, the CC and the price
-- sheet made once for the whole blast. Its recipients are companies' primary contacts, each with
-- the final subject and sanitised HTML that was approved in the dialog.
ALTER TABLE company_contact ADD COLUMN email_opt_out boolean NOT NULL DEFAULT false;
ALTER TABLE company_contact ADD COLUMN opt_out_at timestamptz;
--> statement-breakpoint
ALTER TABLE email_campaign ADD COLUMN price_list_id uuid REFERENCES price_list(id) ON DELETE SET NULL;
ALTER TABLE email_campaign ADD COLUMN attach_pdf boolean NOT NULL DEFAULT false;
ALTER TABLE email_campaign ADD COLUMN cc_role text CHECK (cc_role IN ('lead', 'treasurer', 'me'));
ALTER TABLE email_campaign ADD COLUMN cc_email text;
-- The price sheet, rendered at the first e-mail's turn and stored (files), then read by every other.
ALTER TABLE email_campaign ADD COLUMN attachment_key text;
ALTER TABLE email_campaign ADD COLUMN attachment_name text;
CREATE INDEX email_campaign_blast_idx ON email_campaign (org_id, created_at DESC) WHERE kind = 'blast';
--> statement-breakpoint
ALTER TABLE email_campaign_recipient ALTER COLUMN contact_id DROP NOT NULL;
ALTER TABLE email_campaign_recipient ADD COLUMN company_id uuid REFERENCES company(id) ON DELETE CASCADE;
ALTER TABLE email_campaign_recipient ADD COLUMN company_contact_id uuid REFERENCES company_contact(id) ON DELETE SET NULL;
ALTER TABLE email_campaign_recipient ADD COLUMN email text;
ALTER TABLE email_campaign_recipient ADD COLUMN subject text;
ALTER TABLE email_campaign_recipient ADD COLUMN html text;
ALTER TABLE email_campaign_recipient ADD CONSTRAINT email_campaign_recipient_who
  CHECK (contact_id IS NOT NULL OR company_id IS NOT NULL);
-- A company is in a blast once.
CREATE UNIQUE INDEX email_campaign_recipient_company_idx
  ON email_campaign_recipient (email_campaign_id, company_id) WHERE company_id IS NOT NULL;
--> statement-breakpoint
-- Spec 001 §3 'price sheet send log': which price list went to which company, when.
CREATE TABLE price_sheet_send_log (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL REFERENCES organization(id) ON DELETE CASCADE,
  company_id uuid NOT NULL REFERENCES company(id) ON DELETE CASCADE,
  price_list_id uuid REFERENCES price_list(id) ON DELETE SET NULL,
  email_campaign_id uuid REFERENCES email_campaign(id) ON DELETE SET NULL,
  email_message_id uuid REFERENCES email_message(id) ON DELETE SET NULL,
  sent_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX price_sheet_send_log_company_idx ON price_sheet_send_log (org_id, company_id, sent_at DESC);
-- One row per blast e-mail: a retried job writes it once.
CREATE UNIQUE INDEX price_sheet_send_log_message_idx ON price_sheet_send_log (email_message_id)
  WHERE email_message_id IS NOT NULL;
ALTER TABLE price_sheet_send_log ENABLE ROW LEVEL SECURITY;
ALTER TABLE price_sheet_send_log FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON price_sheet_send_log USING (org_id = app_current_org()) WITH CHECK (org_id = app_current_org());
