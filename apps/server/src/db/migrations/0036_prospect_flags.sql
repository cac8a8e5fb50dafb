-- The prospect blast's Recipients table (GET /outreach/prospects) walked the prospect index of 0028
-- and, for every contact walked, looked its company up for the pipeline status and tested its
-- address against every opted-out address of the organization, hashed afresh for each request
-- (2,000 of them in the bench's large organization: a third of the statement), and the statement
-- was planned for its values each time, 2 ms more, since a generic plan could not tell a large
-- organization's walk from a small one's (issue 18). Each company contact now carries both answers,
-- kept by the triggers below, so an active prospect is an entry of one partial index and a page is
-- a walk of it that stops after the page, prepared once per connection.
--
-- company_in_pipeline: the contact's company is in a pipeline status (packages/shared
--   PROSPECT_STATUSES: prospect, contacted, negotiating).
-- address_opted_out: the contact's address (email_key) opted out, as this or another company
--   contact of the organization or as a fundraising contact (lower(email)), the rule that
--   blast.repo.ts wrote out in every statement before.
ALTER TABLE company_contact
  ADD COLUMN company_in_pipeline boolean NOT NULL DEFAULT false,
  ADD COLUMN address_opted_out boolean NOT NULL DEFAULT false;
--> statement-breakpoint
-- Every contact with the address, opted out or not, is found by this index: the trigger's check of
-- the others and the passing on of an opt-out. It replaces 0028's opted-out index (org_id only),
-- whose one reader (the opted-out addresses hashed per request) is gone.
CREATE INDEX company_contact_email_key_idx ON company_contact (org_id, email_key);
DROP INDEX company_contact_opted_out_idx;
DROP INDEX fundraising_contact_opted_out_idx;
--> statement-breakpoint
-- A contact takes its company's status and its address's opt-out as it is written. Everything it
-- reads is locked FOR SHARE, the company and every contact with the address, opted out or not, so
-- a status change or an opt-out being made in another transaction is waited for and then seen
-- (the locked rows are their latest versions), and one that starts after waits for this contact
-- and then passes itself on to it. Runs as the caller, under the caller's row security.
--
-- A new contact's address is checked against the others' opt-outs after its statement, for all of
-- the statement's rows at once (company_contact_check_new_addresses below): an import of 100,000
-- companies writes 60,000 contacts, and a check per row here was half a second of it.
CREATE OR REPLACE FUNCTION company_contact_take_prospect_state() RETURNS trigger
  LANGUAGE plpgsql SET search_path = public, pg_temp
  AS $$
DECLARE
  k text := NULLIF(lower(btrim(NEW.email)), '');
BEGIN
  SELECT c.status IN ('prospect', 'contacted', 'negotiating') INTO NEW.company_in_pipeline
  FROM company c WHERE c.org_id = NEW.org_id AND c.id = NEW.company_id
  FOR SHARE;
  NEW.company_in_pipeline := coalesce(NEW.company_in_pipeline, false);
  IF k IS NULL THEN
    NEW.address_opted_out := false;
  ELSIF NEW.email_opt_out THEN
    NEW.address_opted_out := true;
  ELSIF TG_OP = 'INSERT' THEN
    NEW.address_opted_out := false;
  ELSE
    WITH others AS (
      SELECT o.email_opt_out FROM company_contact o
      WHERE o.org_id = NEW.org_id AND o.email_key = k AND o.id <> NEW.id
      FOR SHARE
    ), donors AS (
      SELECT f.email_opt_out FROM fundraising_contact f
      WHERE f.org_id = NEW.org_id AND lower(f.email) = k
      FOR SHARE
    )
    SELECT EXISTS (SELECT 1 FROM others WHERE email_opt_out) OR EXISTS (SELECT 1 FROM donors WHERE email_opt_out)
    INTO NEW.address_opted_out;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER company_contact_take_prospect_state
  BEFORE INSERT OR UPDATE OF company_id, email, email_opt_out, company_in_pipeline, address_opted_out ON company_contact
  FOR EACH ROW EXECUTE FUNCTION company_contact_take_prospect_state();
--> statement-breakpoint
-- The new contacts whose address another contact of the organization opted out: every contact with a
-- new address is locked first (as the row trigger locks them, and by index, one probe per new
-- contact), then those that opted out are read, and the new contacts they concern are written again
-- so that the row trigger decides. An import with no such address writes nothing twice.
CREATE OR REPLACE FUNCTION company_contact_check_new_addresses() RETURNS trigger
  LANGUAGE plpgsql SET search_path = public, pg_temp
  AS $$
