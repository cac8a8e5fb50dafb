-- The 100,000-row import (issue 10) spends its time in PostgreSQL writing the rows, their indexes and
-- the rows the triggers derive from them (EXPLAIN ANALYZE of one batch's INSERTs, 100,000 companies
-- with a contact each, about 11 s in all).
--
-- company_search and company_contact_search are derived rows, written only by their tables' statement
-- triggers. Their foreign keys served only to delete them with their company or contact, and cost a
-- check of the parent per inserted row: 1.2 s of those 11 s. They now go with their rows through the
-- statement-level delete triggers, one set-based DELETE per statement (an organization's deletion
-- removes its companies' search rows in one statement rather than one cascade per company).
ALTER TABLE company_search DROP CONSTRAINT company_search_company_id_fkey;
ALTER TABLE company_contact_search DROP CONSTRAINT company_contact_search_contact_id_fkey;
--> statement-breakpoint
-- A company's contacts are found by company_contact_company_idx (company_id: a handful of rows, the
-- organization checked on each) or company_contact_active_idx; this one only cost every insert.
DROP INDEX IF EXISTS company_contact_org_company_idx;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION company_after_delete() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
BEGIN
  -- UPDATE only: for an organization being deleted the row may be gone already.
  UPDATE company_search_version v SET version = v.version + 1, xact = pg_current_xact_id()
  WHERE v.org_id IN (SELECT DISTINCT org_id FROM old_rows) AND v.xact IS DISTINCT FROM pg_current_xact_id();
  DELETE FROM company_search_memo m WHERE m.org_id IN (SELECT org_id FROM old_rows);
  DELETE FROM company_search s USING old_rows o WHERE s.company_id = o.id;
  -- Its agreements go with it (ON DELETE CASCADE).
  UPDATE company_status_count c SET n = c.n - gone.n
  FROM (SELECT org_id, status, count(*) AS n FROM old_rows GROUP BY org_id, status ORDER BY org_id, status) gone
  WHERE c.org_id = gone.org_id AND c.status = gone.status;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION company_contact_after_delete() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
BEGIN
  DELETE FROM company_contact_search s USING old_rows o WHERE s.contact_id = o.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER company_contact_after_delete AFTER DELETE ON company_contact
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION company_contact_after_delete();
