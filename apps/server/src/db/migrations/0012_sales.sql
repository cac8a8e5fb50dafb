-- Quotes and agreements (issue 12; spec 001 §3 quote, quote_line, quote_document, email_log,
-- agreement / contract, agreement lines, agreement_document). Every table carries org_id under
-- forced row-level security. Documents store the file store's key, not a URL: links are signed
-- and short-lived, made on each request. Lists are read newest first on (org_id, created_at, id).
CREATE TABLE quote (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL REFERENCES organization(id) ON DELETE CASCADE,
  company_id uuid NOT NULL REFERENCES company(id) ON DELETE CASCADE,
  -- The legacy sponsor record of the spec; Pennant's quotes always name a company.
  sponsor_id uuid,
  status text NOT NULL DEFAULT 'draft'
    CHECK (status IN ('draft', 'sent', 'accepted', 'rejected', 'expired', 'contracted', 'archived')),
  origin_price_list_id uuid REFERENCES price_list(id) ON DELETE SET NULL,
  created_by_id uuid REFERENCES auth_user(id) ON DELETE SET NULL,
  notes text,
  recipient_emails text,
  email_subject text,
  email_body text,
  -- Year-1 total of the lines (setup fees included), kept by the service whenever lines change.
  total_cents bigint NOT NULL DEFAULT 0 CHECK (total_cents >= 0),
  renewal_cents bigint NOT NULL DEFAULT 0 CHECK (renewal_cents >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  expires_at timestamptz,
  accepted_at timestamptz,
  rejected_at timestamptz,
  expired_at timestamptz,
  archived_at timestamptz
);
CREATE INDEX quote_org_created_idx ON quote (org_id, created_at DESC, id DESC);
CREATE INDEX quote_org_status_created_idx ON quote (org_id, status, created_at DESC, id DESC);
CREATE INDEX quote_org_company_idx ON quote (org_id, company_id, created_at DESC);
CREATE INDEX quote_company_idx ON quote (company_id);
-- The daily expiry job reads only sent quotes past their date.
CREATE INDEX quote_sent_expiry_idx ON quote (expires_at) WHERE status = 'sent';
--> statement-breakpoint
CREATE TABLE quote_line (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL REFERENCES organization(id) ON DELETE CASCADE,
  quote_id uuid NOT NULL REFERENCES quote(id) ON DELETE CASCADE,
  product_id uuid REFERENCES product(id) ON DELETE SET NULL,
  bundle_id uuid REFERENCES bundle(id) ON DELETE SET NULL,
  item_name text NOT NULL,
  qty integer NOT NULL CHECK (qty >= 1),
  unit_price_cents integer NOT NULL CHECK (unit_price_cents >= 0),
  is_setup_fee boolean NOT NULL DEFAULT false,
  position integer NOT NULL DEFAULT 0
);
CREATE INDEX quote_line_quote_idx ON quote_line (org_id, quote_id, position);
CREATE INDEX quote_line_product_idx ON quote_line (product_id);
CREATE INDEX quote_line_bundle_idx ON quote_line (bundle_id);
--> statement-breakpoint
CREATE TABLE quote_document (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL REFERENCES organization(id) ON DELETE CASCADE,
  quote_id uuid NOT NULL UNIQUE REFERENCES quote(id) ON DELETE CASCADE,
  file_key text NOT NULL,
  file_name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX quote_document_org_idx ON quote_document (org_id);
--> statement-breakpoint
CREATE TABLE contract (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL REFERENCES organization(id) ON DELETE CASCADE,
  quote_id uuid REFERENCES quote(id) ON DELETE SET NULL,
  company_id uuid NOT NULL REFERENCES company(id) ON DELETE CASCADE,
  sponsor_id uuid,
  status text NOT NULL DEFAULT 'active',
  season_label text,
  start_date date NOT NULL,
  end_date date NOT NULL,
  term_months integer NOT NULL CHECK (term_months >= 1),
  total_value_cents bigint CHECK (total_value_cents >= 0),
  calculated_total_value_cents bigint CHECK (calculated_total_value_cents >= 0),
  -- The value the list sorts by: the calculated total, else the stored total (spec §3). The rule's
  -- last step (the quote's lines) only applies when both are 0, and then the lines sum to 0 too
  -- for any agreement Pennant made, so this column orders exactly as the rule reads.
  sort_value_cents bigint GENERATED ALWAYS AS (
    COALESCE(NULLIF(calculated_total_value_cents, 0), NULLIF(total_value_cents, 0))
  ) STORED,
  clauses text[] NOT NULL DEFAULT '{}',
  notes text,
  created_by uuid REFERENCES auth_user(id) ON DELETE SET NULL,
  deleted_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT contract_dates CHECK (end_date > start_date)
);
-- One agreement per quote (the accept flow and the form both make at most one).
CREATE UNIQUE INDEX contract_quote_uq ON contract (quote_id) WHERE quote_id IS NOT NULL;
CREATE INDEX contract_org_created_idx ON contract (org_id, created_at DESC, id DESC) WHERE deleted_at IS NULL;
CREATE INDEX contract_org_deleted_idx ON contract (org_id, deleted_at) WHERE deleted_at IS NOT NULL;
CREATE INDEX contract_org_status_end_idx ON contract (org_id, status, end_date) WHERE deleted_at IS NULL;
CREATE INDEX contract_org_company_idx ON contract (org_id, company_id);
-- The list's other sorts (start date, end date, status) read the live agreements in order.
CREATE INDEX contract_org_start_idx ON contract (org_id, start_date, created_at, id) WHERE deleted_at IS NULL;
CREATE INDEX contract_org_end_idx ON contract (org_id, end_date, created_at, id) WHERE deleted_at IS NULL;
CREATE INDEX contract_org_value_desc_idx ON contract (org_id, sort_value_cents DESC NULLS LAST, created_at DESC, id DESC) WHERE deleted_at IS NULL;
CREATE INDEX contract_org_value_asc_idx ON contract (org_id, sort_value_cents ASC NULLS LAST, created_at, id) WHERE deleted_at IS NULL;
CREATE INDEX contract_org_status_sort_idx ON contract (org_id, status, created_at, id) WHERE deleted_at IS NULL;
CREATE INDEX contract_company_idx ON contract (company_id);
--> statement-breakpoint
CREATE TABLE contract_line (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL REFERENCES organization(id) ON DELETE CASCADE,
  contract_id uuid NOT NULL REFERENCES contract(id) ON DELETE CASCADE,
  product_id uuid REFERENCES product(id) ON DELETE SET NULL,
  bundle_id uuid REFERENCES bundle(id) ON DELETE SET NULL,
  item_name text NOT NULL,
  qty integer NOT NULL CHECK (qty >= 1),
  unit_price_cents integer NOT NULL CHECK (unit_price_cents >= 0),
  setup_fee_cents integer NOT NULL DEFAULT 0 CHECK (setup_fee_cents >= 0),
  position integer NOT NULL DEFAULT 0
);
CREATE INDEX contract_line_contract_idx ON contract_line (org_id, contract_id, position);
CREATE INDEX contract_line_product_idx ON contract_line (product_id);
CREATE INDEX contract_line_bundle_idx ON contract_line (bundle_id);
--> statement-breakpoint
CREATE TABLE agreement_document (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL REFERENCES organization(id) ON DELETE CASCADE,
  agreement_id uuid NOT NULL UNIQUE REFERENCES contract(id) ON DELETE CASCADE,
  file_key text NOT NULL,
  file_name text NOT NULL,
  pdf_generation_status text NOT NULL DEFAULT 'completed',
  created_by uuid REFERENCES auth_user(id) ON DELETE SET NULL,
  -- generated_at, generated_by, file_name, email_sent_to, sent_at (spec §3)
  metadata jsonb NOT NULL DEFAULT '{}',
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX agreement_document_org_idx ON agreement_document (org_id);
--> statement-breakpoint
-- What was e-mailed about a quote or an agreement (spec §3 email_log).
CREATE TABLE email_log (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL REFERENCES organization(id) ON DELETE CASCADE,
  company_id uuid REFERENCES company(id) ON DELETE CASCADE,
  sponsor_id uuid,
  quote_id uuid REFERENCES quote(id) ON DELETE CASCADE,
  contract_id uuid REFERENCES contract(id) ON DELETE CASCADE,
  recipients text NOT NULL,
  subject text NOT NULL,
  body_html text NOT NULL,
  direction text NOT NULL DEFAULT 'outbound',
  email_type text NOT NULL,
  created_by uuid REFERENCES auth_user(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX email_log_org_created_idx ON email_log (org_id, created_at);
CREATE INDEX email_log_quote_idx ON email_log (quote_id);
CREATE INDEX email_log_contract_idx ON email_log (contract_id);
--> statement-breakpoint
-- Timeline events may name a quote or an agreement; deleting the quote removes its events.
CREATE INDEX timeline_event_quote_idx ON timeline_event (quote_id) WHERE quote_id IS NOT NULL;
CREATE INDEX timeline_event_contract_idx ON timeline_event (org_id, contract_id, occurred_at) WHERE contract_id IS NOT NULL;
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['quote', 'quote_line', 'quote_document', 'contract', 'contract_line', 'agreement_document', 'email_log']
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
GRANT SELECT, INSERT, UPDATE, DELETE
  ON quote, quote_line, quote_document, contract, contract_line, agreement_document, email_log TO pennant_app;