BEGIN
  PERFORM 1 FROM new_rows n
  CROSS JOIN LATERAL (
    SELECT 1 FROM company_contact o
    WHERE o.org_id = n.org_id AND o.email_key = n.email_key AND o.id <> n.id FOR SHARE
  ) x
  WHERE n.email_key IS NOT NULL AND NOT n.email_opt_out;
  PERFORM 1 FROM new_rows n
  CROSS JOIN LATERAL (
    SELECT 1 FROM fundraising_contact f WHERE f.org_id = n.org_id AND lower(f.email) = n.email_key FOR SHARE
  ) x
  WHERE n.email_key IS NOT NULL AND NOT n.email_opt_out;
  UPDATE company_contact SET address_opted_out = address_opted_out
  WHERE id IN (
    SELECT n.id FROM new_rows n
    WHERE n.email_key IS NOT NULL AND NOT n.email_opt_out
      AND (EXISTS (SELECT 1 FROM company_contact o
                   WHERE o.org_id = n.org_id AND o.email_key = n.email_key AND o.id <> n.id AND o.email_opt_out)
           OR EXISTS (SELECT 1 FROM fundraising_contact f
                      WHERE f.org_id = n.org_id AND lower(f.email) = n.email_key AND f.email_opt_out)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER company_contact_check_new_addresses AFTER INSERT ON company_contact
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION company_contact_check_new_addresses();
--> statement-breakpoint
-- A company that enters or leaves the pipeline passes it to its contacts (a write of the flag makes
-- the trigger above read it again).
CREATE OR REPLACE FUNCTION company_pass_pipeline_to_contacts() RETURNS trigger
  LANGUAGE plpgsql SET search_path = public, pg_temp
  AS $$
BEGIN
  UPDATE company_contact SET company_in_pipeline = company_in_pipeline
  WHERE org_id = NEW.org_id AND company_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER company_pass_pipeline_to_contacts AFTER UPDATE OF status ON company
  FOR EACH ROW
  WHEN ((OLD.status IN ('prospect', 'contacted', 'negotiating')) IS DISTINCT FROM
        (NEW.status IN ('prospect', 'contacted', 'negotiating')))
  EXECUTE FUNCTION company_pass_pipeline_to_contacts();
--> statement-breakpoint
-- An opt-out given, taken back, moved to another address or deleted, as a company contact or as a
-- fundraising contact, passes to the organization's company contacts with the address (old and
-- new). Only rows whose opt-out is involved run it (the WHEN clauses), so an import of contacts
-- with no opt-out never calls it.
CREATE OR REPLACE FUNCTION pass_address_opt_out() RETURNS trigger
  LANGUAGE plpgsql SET search_path = public, pg_temp
  AS $$
DECLARE
  org uuid;
  keys text[] := '{}';
  self uuid;
BEGIN
  -- OLD and NEW are read only where the operation has them.
  IF TG_OP = 'DELETE' THEN
    org := OLD.org_id;
  ELSE
    org := NEW.org_id;
  END IF;
  IF TG_TABLE_NAME = 'company_contact' THEN
    IF TG_OP <> 'INSERT' THEN
      keys := keys || NULLIF(lower(btrim(OLD.email)), '');
      self := OLD.id;
    END IF;
    IF TG_OP <> 'DELETE' THEN
      keys := keys || NULLIF(lower(btrim(NEW.email)), '');
      self := NEW.id;
    END IF;
  ELSE
    IF TG_OP <> 'INSERT' THEN
      keys := keys || lower(OLD.email);
    END IF;
    IF TG_OP <> 'DELETE' THEN
      keys := keys || lower(NEW.email);
    END IF;
  END IF;
  UPDATE company_contact SET address_opted_out = address_opted_out
  WHERE org_id = org AND email_key = ANY (keys) AND id IS DISTINCT FROM self;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER company_contact_pass_opt_out_insert AFTER INSERT ON company_contact
  FOR EACH ROW WHEN (NEW.email_opt_out) EXECUTE FUNCTION pass_address_opt_out();
CREATE TRIGGER company_contact_pass_opt_out_update AFTER UPDATE OF email, email_opt_out ON company_contact
  FOR EACH ROW
  WHEN (OLD.email_opt_out IS DISTINCT FROM NEW.email_opt_out
        OR (OLD.email IS DISTINCT FROM NEW.email AND (OLD.email_opt_out OR NEW.email_opt_out)))
  EXECUTE FUNCTION pass_address_opt_out();
CREATE TRIGGER company_contact_pass_opt_out_delete AFTER DELETE ON company_contact
  FOR EACH ROW WHEN (OLD.email_opt_out) EXECUTE FUNCTION pass_address_opt_out();
--> statement-breakpoint
CREATE TRIGGER fundraising_contact_pass_opt_out_insert AFTER INSERT ON fundraising_contact
  FOR EACH ROW WHEN (NEW.email_opt_out) EXECUTE FUNCTION pass_address_opt_out();
CREATE TRIGGER fundraising_contact_pass_opt_out_update AFTER UPDATE OF email, email_opt_out ON fundraising_contact
  FOR EACH ROW
  WHEN (OLD.email_opt_out IS DISTINCT FROM NEW.email_opt_out
        OR (OLD.email IS DISTINCT FROM NEW.email AND (OLD.email_opt_out OR NEW.email_opt_out)))
  EXECUTE FUNCTION pass_address_opt_out();
CREATE TRIGGER fundraising_contact_pass_opt_out_delete AFTER DELETE ON fundraising_contact
  FOR EACH ROW WHEN (OLD.email_opt_out) EXECUTE FUNCTION pass_address_opt_out();
--> statement-breakpoint
-- Existing contacts. The owner is itself subject to the tables' forced row security, so it is lifted
-- for the copy (inside this migration's transaction, which holds the tables' locks).
ALTER TABLE company_contact NO FORCE ROW LEVEL SECURITY;
ALTER TABLE company NO FORCE ROW LEVEL SECURITY;
ALTER TABLE fundraising_contact NO FORCE ROW LEVEL SECURITY;
UPDATE company_contact SET company_in_pipeline = company_in_pipeline;
ALTER TABLE company_contact FORCE ROW LEVEL SECURITY;
ALTER TABLE company FORCE ROW LEVEL SECURITY;
ALTER TABLE fundraising_contact FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
-- The active prospects in the Recipients table's order: contact name, then the company's id. email_key
-- rides along for the search's test on the walk.
DROP INDEX company_contact_prospect_idx;
CREATE INDEX company_contact_prospect_idx ON company_contact (org_id, name_key, company_id) INCLUDE (email_key)
  WHERE is_primary AND is_active AND email_key IS NOT NULL AND company_in_pipeline AND NOT address_opted_out;
