-- The sales lists at scale (issue 18): one organization with 100,000 companies, 20,000 quotes,
-- 10,000 agreements and 50,000 invoices, every list under 30 ms at 10 clients.
--  * Tab counts: quotes per status, invoices per status (with their amount) and agreements per
--    status and deleted flag come from counter tables kept by statement triggers, instead of
--    counting the organization's rows on every request (20,000 quotes took 10–20 ms, 50,000
--    invoices 25 ms). Only what depends on the viewer's date (an agreement expiring or past its end)
--    is still counted, as an index-only range.
--  * The agreements' search matches the company's name or the season label in contract_search, one
--    row per agreement with both texts and a trigram index, so a 5% search reads the few hundred
--    agreements it finds (not the 5,000 companies whose name holds the text, and not twice).
--  * company_search keeps the company's name too, so a name search (the invoices') checks names
--    without reading the companies.
--  * Companies: a status (a category tab) sorted any way is an index range per status, merged; and
--    the counts of a search are kept (company_search_memo) until the organization's companies change
--    (company_search_version, moved by the company triggers), so a broad search does not rematch
--    5,000 documents on each request while its page walks the sort's index.
-- Like 0005's side tables: written only by SECURITY DEFINER triggers, read only through SECURITY
-- DEFINER functions scoped by app_current_org(); the app role has no grant on them. Counters go with
-- their organization (ON DELETE CASCADE); a delete only ever subtracts (an INSERT for an organization
-- being deleted would fail its foreign key).

-- ---------------------------------------------------------------------------------------------
-- Quotes per status
-- ---------------------------------------------------------------------------------------------
CREATE TABLE quote_status_count (
  org_id uuid NOT NULL REFERENCES organization(id) ON DELETE CASCADE,
  status text NOT NULL,
  n bigint NOT NULL,
  PRIMARY KEY (org_id, status)
);
ALTER TABLE quote_status_count ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON quote_status_count USING (org_id = app_current_org()) WITH CHECK (org_id = app_current_org());
--> statement-breakpoint
-- One statement per INSERT/UPDATE/DELETE however many rows; counts move by deltas in key order, so
-- concurrent changes neither lose one another nor deadlock.
CREATE OR REPLACE FUNCTION quote_status_count_after() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO quote_status_count AS c (org_id, status, n)
    SELECT org_id, status, count(*) FROM new_rows GROUP BY org_id, status ORDER BY org_id, status
    ON CONFLICT (org_id, status) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO quote_status_count AS c (org_id, status, n)
    SELECT org_id, status, sum(delta) FROM (
      SELECT org_id, status, -1 AS delta FROM old_rows
      UNION ALL
      SELECT org_id, status, 1 AS delta FROM new_rows
    ) moved
    GROUP BY org_id, status HAVING sum(delta) <> 0 ORDER BY org_id, status
    ON CONFLICT (org_id, status) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    UPDATE quote_status_count c SET n = c.n - gone.n
    FROM (SELECT org_id, status, count(*) AS n FROM old_rows GROUP BY org_id, status ORDER BY org_id, status) gone
    WHERE c.org_id = gone.org_id AND c.status = gone.status;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER quote_status_count_insert AFTER INSERT ON quote
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION quote_status_count_after();
CREATE TRIGGER quote_status_count_update AFTER UPDATE ON quote
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION quote_status_count_after();
CREATE TRIGGER quote_status_count_delete AFTER DELETE ON quote
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION quote_status_count_after();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION quote_status_counts(p_org uuid) RETURNS TABLE (status text, n bigint)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp ROWS 10
  AS $$ SELECT c.status, c.n FROM quote_status_count c
        WHERE c.org_id = p_org AND c.org_id = app_current_org() AND c.n <> 0 $$;

