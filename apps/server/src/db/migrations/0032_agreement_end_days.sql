-- The agreements list's tab counts at scale (issue 18): Expired counts active agreements past their
-- end and Expiring those ending in the next 60 days, both on the viewer's calendar, so neither can be
-- a kept total. They were counted from contract_org_status_end_idx: for the bench's large
-- organization 4,116 past agreements and 742 ending soon, 1.5 ms of every list read's 2.1 ms, and
-- more with every season kept (nothing marks an agreement expired when its end passes).
--
-- Kept instead per organization and end date: how many active, not deleted agreements end that day
-- (0031 keeps the same agreements' start and end as in-force deltas). Past their end before a day is
-- the sum of the dates before it, ending soon the sum over the window: one row per distinct end
-- date (294 past and at most 60 ahead for the bench, where agreements end with their seasons).
-- Written by the same statement triggers as 0031 (deltas, in key order, after 0031's table, so
-- concurrent writers never lose one another nor deadlock), read only through a SECURITY DEFINER
-- function scoped by app_current_org(); the app role has no grant on it.
CREATE TABLE org_agreement_end_day (
  org_id uuid NOT NULL,
  day date NOT NULL,
  n integer NOT NULL,
  PRIMARY KEY (org_id, day)
);
ALTER TABLE org_agreement_end_day ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON org_agreement_end_day USING (org_id = app_current_org()) WITH CHECK (org_id = app_current_org());
--> statement-breakpoint
-- Takes p_old's agreements out and puts p_new's in: the net change of each end date, keys left at zero go.
CREATE OR REPLACE FUNCTION agreement_end_move(p_old contract[], p_new contract[]) RETURNS void
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
BEGIN
  IF coalesce(array_length(p_old, 1), 0) + coalesce(array_length(p_new, 1), 0) = 0 THEN
    RETURN;
  END IF;
  INSERT INTO org_agreement_end_day AS d (org_id, day, n)
  SELECT m.org_id, m.day, sum(m.n) FROM (
    SELECT o.org_id, o.end_date AS day, -1 AS n FROM unnest(p_old) o WHERE o.status = 'active' AND o.deleted_at IS NULL
    UNION ALL
    SELECT e.org_id, e.end_date, 1 FROM unnest(p_new) e WHERE e.status = 'active' AND e.deleted_at IS NULL
  ) m
  GROUP BY m.org_id, m.day HAVING sum(m.n) <> 0 ORDER BY m.org_id, m.day
  ON CONFLICT (org_id, day) DO UPDATE SET n = d.n + excluded.n;

  DELETE FROM org_agreement_end_day d
  USING (
    SELECT o.org_id, o.end_date AS day FROM unnest(p_old) o
    UNION SELECT e.org_id, e.end_date FROM unnest(p_new) e
  ) k
  WHERE d.org_id = k.org_id AND d.day = k.day AND d.n = 0;
END $$;
--> statement-breakpoint
-- 0031's trigger function, now moving both kept tables from the same changed rows (an agreement's
-- notes or document, for one, move neither), in-force first: every writer takes the two tables'
-- rows in the same order.
CREATE OR REPLACE FUNCTION contract_in_force_after_change() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
DECLARE
  v_old contract[] := ARRAY[]::contract[];
  v_new contract[] := ARRAY[]::contract[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    v_new := ARRAY(SELECT n::contract FROM new_rows n);
  ELSIF TG_OP = 'DELETE' THEN
    v_old := ARRAY(SELECT o::contract FROM old_rows o);
  ELSE
    v_old := ARRAY(SELECT o::contract FROM old_rows o JOIN new_rows n ON n.id = o.id
                   WHERE (n.org_id, n.status, n.deleted_at IS NULL, n.start_date, n.end_date)
                         IS DISTINCT FROM (o.org_id, o.status, o.deleted_at IS NULL, o.start_date, o.end_date));
    v_new := ARRAY(SELECT n::contract FROM old_rows o JOIN new_rows n ON n.id = o.id
                   WHERE (n.org_id, n.status, n.deleted_at IS NULL, n.start_date, n.end_date)
                         IS DISTINCT FROM (o.org_id, o.status, o.deleted_at IS NULL, o.start_date, o.end_date));
  END IF;
  PERFORM agreement_in_force_move(v_old, v_new);
  PERFORM agreement_end_move(v_old, v_new);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The organization's active agreements past their end before p_today, and ending 1 to p_window days
-- after it (the list's Expired and Expiring rules), for the tenant role (scoped by the transaction's
-- organization as well as the one named). Always one row.
CREATE OR REPLACE FUNCTION org_agreement_end_counts(p_org uuid, p_today date, p_window integer)
  RETURNS TABLE (past_n bigint, expiring_n bigint)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$ SELECT coalesce(sum(d.n) FILTER (WHERE d.day < p_today), 0)::bigint,
               coalesce(sum(d.n) FILTER (WHERE d.day > p_today), 0)::bigint
        FROM org_agreement_end_day d
        WHERE d.org_id = p_org AND d.org_id = app_current_org() AND d.day <= p_today + p_window $$;
--> statement-breakpoint
-- The writer is for the trigger alone (EXECUTE goes to PUBLIC by default; see 0024).
REVOKE EXECUTE ON FUNCTION agreement_end_move(contract[], contract[]) FROM PUBLIC;
--> statement-breakpoint
-- Existing agreements, as 0031 copied them.
ALTER TABLE contract NO FORCE ROW LEVEL SECURITY;
INSERT INTO org_agreement_end_day (org_id, day, n)
SELECT org_id, end_date, count(*) FROM contract WHERE status = 'active' AND deleted_at IS NULL
GROUP BY org_id, end_date;
ALTER TABLE contract FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ANALYZE org_agreement_end_day;
