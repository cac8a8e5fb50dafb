-- The search side tables' trigram indexes, led by the organization (issue 18). Each held every
-- club's texts under one trigram index, so a search found every club's candidates and read each
-- from the heap only for the org_id filter to drop it: in the bench's platform (1,001 organizations),
-- a club of 40 companies searching 'keystone' read 7,000 candidates in 3,054 heap blocks to keep 2
-- (12 ms), and its agreements search for 'harbor' 714 to keep 2. A search's cost grew with the
-- number of clubs on the platform, not with the club's own size.
--
-- btree_gin lets one GIN index hold the org_id beside the trigrams, so the index scan itself keeps
-- only the organization's entries (GIN's scan skips through the organization's posting list using
-- the rarer trigrams' items): the small club's searches 12 ms → 0.09 ms and 0.64 → 0.04 ms; the
-- large organization's (5,000 and 465 hits) 8.0–8.5 → 6.7–7.0 ms and 0.28–0.35 → 0.35 ms. The
-- functions that read these tables already filter by org_id; the planner uses both columns.
CREATE EXTENSION IF NOT EXISTS btree_gin;
--> statement-breakpoint
CREATE INDEX company_search_org_doc_trgm_idx ON company_search USING gin (org_id, doc gin_trgm_ops);
DROP INDEX company_search_doc_trgm_idx;
--> statement-breakpoint
CREATE INDEX contract_search_org_text_trgm_idx ON contract_search USING gin (org_id, search_text gin_trgm_ops);
DROP INDEX contract_search_text_trgm_idx;
--> statement-breakpoint
CREATE INDEX company_contact_search_org_doc_trgm_idx ON company_contact_search USING gin (org_id, doc gin_trgm_ops);
DROP INDEX company_contact_search_doc_trgm_idx;
--> statement-breakpoint
ANALYZE company_search;
ANALYZE contract_search;
ANALYZE company_contact_search;