-- ---------------------------------------------------------------------------------------------
-- Invoices per status, with their amount (the KPI cards)
-- ---------------------------------------------------------------------------------------------
--> statement-breakpoint
CREATE TABLE invoice_status_count (
  org_id uuid NOT NULL REFERENCES organization(id) ON DELETE CASCADE,
  status text NOT NULL,
  n bigint NOT NULL,
  -- The sum of total_amount_cents (what the KPI cards add up).
  cents bigint NOT NULL,
  PRIMARY KEY (org_id, status)
);
ALTER TABLE invoice_status_count ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON invoice_status_count USING (org_id = app_current_org()) WITH CHECK (org_id = app_current_org());
--> statement-breakpoint
CREATE OR REPLACE FUNCTION invoice_status_count_after() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO invoice_status_count AS c (org_id, status, n, cents)
    SELECT org_id, status, count(*), sum(total_amount_cents) FROM new_rows
    GROUP BY org_id, status ORDER BY org_id, status
    ON CONFLICT (org_id, status) DO UPDATE SET n = c.n + excluded.n, cents = c.cents + excluded.cents;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO invoice_status_count AS c (org_id, status, n, cents)
    SELECT org_id, status, sum(dn), sum(dc) FROM (
      SELECT org_id, status, -1 AS dn, -total_amount_cents AS dc FROM old_rows
      UNION ALL
      SELECT org_id, status, 1 AS dn, total_amount_cents AS dc FROM new_rows
    ) moved
    GROUP BY org_id, status HAVING sum(dn) <> 0 OR sum(dc) <> 0 ORDER BY org_id, status
    ON CONFLICT (org_id, status) DO UPDATE SET n = c.n + excluded.n, cents = c.cents + excluded.cents;
  ELSE
    UPDATE invoice_status_count c SET n = c.n - gone.n, cents = c.cents - gone.cents
    FROM (SELECT org_id, status, count(*) AS n, sum(total_amount_cents) AS cents FROM old_rows
          GROUP BY org_id, status ORDER BY org_id, status) gone
    WHERE c.org_id = gone.org_id AND c.status = gone.status;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER invoice_status_count_insert AFTER INSERT ON invoice
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION invoice_status_count_after();
CREATE TRIGGER invoice_status_count_update AFTER UPDATE ON invoice
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION invoice_status_count_after();
CREATE TRIGGER invoice_status_count_delete AFTER DELETE ON invoice
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION invoice_status_count_after();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION invoice_status_counts(p_org uuid) RETURNS TABLE (status text, n bigint, cents bigint)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp ROWS 10
  AS $$ SELECT c.status, c.n, c.cents FROM invoice_status_count c
        WHERE c.org_id = p_org AND c.org_id = app_current_org() AND (c.n <> 0 OR c.cents <> 0) $$;

