-- The campaign analytics' timeline (issue 18). 0019 keeps paid giving per campaign and quarter hour
-- (UTC), so that any organization's calendar can place each quarter on one local date; the
-- analytics read took every quarter of the campaign out of campaign_giving_quarters (1,386 rows for
-- a campaign with 5,000 donations over a month in the bench's large organization), each through
-- the function's result store, then converted and grouped them. The definer function now does the
-- grouping itself, by the organization's zone, and hands back one row per local date.
CREATE OR REPLACE FUNCTION campaign_giving_days(p_org uuid, p_campaign uuid, p_zone text)
  RETURNS TABLE (day date, donation_count bigint, total_cents numeric)
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp ROWS 60
  AS $$
BEGIN
  RETURN QUERY SELECT (q.quarter AT TIME ZONE p_zone)::date, sum(q.donation_count)::bigint, sum(q.total_cents)
  FROM campaign_giving_quarter q
  WHERE q.campaign_id = p_campaign AND q.org_id = p_org AND q.org_id = app_current_org()
  GROUP BY 1;
END $$;
--> statement-breakpoint
DROP FUNCTION campaign_giving_quarters(uuid, uuid);
