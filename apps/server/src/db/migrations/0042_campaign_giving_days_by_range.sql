-- The campaign analytics' timeline (issue 18), again. 0039 put every quarter hour of the campaign
-- (1,386 of them for 5,000 donations over a month in the bench's large organization) onto the
-- organization's calendar one by one: a time zone conversion per quarter, 0.9 ms of the analytics'
-- statement. A local date is a range of instants, so this converts only each date's first instant
-- (six conversions a date) and sums the quarters in each range from the primary key
-- (campaign_id, quarter): 0.42 ms, the same rows.
--
-- A date's first instant is its local midnight. Where a clock is set back across midnight (01:00 to
-- 00:00: Atlantic/Azores, America/Havana) midnight comes twice and PostgreSQL reads it as the later
-- one, so the date starts `back` earlier (the offset three hours before, less the offset at
-- midnight) when that earlier instant is also on this date. Where midnight is skipped (00:00 to
-- 01:00) PostgreSQL reads it as the moment of the change, which is the date's first instant.
-- campaign-reads.test.ts checks these days against the quarter-by-quarter grouping in such zones.
CREATE OR REPLACE FUNCTION campaign_giving_days(p_org uuid, p_campaign uuid, p_zone text)
  RETURNS TABLE (day date, donation_count bigint, total_cents numeric)
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp ROWS 60
  AS $$
BEGIN
  RETURN QUERY
  -- The tenant check is here, once: another organization's campaign has no span, so no dates and no
  -- rows (checked again per range, it cost as much as the conversions it replaces).
  WITH span AS (
    SELECT min(q.quarter) AS lo, max(q.quarter) AS hi FROM campaign_giving_quarter q
    WHERE q.campaign_id = p_campaign AND q.org_id = p_org AND q.org_id = app_current_org()
  ),
  -- Every local date of the campaign's giving, and the one after (where the last one ends).
  midnights AS (
    SELECT g::date AS d, g::date::timestamp AT TIME ZONE p_zone AS m
    FROM span, generate_series((span.lo AT TIME ZONE p_zone)::date, (span.hi AT TIME ZONE p_zone)::date + 1,
                               interval '1 day') g
    WHERE span.lo IS NOT NULL
  ),
  starts AS (
    SELECT b.d, CASE WHEN b.back > interval '0' AND ((b.m - b.back) AT TIME ZONE p_zone)::date = b.d
                     THEN b.m - b.back ELSE b.m END AS first_instant
    FROM (SELECT mn.d, mn.m,
                 ((mn.m - interval '3 hours') AT TIME ZONE p_zone) - ((mn.m - interval '3 hours') AT TIME ZONE 'UTC')
                 - ((mn.m AT TIME ZONE p_zone) - (mn.m AT TIME ZONE 'UTC')) AS back
          FROM midnights mn) b
  ),
  ranges AS (
    SELECT s.d, s.first_instant, lead(s.first_instant) OVER (ORDER BY s.d) AS next_instant FROM starts s
  )
  SELECT r.d, x.n, x.t
  FROM ranges r
  CROSS JOIN LATERAL (
    SELECT sum(q.donation_count)::bigint AS n, sum(q.total_cents) AS t FROM campaign_giving_quarter q
    WHERE q.campaign_id = p_campaign AND q.quarter >= r.first_instant AND q.quarter < r.next_instant
      AND q.org_id = p_org
  ) x
  WHERE x.n IS NOT NULL;
END $$;
