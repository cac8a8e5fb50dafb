-- Premium billing (spec 000 §3 invoice_receipt; issue 13).
-- The payment provider's events, each recorded once by its own id (a platform table: no org_id;
-- the job that handles an event finds the organization from what the event names).
CREATE TABLE payment_event (
  id text PRIMARY KEY,
  type text NOT NULL,
  payload jsonb NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  processed_at timestamptz,
  attempts integer NOT NULL DEFAULT 0
);
CREATE INDEX payment_event_unprocessed_idx ON payment_event (received_at) WHERE processed_at IS NULL;
--> statement-breakpoint
-- One row per paid provider invoice of the organization's subscription.
CREATE TABLE invoice_receipt (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL REFERENCES organization(id) ON DELETE CASCADE,
  provider_invoice_id text NOT NULL UNIQUE,
  paid_at timestamptz NOT NULL,
  amount_paid_cents bigint NOT NULL,
  hosted_url text,
  pdf_key text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX invoice_receipt_org_paid_idx ON invoice_receipt (org_id, paid_at DESC);
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['invoice_receipt']
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
-- Receipts are records of what was paid: the app role reads them and adds (the job writes them as
-- the platform), never changes or deletes one (APPEND_ONLY_TABLES in tenant-tables.ts).
GRANT SELECT, INSERT ON invoice_receipt TO pennant_app;
