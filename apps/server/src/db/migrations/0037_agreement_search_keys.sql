-- The agreements list's search (issue 18). Its hits (0029's contract_search, a few hundred agreements
-- in a large organization) were then read from contract one by one, whole rows, only to count them per
-- tab and choose the page by the sort: 508 agreements for 'harbor' in the bench's large organization,
-- two thirds of the statement. Each contract_search row now keeps what the tabs and every sort read
-- (status, deleted, start and end dates, the value's sort key, creation), kept by the contract's
-- statement triggers as its texts are, so the hits are counted and sorted where they are found and
-- only the page's agreements are read.
ALTER TABLE contract_search
  ADD COLUMN status text,
  ADD COLUMN deleted_at timestamptz,
  ADD COLUMN start_date date,
  ADD COLUMN end_date date,
  ADD COLUMN sort_value_cents bigint,
  ADD COLUMN created_at timestamptz;
--> statement-breakpoint
ALTER TABLE contract NO FORCE ROW LEVEL SECURITY;
UPDATE contract_search cs
SET status = c.status, deleted_at = c.deleted_at, start_date = c.start_date, end_date = c.end_date,
    sort_value_cents = c.sort_value_cents, created_at = c.created_at
FROM contract c WHERE c.id = cs.contract_id;
ALTER TABLE contract FORCE ROW LEVEL SECURITY;
ALTER TABLE contract_search
  ALTER COLUMN status SET NOT NULL,
  ALTER COLUMN start_date SET NOT NULL,
  ALTER COLUMN end_date SET NOT NULL,
  ALTER COLUMN created_at SET NOT NULL;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION contract_after_insert() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
BEGIN
  INSERT INTO contract_search (contract_id, org_id, company_id, company_name, season_label,
                               status, deleted_at, start_date, end_date, sort_value_cents, created_at)
  SELECT n.id, n.org_id, n.company_id, coalesce(s.name, ''), n.season_label,
         n.status, n.deleted_at, n.start_date, n.end_date, n.sort_value_cents, n.created_at
  FROM new_rows n LEFT JOIN company_search s ON s.company_id = n.company_id;
  INSERT INTO contract_tab_count AS c (org_id, status, deleted, n)
  SELECT org_id, status, deleted_at IS NOT NULL, count(*) FROM new_rows
  GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (org_id, status, deleted) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION contract_after_update() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
BEGIN
  UPDATE contract_search cs
  SET org_id = n.org_id, company_id = n.company_id, company_name = coalesce(s.name, ''), season_label = n.season_label,
      status = n.status, deleted_at = n.deleted_at, start_date = n.start_date, end_date = n.end_date,
      sort_value_cents = n.sort_value_cents, created_at = n.created_at
  FROM new_rows n LEFT JOIN company_search s ON s.company_id = n.company_id
  WHERE cs.contract_id = n.id
    AND (cs.org_id <> n.org_id OR cs.company_id <> n.company_id OR cs.season_label IS DISTINCT FROM n.season_label
         OR cs.status <> n.status OR cs.deleted_at IS DISTINCT FROM n.deleted_at OR cs.start_date <> n.start_date
         OR cs.end_date <> n.end_date OR cs.sort_value_cents IS DISTINCT FROM n.sort_value_cents
         OR cs.created_at <> n.created_at);
  INSERT INTO contract_tab_count AS c (org_id, status, deleted, n)
  SELECT org_id, status, deleted, sum(delta) FROM (
    SELECT org_id, status, deleted_at IS NOT NULL AS deleted, -1 AS delta FROM old_rows
    UNION ALL
    SELECT org_id, status, deleted_at IS NOT NULL AS deleted, 1 AS delta FROM new_rows
  ) moved
  GROUP BY org_id, status, deleted HAVING sum(delta) <> 0 ORDER BY org_id, status, deleted
  ON CONFLICT (org_id, status, deleted) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The hits of 0029's contract_search_hits with their keys, for the tenant role (scoped by the
-- transaction's organization as well as the one named). PL/pgSQL, so its query is planned once per
-- connection (a SQL-language definer function is planned again at every call).
CREATE OR REPLACE FUNCTION contract_search_rows(p_org uuid, p_pattern text, p_term text)
  RETURNS TABLE (id uuid, company_id uuid, company_name text, status text, deleted_at timestamptz,
                 start_date date, end_date date, sort_value_cents bigint, created_at timestamptz)
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp ROWS 200
  AS $$
BEGIN
  RETURN QUERY
  SELECT s.contract_id, s.company_id, s.company_name, s.status, s.deleted_at, s.start_date, s.end_date,
         s.sort_value_cents, s.created_at
  FROM contract_search s
  WHERE s.org_id = p_org AND s.org_id = app_current_org()
    AND (s.company_name || E'\n' || coalesce(s.season_label, '')) ILIKE p_pattern
    AND (strpos(lower(s.company_name), lower(p_term)) > 0 OR strpos(lower(s.season_label), lower(p_term)) > 0);
END $$;