-- ---------------------------------------------------------------------------------------------
-- Agreements per status and deleted flag, and the agreements' search
-- ---------------------------------------------------------------------------------------------
--> statement-breakpoint
CREATE TABLE contract_tab_count (
  org_id uuid NOT NULL REFERENCES organization(id) ON DELETE CASCADE,
  status text NOT NULL,
  deleted boolean NOT NULL,
  n bigint NOT NULL,
  PRIMARY KEY (org_id, status, deleted)
);
ALTER TABLE contract_tab_count ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON contract_tab_count USING (org_id = app_current_org()) WITH CHECK (org_id = app_current_org());
--> statement-breakpoint
-- The company's name beside its search document (kept by the company triggers below), so names are
-- checked, and copied into contract_search, without reading company (whose forced row security
-- would hide other organizations' rows from a trigger run outside a tenant transaction).
-- Every row is rewritten: the trigram index is built again after (in one pass, rather than 140,000
-- new entries queued in its pending list, which each search would read until a vacuum).
ALTER TABLE company_search ADD COLUMN name text;
DROP INDEX company_search_doc_trgm_idx;
ALTER TABLE company NO FORCE ROW LEVEL SECURITY;
UPDATE company_search s SET name = c.name FROM company c WHERE c.id = s.company_id;
ALTER TABLE company FORCE ROW LEVEL SECURITY;
ALTER TABLE company_search ALTER COLUMN name SET NOT NULL;
CREATE INDEX company_search_doc_trgm_idx ON company_search USING gin (doc gin_trgm_ops);
--> statement-breakpoint
-- One row per agreement: its company's name and its season label, the two texts the list's search
-- matches. Deliberately no org_id index (as company_search): a search goes through the trigram index.
CREATE TABLE contract_search (
  contract_id uuid PRIMARY KEY REFERENCES contract(id) ON DELETE CASCADE,
  org_id uuid NOT NULL,
  company_id uuid NOT NULL,
  company_name text NOT NULL,
  season_label text
);
-- The agreements that exist already (the indexes are built after, in one pass). The owner is
-- itself subject to contract's forced row security, so it is lifted for the copy.
ALTER TABLE contract NO FORCE ROW LEVEL SECURITY;
INSERT INTO contract_search (contract_id, org_id, company_id, company_name, season_label)
SELECT c.id, c.org_id, c.company_id, coalesce(s.name, ''), c.season_label
FROM contract c LEFT JOIN company_search s ON s.company_id = c.company_id;
ALTER TABLE contract FORCE ROW LEVEL SECURITY;
-- A company's rename reaches its agreements' rows by this index.
CREATE INDEX contract_search_company_idx ON contract_search (company_id);
-- The name and the label on separate lines: the trigram index narrows, the exact test follows.
CREATE INDEX contract_search_doc_trgm_idx ON contract_search
  USING gin ((company_name || E'\n' || coalesce(season_label, '')) gin_trgm_ops);
ANALYZE contract_search;
ALTER TABLE contract_search ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON contract_search USING (org_id = app_current_org()) WITH CHECK (org_id = app_current_org());
--> statement-breakpoint
CREATE OR REPLACE FUNCTION contract_after_insert() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
BEGIN
  INSERT INTO contract_search (contract_id, org_id, company_id, company_name, season_label)
  SELECT n.id, n.org_id, n.company_id, coalesce(s.name, ''), n.season_label
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
  SET org_id = n.org_id, company_id = n.company_id, company_name = coalesce(s.name, ''), season_label = n.season_label
  FROM new_rows n LEFT JOIN company_search s ON s.company_id = n.company_id
  WHERE cs.contract_id = n.id
    AND (cs.org_id <> n.org_id OR cs.company_id <> n.company_id OR cs.season_label IS DISTINCT FROM n.season_label);
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
CREATE OR REPLACE FUNCTION contract_after_delete() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
BEGIN
  -- contract_search rows go with their agreement (ON DELETE CASCADE).
  UPDATE contract_tab_count c SET n = c.n - gone.n
  FROM (SELECT org_id, status, deleted_at IS NOT NULL AS deleted, count(*) AS n FROM old_rows
        GROUP BY 1, 2, 3 ORDER BY 1, 2, 3) gone
  WHERE c.org_id = gone.org_id AND c.status = gone.status AND c.deleted = gone.deleted;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER contract_search_after_insert AFTER INSERT ON contract
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION contract_after_insert();
CREATE TRIGGER contract_search_after_update AFTER UPDATE ON contract
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION contract_after_update();
CREATE TRIGGER contract_search_after_delete AFTER DELETE ON contract
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION contract_after_delete();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION contract_tab_counts(p_org uuid) RETURNS TABLE (status text, deleted boolean, n bigint)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp ROWS 20
  AS $$ SELECT c.status, c.deleted, c.n FROM contract_tab_count c
        WHERE c.org_id = p_org AND c.org_id = app_current_org() AND c.n <> 0 $$;
--> statement-breakpoint
-- The organization's agreements whose company's name or season label holds p_term (case-insensitive;
-- p_pattern is the same text as an ILIKE pattern, its % _ and \ escaped): the trigram index finds
-- the candidates, strpos decides, exactly as the list's rule reads.
CREATE OR REPLACE FUNCTION contract_search_hits(p_org uuid, p_pattern text, p_term text) RETURNS TABLE (contract_id uuid)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp ROWS 200
  AS $$ SELECT s.contract_id FROM contract_search s
        WHERE s.org_id = p_org AND s.org_id = app_current_org()
          AND (s.company_name || E'\n' || coalesce(s.season_label, '')) ILIKE p_pattern
          AND (strpos(lower(s.company_name), lower(p_term)) > 0 OR strpos(lower(s.season_label), lower(p_term)) > 0) $$;
--> statement-breakpoint
-- 0005's hits with the kept name beside them, so a page sorted by name (or status, then name) is
-- chosen among the hits before any company is read.
DROP FUNCTION company_search_hits(uuid, text);
CREATE FUNCTION company_search_hits(p_org uuid, p_pattern text) RETURNS TABLE (company_id uuid, status text, name text)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp ROWS 500
  AS $$ SELECT s.company_id, s.status, s.name FROM company_search s
        WHERE s.org_id = p_org AND s.org_id = app_current_org() AND s.doc ILIKE p_pattern $$;
--> statement-breakpoint
-- The organization's companies whose name holds p_term (p_pattern: the same as an ILIKE pattern),
-- from company_search alone: its trigram index narrows to the documents holding the text, the
-- kept name decides.
CREATE OR REPLACE FUNCTION company_name_hits(p_org uuid, p_pattern text, p_term text) RETURNS TABLE (company_id uuid)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp ROWS 500
  AS $$ SELECT s.company_id FROM company_search s
        WHERE s.org_id = p_org AND s.org_id = app_current_org() AND s.doc ILIKE p_pattern
          AND strpos(lower(s.name), lower(p_term)) > 0 $$;

-- ---------------------------------------------------------------------------------------------
-- Companies: a status's rows in each sort's order, and a search's counts kept
-- ---------------------------------------------------------------------------------------------
--> statement-breakpoint
-- The per-status twins of 0004's sort indexes: a category tab (or a status filter) reads each of its
-- statuses' ranges in order and merges them, instead of walking every company to find its own.
-- (Within one status the 'Status' sort is the name sort.)
CREATE INDEX company_org_status_name_idx ON company (org_id, status, lower(name), id);
CREATE INDEX company_org_status_created_idx ON company (org_id, status, created_at, id);
CREATE INDEX company_org_status_updated_idx ON company (org_id, status, updated_at, id);
CREATE INDEX company_org_status_last_contacted_idx ON company (org_id, status, last_contacted_at NULLS FIRST, id);
--> statement-breakpoint
-- Moves when a company's searched text or status changes (in the changing transaction, under the
-- row's lock, so versions follow commits): a kept count is good only for the version it was counted
-- at. Once per transaction (xact: the last one to move it): an import saving rows one by one in
-- savepoints moves it once, not once per row; the kept counts are emptied at every change anyway.
CREATE TABLE company_search_version (
  org_id uuid PRIMARY KEY REFERENCES organization(id) ON DELETE CASCADE,
  version bigint NOT NULL,
  xact xid8
);
ALTER TABLE company_search_version ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON company_search_version USING (org_id = app_current_org()) WITH CHECK (org_id = app_current_org());
--> statement-breakpoint
-- A search's hits per status, kept when they were costly to count (many hits, or a term too short
-- for trigrams); the key is the lower-cased pattern (ILIKE ignores case). Emptied for an
-- organization whenever its version moves.
CREATE TABLE company_search_memo (
  org_id uuid NOT NULL REFERENCES organization(id) ON DELETE CASCADE,
  pattern text NOT NULL,
  version bigint NOT NULL,
  counts jsonb NOT NULL,
  PRIMARY KEY (org_id, pattern)
);
ALTER TABLE company_search_memo ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON company_search_memo USING (org_id = app_current_org()) WITH CHECK (org_id = app_current_org());
--> statement-breakpoint
-- 0005's company triggers, now also keeping the name, the agreements' copies of it and the version.
CREATE OR REPLACE FUNCTION company_after_insert() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
BEGIN
  -- The version first in every company trigger: one organization's company changes take turns
  -- on it before any counter, so two of them never hold counters the other waits for.
  INSERT INTO company_search_version AS v (org_id, version, xact)
  SELECT DISTINCT org_id, 1, pg_current_xact_id() FROM new_rows ORDER BY org_id
  ON CONFLICT (org_id) DO UPDATE SET version = v.version + 1, xact = excluded.xact
    WHERE v.xact IS DISTINCT FROM excluded.xact;
  DELETE FROM company_search_memo m WHERE m.org_id IN (SELECT org_id FROM new_rows);
  INSERT INTO company_search (company_id, org_id, status, doc, name)
  SELECT id, org_id, status, company_search_doc(name, notes, industry, website, address, city, state), name FROM new_rows;
  INSERT INTO company_status_count AS c (org_id, status, n)
  SELECT org_id, status, count(*) FROM new_rows GROUP BY org_id, status ORDER BY org_id, status
  ON CONFLICT (org_id, status) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION company_after_update() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
