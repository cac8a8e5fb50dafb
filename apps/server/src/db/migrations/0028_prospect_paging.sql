-- The blast's recipients at 100,000 companies (issue 18): GET /outreach/prospects answered every
-- active prospect (36,000 in the large organization, most of a second) and is now a page of 50 by
-- contact name with a search.
--
-- Keys as plain columns. Under row-level security the planner uses an index condition only when
-- the condition is leakproof, and lower() and btrim() are not, so neither a keyset condition on
-- lower(name) nor an e-mail match on lower(btrim(email)) could use an index (the same reason as
-- donation.donor_email_key in 0019). A generated column compared with < > = is leakproof.
ALTER TABLE company_contact ADD COLUMN name_key text GENERATED ALWAYS AS (lower(name)) STORED;
ALTER TABLE company_contact ADD COLUMN email_key text GENERATED ALWAYS AS (NULLIF(lower(btrim(email)), '')) STORED;
--> statement-breakpoint
-- The prospects' order (contact name, then the company's id) over the contacts that can be one:
-- a page is a walk of this index from the last row seen, whatever its depth. email_key rides along
-- for the opt-out test.
CREATE INDEX company_contact_prospect_idx ON company_contact (org_id, name_key, company_id) INCLUDE (email_key)
  WHERE is_primary AND is_active AND email_key IS NOT NULL;
-- A prospect's company is looked up by id once per contact walked (the total counts up to 500 of
-- them), for its status and, in a search, its name: with both in the index the look-up never reads
-- the table.
CREATE INDEX company_id_status_idx ON company (id) INCLUDE (org_id, status, name);
-- The opted-out addresses of an organization, read for every page: without these each request read
-- all of its company and fundraising contacts.
CREATE INDEX company_contact_opted_out_idx ON company_contact (org_id) INCLUDE (email_key) WHERE email_opt_out;
CREATE INDEX fundraising_contact_opted_out_idx ON fundraising_contact (org_id) INCLUDE (email) WHERE email_opt_out;
--> statement-breakpoint
-- The searched text of each company contact (name and e-mail, one per line so a one-line term never
-- matches across the two) under a trigram index, like company_search (0005) for companies: an
-- ILIKE on company_contact itself can never use an index under row-level security. Written only by
-- company_contact's statement triggers, read only through company_contact_search_hits; the app
-- role has no grant on it.
CREATE OR REPLACE FUNCTION company_contact_search_doc(name text, email text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT coalesce(name, '') || E'\n' || coalesce(email, '') $$;
--> statement-breakpoint
CREATE TABLE company_contact_search (
  contact_id uuid PRIMARY KEY REFERENCES company_contact(id) ON DELETE CASCADE,
  org_id uuid NOT NULL,
  doc text NOT NULL
);
-- No org_id index on purpose (see company_search): a search must go through the trigram index.
CREATE INDEX company_contact_search_doc_trgm_idx ON company_contact_search USING gin (doc gin_trgm_ops);
ALTER TABLE company_contact_search ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON company_contact_search USING (org_id = app_current_org()) WITH CHECK (org_id = app_current_org());
--> statement-breakpoint
-- Statement-level: an import batch of 1,000 contacts is one extra INSERT. A deleted contact's row
-- goes with it (ON DELETE CASCADE), an organization's with its contacts.
CREATE OR REPLACE FUNCTION company_contact_after_insert() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
BEGIN
  INSERT INTO company_contact_search (contact_id, org_id, doc)
  SELECT id, org_id, company_contact_search_doc(name, email) FROM new_rows;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION company_contact_after_update() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
BEGIN
  -- Only rows whose text or organization moved (an opt-out or a new primary changes neither).
  UPDATE company_contact_search s SET doc = d.doc, org_id = d.org_id
  FROM (SELECT id, org_id, company_contact_search_doc(name, email) AS doc FROM new_rows) d
  WHERE s.contact_id = d.id AND (s.doc <> d.doc OR s.org_id <> d.org_id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER company_contact_after_insert AFTER INSERT ON company_contact
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION company_contact_after_insert();
CREATE TRIGGER company_contact_after_update AFTER UPDATE ON company_contact
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION company_contact_after_update();
--> statement-breakpoint
-- The contacts whose name or e-mail holds the pattern, for the tenant role: scoped by the
-- transaction's organization (app_current_org(), set by withTenant) as well as the one named.
CREATE OR REPLACE FUNCTION company_contact_search_hits(p_org uuid, p_pattern text) RETURNS TABLE (contact_id uuid)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp ROWS 500
  AS $$ SELECT s.contact_id FROM company_contact_search s
        WHERE s.org_id = p_org AND s.org_id = app_current_org() AND s.doc ILIKE p_pattern $$;
--> statement-breakpoint
-- Existing contacts. The owner is itself subject to company_contact's forced row security, so it is
-- lifted for the copy (inside this migration's transaction, which holds the table lock).
ALTER TABLE company_contact NO FORCE ROW LEVEL SECURITY;
INSERT INTO company_contact_search (contact_id, org_id, doc)
SELECT id, org_id, company_contact_search_doc(name, email) FROM company_contact;
ALTER TABLE company_contact FORCE ROW LEVEL SECURITY;
