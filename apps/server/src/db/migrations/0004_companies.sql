-- Companies list at 100,000 rows per organization: every sort the list offers is an index scan
-- that stops after one page, and the text search uses a trigram index.

-- The pipeline order of statuses, used by the 'Status' sort.
CREATE OR REPLACE FUNCTION company_status_rank(status text) RETURNS integer
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT CASE status
    WHEN 'prospect' THEN 1 WHEN 'contacted' THEN 2 WHEN 'negotiating' THEN 3 WHEN 'sponsor' THEN 4
    WHEN 'former_sponsor' THEN 5 WHEN 'declined' THEN 6 WHEN 'blacklisted' THEN 7 ELSE 8 END $$;
--> statement-breakpoint
DROP INDEX IF EXISTS company_org_name_idx;
DROP INDEX IF EXISTS company_org_created_idx;
--> statement-breakpoint
-- Each sort key ends with id, so pages are stable and the scan can run in either direction.
CREATE INDEX company_org_name_idx ON company (org_id, lower(name), id);
CREATE INDEX company_org_created_idx ON company (org_id, created_at, id);
CREATE INDEX company_org_updated_idx ON company (org_id, updated_at, id);
CREATE INDEX company_org_last_contacted_idx ON company (org_id, last_contacted_at NULLS FIRST, id);
CREATE INDEX company_org_status_rank_idx ON company (org_id, company_status_rank(status), lower(name), id);
--> statement-breakpoint
-- One document per company over the searched columns, joined by newlines so a search term
-- (a single line) never matches across two fields. The list's search uses this exact expression.
CREATE INDEX company_search_trgm_idx ON company USING gin (
  (coalesce(name, '') || E'\n' || coalesce(notes, '') || E'\n' || coalesce(industry, '') || E'\n' ||
   coalesce(website, '') || E'\n' || coalesce(address, '') || E'\n' || coalesce(city, '') || E'\n' ||
   coalesce(state, '')) gin_trgm_ops
);
--> statement-breakpoint
-- The list's primary contact per row and the contacts tab: active contacts, primary first, then oldest.
CREATE INDEX company_contact_active_idx ON company_contact (org_id, company_id, is_primary DESC, created_at)
  WHERE is_active;
--> statement-breakpoint
-- At most one primary contact per company; setting a new one clears the old one first.
CREATE UNIQUE INDEX company_contact_one_primary_uq ON company_contact (company_id) WHERE is_primary;
