-- Invoices (issue 14; spec 001 §3 invoice and its line items, §4 Invoice status, §7 Invoices, §9).
-- A tenant table under forced row-level security like every other. Money is integer cents; the
-- total is kept by the service from the lines. A card invoice ('stripe') also lives at the
-- payment provider on the organization's connected account: its id there is unique, so a
-- webhook finds exactly one invoice.
CREATE TABLE invoice (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL REFERENCES organization(id) ON DELETE CASCADE,
  company_id uuid NOT NULL REFERENCES company(id) ON DELETE CASCADE,
  agreement_id uuid REFERENCES contract(id) ON DELETE SET NULL,
  quote_id uuid REFERENCES quote(id) ON DELETE SET NULL,
  invoice_source text NOT NULL DEFAULT 'direct' CHECK (invoice_source IN ('agreement', 'quote', 'direct')),
  invoice_type text NOT NULL DEFAULT 'manual' CHECK (invoice_type IN ('stripe', 'manual')),
  status text NOT NULL DEFAULT 'pending'
    CHECK (status IN ('draft', 'pending', 'sent', 'overdue', 'paid', 'void')),
  stripe_invoice_id text UNIQUE,
  stripe_account_id text,
  hosted_url text,
  pdf_url text,
  due_date date NOT NULL,
  memo text,
  remit_to_info text,
  total_amount_cents bigint NOT NULL DEFAULT 0 CHECK (total_amount_cents >= 0),
  created_by uuid REFERENCES auth_user(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  paid_at timestamptz,
  voided_at timestamptz,
  -- Paid means when: the two go together.
  CHECK ((status = 'paid') = (paid_at IS NOT NULL))
);
-- The list: newest first within the organization, per tab (active / paid) and per company.
CREATE INDEX invoice_org_created_idx ON invoice (org_id, created_at DESC, id DESC);
CREATE INDEX invoice_org_status_created_idx ON invoice (org_id, status, created_at DESC, id DESC);
CREATE INDEX invoice_org_company_idx ON invoice (org_id, company_id, created_at DESC);
CREATE INDEX invoice_company_idx ON invoice (company_id);
CREATE INDEX invoice_agreement_idx ON invoice (agreement_id) WHERE agreement_id IS NOT NULL;
CREATE INDEX invoice_quote_idx ON invoice (quote_id) WHERE quote_id IS NOT NULL;
-- The KPI cards and the dashboard read unpaid invoices by status and due date, and paid ones by date.
CREATE INDEX invoice_org_open_due_idx ON invoice (org_id, status, due_date) WHERE status IN ('pending', 'sent', 'overdue');
CREATE INDEX invoice_org_paid_idx ON invoice (org_id, paid_at) WHERE status = 'paid';
-- The daily overdue job reads only sent invoices by due date.
CREATE INDEX invoice_sent_due_idx ON invoice (due_date) WHERE status = 'sent';
--> statement-breakpoint
CREATE TABLE invoice_line_item (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL REFERENCES organization(id) ON DELETE CASCADE,
  invoice_id uuid NOT NULL REFERENCES invoice(id) ON DELETE CASCADE,
  description text NOT NULL,
  unit_price_cents bigint NOT NULL CHECK (unit_price_cents >= 1),
  quantity integer NOT NULL CHECK (quantity >= 1),
  total_cents bigint NOT NULL CHECK (total_cents >= 0),
  position integer NOT NULL DEFAULT 0
);
CREATE INDEX invoice_line_item_invoice_idx ON invoice_line_item (org_id, invoice_id, position);
--> statement-breakpoint
-- Invoice e-mails are logged like quote and agreement ones; timeline events may name an invoice.
ALTER TABLE email_log ADD COLUMN invoice_id uuid REFERENCES invoice(id) ON DELETE CASCADE;
CREATE INDEX email_log_invoice_idx ON email_log (invoice_id, created_at DESC) WHERE invoice_id IS NOT NULL;
ALTER TABLE timeline_event ADD COLUMN invoice_id uuid REFERENCES invoice(id) ON DELETE CASCADE;
CREATE INDEX timeline_event_invoice_idx ON timeline_event (org_id, invoice_id, occurred_at) WHERE invoice_id IS NOT NULL;
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['invoice', 'invoice_line_item']
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
GRANT SELECT, INSERT, UPDATE, DELETE ON invoice, invoice_line_item TO pennant_app;