BEGIN
  -- The organizations whose searched text or statuses changed get a new version.
  WITH changed AS (
    UPDATE company_search s SET doc = d.doc, org_id = d.org_id, status = d.status, name = d.name
    FROM (SELECT id, org_id, status, name, company_search_doc(name, notes, industry, website, address, city, state) AS doc
          FROM new_rows) d
    WHERE s.company_id = d.id
      AND (s.doc <> d.doc OR s.org_id <> d.org_id OR s.status <> d.status OR s.name <> d.name)
    RETURNING s.org_id
  ), bumped AS (
    INSERT INTO company_search_version AS v (org_id, version, xact)
    SELECT DISTINCT org_id, 1, pg_current_xact_id() FROM changed ORDER BY org_id
    ON CONFLICT (org_id) DO UPDATE SET version = v.version + 1, xact = excluded.xact
      WHERE v.xact IS DISTINCT FROM excluded.xact
  )
  DELETE FROM company_search_memo m WHERE m.org_id IN (SELECT org_id FROM changed);
  -- A renamed company's agreements are found by the new name.
  UPDATE contract_search cs SET company_name = n.name
  FROM new_rows n JOIN old_rows o ON o.id = n.id
  WHERE n.name IS DISTINCT FROM o.name AND cs.company_id = n.id;
  -- One statement for every count it moves, in key order, so concurrent changes cannot deadlock.
  INSERT INTO company_status_count AS c (org_id, status, n)
  SELECT org_id, status, sum(delta) FROM (
    SELECT org_id, status, -1 AS delta FROM old_rows
    UNION ALL
    SELECT org_id, status, 1 AS delta FROM new_rows
  ) moved
  GROUP BY org_id, status HAVING sum(delta) <> 0 ORDER BY org_id, status
  ON CONFLICT (org_id, status) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION company_after_delete() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
