-- Donation Details at scale (issue 18): a campaign of the large organization holds 5,000 donations,
-- and the list answered all of them (1.2 MB, 584 ms at 10 clients). It is now read a page at a time,
-- newest first, from a keyset cursor (created_at, id): each page starts where the previous one
-- ended, by index, however deep, and a row is never shown twice nor skipped when new gifts arrive.
--  * The whole list ('all') walks donation_campaign_list_idx; the id is in the index so that equal
--    created_at (one insert of many rows) still has one order the cursor can resume from.
--  * A status filter (paid, pending) walks donation_campaign_status_idx, so 'pending' on a campaign
--    whose gifts are all paid finds its first page at once instead of filtering 5,000 rows.
--  * The first page's count of the filter is an index-only scan of the same index.
-- The new list index begins with the columns of donation_campaign_idx (0016), which it replaces.
CREATE INDEX IF NOT EXISTS donation_campaign_list_idx ON donation (org_id, campaign_id, created_at DESC, id DESC);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS donation_campaign_status_idx ON donation (org_id, campaign_id, status, created_at DESC, id DESC);
--> statement-breakpoint
DROP INDEX IF EXISTS donation_campaign_idx;
