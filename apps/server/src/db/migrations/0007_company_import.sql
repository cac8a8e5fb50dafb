-- Company imports run in the background: the upload is stored once, checked for duplicates on the
-- server, then imported by a job that commits its progress with each batch (so a retry resumes
-- where it stopped and never inserts a batch twice).
CREATE TABLE company_import (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL REFERENCES organization(id) ON DELETE CASCADE,
  created_by uuid REFERENCES auth_user(id) ON DELETE SET NULL,
  file_name text NOT NULL,
  file_kind text NOT NULL,
  file_size integer NOT NULL,
  sheets text[] NOT NULL DEFAULT '{}',
  sheet text,
  mapping jsonb,
  decisions jsonb,
  status text NOT NULL DEFAULT 'uploaded',
  total_rows integer,
  rows_done integer NOT NULL DEFAULT 0,
  imported integer NOT NULL DEFAULT 0,
  skipped integer NOT NULL DEFAULT 0,
  failed integer NOT NULL DEFAULT 0,
  failures jsonb NOT NULL DEFAULT '[]',
  error text,
  attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz
);
CREATE INDEX company_import_org_idx ON company_import (org_id, created_at);
-- The sweep looks for unfinished imports by age across organizations.
CREATE INDEX company_import_open_idx ON company_import (created_at) WHERE status NOT IN ('done', 'failed', 'expired');
--> statement-breakpoint
-- The uploaded file, apart from the state that is polled every second. In the database rather than
-- on one node's disk, so the job can run on any app node; deleted when the import ends.
CREATE TABLE company_import_file (
  import_id uuid PRIMARY KEY REFERENCES company_import(id) ON DELETE CASCADE,
  org_id uuid NOT NULL REFERENCES organization(id) ON DELETE CASCADE,
  content bytea NOT NULL
);
CREATE INDEX company_import_file_org_idx ON company_import_file (org_id);
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['company_import', 'company_import_file']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (org_id = app_current_org()) WITH CHECK (org_id = app_current_org())', t);
  END LOOP;
END $$;
--> statement-breakpoint
-- The app role is normally created (and granted the tenant tables) by ensureRoles after the
-- migrations; it is created here first when missing so the grant can be given with the tables.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'pennant_app') THEN
    CREATE ROLE pennant_app NOLOGIN NOBYPASSRLS;
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN
  NULL; -- another node created it first
END $$;
GRANT SELECT, INSERT, UPDATE, DELETE ON company_import, company_import_file TO pennant_app;