BEGIN
  -- UPDATE only: for an organization being deleted the row may be gone already.
  UPDATE company_search_version v SET version = v.version + 1, xact = pg_current_xact_id()
  WHERE v.org_id IN (SELECT DISTINCT org_id FROM old_rows) AND v.xact IS DISTINCT FROM pg_current_xact_id();
  DELETE FROM company_search_memo m WHERE m.org_id IN (SELECT org_id FROM old_rows);
  -- company_search rows go with their company (ON DELETE CASCADE), as do its agreements.
  UPDATE company_status_count c SET n = c.n - gone.n
  FROM (SELECT org_id, status, count(*) AS n FROM old_rows GROUP BY org_id, status ORDER BY org_id, status) gone
  WHERE c.org_id = gone.org_id AND c.status = gone.status;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The hits per status of a search (p_pattern: an ILIKE pattern), for the tenant role: the kept
-- counts when they were counted at the organization's current version, else counted now (and kept
-- when that was costly). The version and the counts are read by one statement, so they describe
-- the same snapshot.
CREATE OR REPLACE FUNCTION company_search_counts(p_org uuid, p_pattern text) RETURNS TABLE (status text, n bigint)
  LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp ROWS 10
  AS $$
DECLARE
  v_key text := lower(p_pattern);
  v_version bigint;
  v_counts jsonb;
  v_total bigint;
BEGIN
  IF p_org IS DISTINCT FROM app_current_org() THEN
    RETURN;
  END IF;
  SELECT m.counts INTO v_counts
  FROM company_search_memo m JOIN company_search_version v ON v.org_id = m.org_id AND v.version = m.version
  WHERE m.org_id = p_org AND m.pattern = v_key;
  IF v_counts IS NULL THEN
    SELECT (SELECT v.version FROM company_search_version v WHERE v.org_id = p_org),
           coalesce(jsonb_object_agg(x.status, x.n), '{}'::jsonb), coalesce(sum(x.n), 0)
      INTO v_version, v_counts, v_total
    FROM (SELECT s.status, count(*) AS n FROM company_search s
          WHERE s.org_id = p_org AND s.doc ILIKE p_pattern GROUP BY s.status) x;
    -- Worth keeping: 200 hits or more, or a term under three characters (no trigram to narrow by,
    -- so the whole index was read). '%' + term + '%' is under 5 characters for such a term.
    IF v_version IS NOT NULL AND (v_total >= 200 OR char_length(p_pattern) < 5) THEN
      INSERT INTO company_search_memo AS m (org_id, pattern, version, counts)
      VALUES (p_org, v_key, v_version, v_counts)
      ON CONFLICT (org_id, pattern) DO UPDATE SET version = excluded.version, counts = excluded.counts
        WHERE m.version < excluded.version;
    END IF;
  END IF;
  RETURN QUERY SELECT e.key, e.value::bigint FROM jsonb_each_text(v_counts) e;
END $$;

-- ---------------------------------------------------------------------------------------------
-- The rows that exist already. The owner is itself subject to the tables' forced row security,
-- so it is lifted for the copies (inside this migration's transaction, which holds the locks).
-- ---------------------------------------------------------------------------------------------
--> statement-breakpoint
ALTER TABLE quote NO FORCE ROW LEVEL SECURITY;
INSERT INTO quote_status_count (org_id, status, n) SELECT org_id, status, count(*) FROM quote GROUP BY org_id, status;
ALTER TABLE quote FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE invoice NO FORCE ROW LEVEL SECURITY;
INSERT INTO invoice_status_count (org_id, status, n, cents)
SELECT org_id, status, count(*), sum(total_amount_cents) FROM invoice GROUP BY org_id, status;
ALTER TABLE invoice FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE contract NO FORCE ROW LEVEL SECURITY;
INSERT INTO contract_tab_count (org_id, status, deleted, n)
SELECT org_id, status, deleted_at IS NOT NULL, count(*) FROM contract GROUP BY 1, 2, 3;
ALTER TABLE contract FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
INSERT INTO company_search_version (org_id, version) SELECT DISTINCT org_id, 1 FROM company_search;
