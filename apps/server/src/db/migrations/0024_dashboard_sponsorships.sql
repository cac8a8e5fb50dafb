-- The dashboard at scale (issue 18), second part: the sponsorship side of Revenue Trends, the paid
-- year to date and the outstanding invoices read ~8,500 paid invoices, ~5,000 agreements and
-- ~20,000 open invoices on each request. Three side tables, kept by statement triggers:
--  * org_invoice_paid_day: paid invoices per organization and UTC day of paid_at. A local month
--    (in whichever zone the viewer reads it) is its whole UTC days from this table plus the few
--    invoices of the UTC days on which it begins and ends, read from invoice_org_paid_idx.
--  * org_invoice_status_total: every invoice per organization and status, count and amount (the
--    outstanding figure is pending + sent + overdue).
--  * org_agreement_month: per organization and month of start_date, the agreements Revenue Trends
--    counts at their value (not deleted and with no invoice at all) and that value's total.
-- The invoice tables move by deltas (count = count + delta), so concurrent writers never lose one
-- another. An agreement's value depends on other tables (its invoices, its quote's lines), so
-- org_agreement_month is recomputed for the months a change touches, after taking those months'
-- rows: a second writer waits for the first to commit and then recomputes on what it committed.
-- Like 0019's side tables: written only by SECURITY DEFINER triggers, read only through SECURITY
-- DEFINER functions scoped by app_current_org(); the app role has no grant on them. No foreign key
-- to organization: an organization's deletion deletes its invoices and agreements, whose triggers
-- take the rows away (a key would refuse a recomputation that runs while the deletion cascades).
CREATE TABLE org_invoice_paid_day (
  org_id uuid NOT NULL,
  day date NOT NULL,
  invoice_count integer NOT NULL,
  total_cents bigint NOT NULL,
  PRIMARY KEY (org_id, day)
);
ALTER TABLE org_invoice_paid_day ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON org_invoice_paid_day USING (org_id = app_current_org()) WITH CHECK (org_id = app_current_org());
--> statement-breakpoint
CREATE TABLE org_invoice_status_total (
  org_id uuid NOT NULL,
  status text NOT NULL,
  invoice_count integer NOT NULL,
  total_cents bigint NOT NULL,
  PRIMARY KEY (org_id, status)
);
ALTER TABLE org_invoice_status_total ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON org_invoice_status_total USING (org_id = app_current_org()) WITH CHECK (org_id = app_current_org());
--> statement-breakpoint
CREATE TABLE org_agreement_month (
  org_id uuid NOT NULL,
  month date NOT NULL,
  agreement_count integer NOT NULL,
  total_cents bigint NOT NULL,
  PRIMARY KEY (org_id, month)
);
ALTER TABLE org_agreement_month ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON org_agreement_month USING (org_id = app_current_org()) WITH CHECK (org_id = app_current_org());
--> statement-breakpoint
-- The UTC day a paid invoice is filed under.
CREATE OR REPLACE FUNCTION invoice_paid_day(t timestamptz) RETURNS date
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT (t AT TIME ZONE 'UTC')::date $$;
--> statement-breakpoint
-- Takes p_old's invoices out of the totals and puts p_new's in, one statement per table with the
-- net change of each key, in key order (two writers at once cannot deadlock); keys left at zero go.
CREATE OR REPLACE FUNCTION invoice_totals_move(p_old invoice[], p_new invoice[]) RETURNS void
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
BEGIN
  IF coalesce(array_length(p_old, 1), 0) + coalesce(array_length(p_new, 1), 0) = 0 THEN
    RETURN;
  END IF;
  INSERT INTO org_invoice_status_total AS t (org_id, status, invoice_count, total_cents)
  SELECT m.org_id, m.status, sum(m.n), sum(m.cents) FROM (
    SELECT o.org_id, o.status, -1 AS n, -o.total_amount_cents AS cents FROM unnest(p_old) o
    UNION ALL
    SELECT n.org_id, n.status, 1, n.total_amount_cents FROM unnest(p_new) n
  ) m
  GROUP BY m.org_id, m.status HAVING sum(m.n) <> 0 OR sum(m.cents) <> 0 ORDER BY m.org_id, m.status
  ON CONFLICT (org_id, status) DO UPDATE SET
    invoice_count = t.invoice_count + excluded.invoice_count,
    total_cents = t.total_cents + excluded.total_cents;

  INSERT INTO org_invoice_paid_day AS d (org_id, day, invoice_count, total_cents)
  SELECT m.org_id, m.day, sum(m.n), sum(m.cents) FROM (
    SELECT o.org_id, invoice_paid_day(o.paid_at) AS day, -1 AS n, -o.total_amount_cents AS cents
    FROM unnest(p_old) o WHERE o.status = 'paid'
    UNION ALL
    SELECT n.org_id, invoice_paid_day(n.paid_at), 1, n.total_amount_cents FROM unnest(p_new) n WHERE n.status = 'paid'
  ) m
  GROUP BY m.org_id, m.day HAVING sum(m.n) <> 0 OR sum(m.cents) <> 0 ORDER BY m.org_id, m.day
  ON CONFLICT (org_id, day) DO UPDATE SET
    invoice_count = d.invoice_count + excluded.invoice_count,
    total_cents = d.total_cents + excluded.total_cents;

  IF coalesce(array_length(p_old, 1), 0) > 0 THEN
    DELETE FROM org_invoice_status_total t
    USING (SELECT DISTINCT o.org_id, o.status FROM unnest(p_old) o) k
    WHERE t.org_id = k.org_id AND t.status = k.status AND t.invoice_count = 0;
    DELETE FROM org_invoice_paid_day d
    USING (SELECT DISTINCT o.org_id, invoice_paid_day(o.paid_at) AS day FROM unnest(p_old) o WHERE o.status = 'paid') k
    WHERE d.org_id = k.org_id AND d.day = k.day AND d.invoice_count = 0;
  END IF;
END $$;
--> statement-breakpoint
-- Recomputes org_agreement_month for one organization: the months named, the start months of the
-- agreements named, and those of the agreements valued from one of the quotes named (an agreement
-- with neither value of its own, sort_value_cents NULL). The counted set and the value are the
-- dashboard's (dashboard.repo.ts, AGREEMENT_VALUE_SQL in agreements.repo.ts): not deleted, no
-- invoice at all, COALESCE(own value, total value, the quote's lines) or 0.
-- The months' rows are taken (created or locked, in month order) before anything is read, so a
-- concurrent writer of the same months waits for this transaction and then reads what it
-- committed. The owner may itself be under the tables' forced row security, so the organization
-- is set as the transaction's for the reads (a platform transaction has none) and put back after.
CREATE OR REPLACE FUNCTION agreement_month_refresh(p_org uuid, p_months date[], p_agreements uuid[], p_quotes uuid[])
  RETURNS void
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
DECLARE
  v_outer_org text := current_setting('app.org_id', true);
  v_months date[];
BEGIN
  PERFORM set_config('app.org_id', p_org::text, true);
  SELECT array_agg(DISTINCT k.month ORDER BY k.month) INTO v_months FROM (
    SELECT unnest(p_months) AS month
    UNION ALL
    SELECT date_trunc('month', c.start_date)::date FROM contract c
    WHERE c.org_id = p_org AND c.id = ANY (p_agreements)
    UNION ALL
    SELECT date_trunc('month', c.start_date)::date FROM contract c
    WHERE c.quote_id = ANY (p_quotes) AND c.org_id = p_org AND c.deleted_at IS NULL AND c.sort_value_cents IS NULL
  ) k
  WHERE k.month IS NOT NULL;

  IF v_months IS NOT NULL THEN
    INSERT INTO org_agreement_month AS a (org_id, month, agreement_count, total_cents)
    SELECT p_org, m.month, 0, 0 FROM unnest(v_months) AS m(month) ORDER BY m.month
    ON CONFLICT (org_id, month) DO UPDATE SET agreement_count = a.agreement_count;

    UPDATE org_agreement_month a SET agreement_count = f.n, total_cents = f.cents
    FROM (
      SELECT m.month, count(c.id) AS n,
             coalesce(sum(coalesce(COALESCE(
               NULLIF(c.calculated_total_value_cents, 0),
               NULLIF(c.total_value_cents, 0),
               (SELECT NULLIF(sum(ql.unit_price_cents::bigint * ql.qty), 0)::bigint
                FROM quote_line ql WHERE ql.org_id = c.org_id AND ql.quote_id = c.quote_id)
             ), 0)), 0) AS cents
      FROM unnest(v_months) AS m(month)
      LEFT JOIN contract c
        ON c.org_id = p_org AND c.deleted_at IS NULL
       AND c.start_date >= m.month AND c.start_date < (m.month + interval '1 month')::date
       AND NOT EXISTS (SELECT 1 FROM invoice ci WHERE ci.org_id = c.org_id AND ci.agreement_id = c.id)
      GROUP BY m.month
    ) f
    WHERE a.org_id = p_org AND a.month = f.month;

    DELETE FROM org_agreement_month a WHERE a.org_id = p_org AND a.month = ANY (v_months) AND a.agreement_count = 0;
  END IF;
  PERFORM set_config('app.org_id', coalesce(v_outer_org, ''), true);
END $$;
--> statement-breakpoint
-- Invoices: the totals move with every row; an agreement's months are recomputed when an invoice
-- comes to name it or stops naming it (its first invoice takes it out of Revenue Trends' agreements,
-- the removal of its last one puts it back).
CREATE OR REPLACE FUNCTION invoice_after_insert() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
DECLARE
  r record;
BEGIN
  PERFORM invoice_totals_move(ARRAY[]::invoice[], ARRAY(SELECT n::invoice FROM new_rows n));
  FOR r IN SELECT n.org_id, array_agg(DISTINCT n.agreement_id) AS agreements FROM new_rows n
           WHERE n.agreement_id IS NOT NULL GROUP BY n.org_id ORDER BY n.org_id LOOP
    PERFORM agreement_month_refresh(r.org_id, NULL, r.agreements, NULL);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Only rows whose counted columns changed move anything (a sent invoice's PDF link, for one, does not).
CREATE OR REPLACE FUNCTION invoice_after_update() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
DECLARE
  r record;
BEGIN
  PERFORM invoice_totals_move(
    ARRAY(SELECT o::invoice FROM old_rows o JOIN new_rows n ON n.id = o.id
          WHERE (n.org_id, n.status, n.total_amount_cents, n.paid_at)
                IS DISTINCT FROM (o.org_id, o.status, o.total_amount_cents, o.paid_at)),
    ARRAY(SELECT n::invoice FROM old_rows o JOIN new_rows n ON n.id = o.id
          WHERE (n.org_id, n.status, n.total_amount_cents, n.paid_at)
                IS DISTINCT FROM (o.org_id, o.status, o.total_amount_cents, o.paid_at)));
  FOR r IN SELECT k.org_id, array_agg(DISTINCT k.agreement_id) AS agreements FROM (
             SELECT o.org_id, o.agreement_id FROM old_rows o JOIN new_rows n ON n.id = o.id
             WHERE (n.org_id, n.agreement_id) IS DISTINCT FROM (o.org_id, o.agreement_id)
             UNION ALL
             SELECT n.org_id, n.agreement_id FROM old_rows o JOIN new_rows n ON n.id = o.id
             WHERE (n.org_id, n.agreement_id) IS DISTINCT FROM (o.org_id, o.agreement_id)
           ) k
           WHERE k.agreement_id IS NOT NULL GROUP BY k.org_id ORDER BY k.org_id LOOP
    PERFORM agreement_month_refresh(r.org_id, NULL, r.agreements, NULL);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION invoice_after_delete() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
DECLARE
  r record;
BEGIN
  PERFORM invoice_totals_move(ARRAY(SELECT o::invoice FROM old_rows o), ARRAY[]::invoice[]);
  FOR r IN SELECT o.org_id, array_agg(DISTINCT o.agreement_id) AS agreements FROM old_rows o
           WHERE o.agreement_id IS NOT NULL GROUP BY o.org_id ORDER BY o.org_id LOOP
    PERFORM agreement_month_refresh(r.org_id, NULL, r.agreements, NULL);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER invoice_after_insert AFTER INSERT ON invoice
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION invoice_after_insert();
CREATE TRIGGER invoice_after_update AFTER UPDATE ON invoice
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION invoice_after_update();
CREATE TRIGGER invoice_after_delete AFTER DELETE ON invoice
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION invoice_after_delete();
--> statement-breakpoint
-- Agreements: the start months of rows added, deleted, or changed in what is counted (organization,
-- start date, deletion, values, quote), before and after.
CREATE OR REPLACE FUNCTION contract_after_change() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
DECLARE
  r record;
BEGIN
  IF TG_OP = 'INSERT' THEN
    FOR r IN SELECT n.org_id, array_agg(DISTINCT date_trunc('month', n.start_date)::date) AS months
             FROM new_rows n GROUP BY n.org_id ORDER BY n.org_id LOOP
      PERFORM agreement_month_refresh(r.org_id, r.months, NULL, NULL);
    END LOOP;
  ELSIF TG_OP = 'DELETE' THEN
    FOR r IN SELECT o.org_id, array_agg(DISTINCT date_trunc('month', o.start_date)::date) AS months
             FROM old_rows o GROUP BY o.org_id ORDER BY o.org_id LOOP
      PERFORM agreement_month_refresh(r.org_id, r.months, NULL, NULL);
    END LOOP;
  ELSE
    FOR r IN SELECT k.org_id, array_agg(DISTINCT date_trunc('month', k.start_date)::date) AS months FROM (
               SELECT o.org_id, o.start_date FROM old_rows o JOIN new_rows n ON n.id = o.id
               WHERE (n.org_id, n.start_date, n.deleted_at IS NULL, n.calculated_total_value_cents, n.total_value_cents, n.quote_id)
                     IS DISTINCT FROM
                     (o.org_id, o.start_date, o.deleted_at IS NULL, o.calculated_total_value_cents, o.total_value_cents, o.quote_id)
               UNION ALL
               SELECT n.org_id, n.start_date FROM old_rows o JOIN new_rows n ON n.id = o.id
               WHERE (n.org_id, n.start_date, n.deleted_at IS NULL, n.calculated_total_value_cents, n.total_value_cents, n.quote_id)
                     IS DISTINCT FROM
                     (o.org_id, o.start_date, o.deleted_at IS NULL, o.calculated_total_value_cents, o.total_value_cents, o.quote_id)
             ) k GROUP BY k.org_id ORDER BY k.org_id LOOP
      PERFORM agreement_month_refresh(r.org_id, r.months, NULL, NULL);
    END LOOP;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER contract_after_insert AFTER INSERT ON contract
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION contract_after_change();
CREATE TRIGGER contract_after_update AFTER UPDATE ON contract
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION contract_after_change();
CREATE TRIGGER contract_after_delete AFTER DELETE ON contract
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION contract_after_change();
--> statement-breakpoint
-- Quote lines: an agreement with no value of its own is valued from its quote's lines.
CREATE OR REPLACE FUNCTION quote_line_after_change() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
DECLARE
  r record;
BEGIN
  IF TG_OP = 'INSERT' THEN
    FOR r IN SELECT n.org_id, array_agg(DISTINCT n.quote_id) AS quotes FROM new_rows n GROUP BY n.org_id ORDER BY n.org_id LOOP
      PERFORM agreement_month_refresh(r.org_id, NULL, NULL, r.quotes);
    END LOOP;
  ELSIF TG_OP = 'DELETE' THEN
    FOR r IN SELECT o.org_id, array_agg(DISTINCT o.quote_id) AS quotes FROM old_rows o GROUP BY o.org_id ORDER BY o.org_id LOOP
      PERFORM agreement_month_refresh(r.org_id, NULL, NULL, r.quotes);
    END LOOP;
  ELSE
    FOR r IN SELECT k.org_id, array_agg(DISTINCT k.quote_id) AS quotes FROM (
               SELECT o.org_id, o.quote_id FROM old_rows o JOIN new_rows n ON n.id = o.id
               WHERE (n.org_id, n.quote_id, n.qty, n.unit_price_cents) IS DISTINCT FROM (o.org_id, o.quote_id, o.qty, o.unit_price_cents)
               UNION ALL
               SELECT n.org_id, n.quote_id FROM old_rows o JOIN new_rows n ON n.id = o.id
               WHERE (n.org_id, n.quote_id, n.qty, n.unit_price_cents) IS DISTINCT FROM (o.org_id, o.quote_id, o.qty, o.unit_price_cents)
             ) k GROUP BY k.org_id ORDER BY k.org_id LOOP
      PERFORM agreement_month_refresh(r.org_id, NULL, NULL, r.quotes);
    END LOOP;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER quote_line_after_insert AFTER INSERT ON quote_line
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION quote_line_after_change();
CREATE TRIGGER quote_line_after_update AFTER UPDATE ON quote_line
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION quote_line_after_change();
CREATE TRIGGER quote_line_after_delete AFTER DELETE ON quote_line
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION quote_line_after_change();
--> statement-breakpoint
-- Reads for the tenant role, scoped by the transaction's organization as well as the org named.
-- Paid invoices per UTC day in [p_from, p_to).
CREATE OR REPLACE FUNCTION org_invoice_paid_days(p_org uuid, p_from date, p_to date)
  RETURNS TABLE (day date, invoice_count integer, total_cents bigint)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp ROWS 400
  AS $$ SELECT d.day, d.invoice_count, d.total_cents FROM org_invoice_paid_day d
        WHERE d.org_id = p_org AND d.org_id = app_current_org() AND d.day >= p_from AND d.day < p_to $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION org_invoice_status_totals(p_org uuid)
  RETURNS TABLE (status text, invoice_count integer, total_cents bigint)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp ROWS 6
  AS $$ SELECT t.status, t.invoice_count, t.total_cents FROM org_invoice_status_total t
        WHERE t.org_id = p_org AND t.org_id = app_current_org() $$;
--> statement-breakpoint
-- Agreements counted at their value, per start month in [p_from, p_to).
CREATE OR REPLACE FUNCTION org_agreement_months(p_org uuid, p_from date, p_to date)
  RETURNS TABLE (month date, agreement_count integer, total_cents bigint)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp ROWS 24
  AS $$ SELECT a.month, a.agreement_count, a.total_cents FROM org_agreement_month a
        WHERE a.org_id = p_org AND a.org_id = app_current_org() AND a.month >= p_from AND a.month < p_to $$;
--> statement-breakpoint
-- The zone the transaction's user reads dates in (user_profiles, which the app role cannot read:
-- it belongs to the user, not to an organization), so the dashboard needs no platform transaction
-- of its own for it. Only the user the transaction was opened for; NULL without a profile.
CREATE OR REPLACE FUNCTION app_user_timezone() RETURNS text
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$ SELECT p.timezone FROM user_profiles p WHERE p.id = nullif(current_setting('app.user_id', true), '')::uuid $$;
--> statement-breakpoint
-- The helpers that write the totals are for the triggers alone: EXECUTE goes to PUBLIC by default,
-- and with it the tenant role could add made-up rows to any organization's totals (invoice_totals_move,
-- and 0019's campaign_giving_apply, likewise) or recompute another's (agreement_month_refresh). The
-- triggers call them as the owner, who keeps the right.
REVOKE EXECUTE ON FUNCTION invoice_totals_move(invoice[], invoice[]) FROM PUBLIC;
REVOKE EXECUTE ON FUNCTION agreement_month_refresh(uuid, date[], uuid[], uuid[]) FROM PUBLIC;
REVOKE EXECUTE ON FUNCTION campaign_giving_apply(integer, donation[]) FROM PUBLIC;
--> statement-breakpoint
-- Agreements in force today are counted from the index alone (start_date rides along).
DROP INDEX IF EXISTS contract_org_status_end_idx;
CREATE INDEX contract_org_status_end_idx ON contract (org_id, status, end_date) INCLUDE (start_date) WHERE deleted_at IS NULL;
--> statement-breakpoint
-- Existing invoices and agreements. The owner is itself subject to the tables' forced row
-- security, so it is lifted for the copy (inside this migration's transaction, which holds the
-- tables' locks).
ALTER TABLE invoice NO FORCE ROW LEVEL SECURITY;
ALTER TABLE contract NO FORCE ROW LEVEL SECURITY;
ALTER TABLE quote_line NO FORCE ROW LEVEL SECURITY;
INSERT INTO org_invoice_status_total (org_id, status, invoice_count, total_cents)
SELECT org_id, status, count(*), sum(total_amount_cents) FROM invoice GROUP BY org_id, status;
INSERT INTO org_invoice_paid_day (org_id, day, invoice_count, total_cents)
SELECT org_id, invoice_paid_day(paid_at), count(*), sum(total_amount_cents) FROM invoice
WHERE status = 'paid' GROUP BY org_id, invoice_paid_day(paid_at);
INSERT INTO org_agreement_month (org_id, month, agreement_count, total_cents)
SELECT c.org_id, date_trunc('month', c.start_date)::date, count(*),
       sum(coalesce(COALESCE(
         NULLIF(c.calculated_total_value_cents, 0),
         NULLIF(c.total_value_cents, 0),
         (SELECT NULLIF(sum(ql.unit_price_cents::bigint * ql.qty), 0)::bigint
          FROM quote_line ql WHERE ql.org_id = c.org_id AND ql.quote_id = c.quote_id)
       ), 0))
FROM contract c
WHERE c.deleted_at IS NULL AND NOT EXISTS (SELECT 1 FROM invoice ci WHERE ci.org_id = c.org_id AND ci.agreement_id = c.id)
GROUP BY c.org_id, date_trunc('month', c.start_date)::date;
ALTER TABLE invoice FORCE ROW LEVEL SECURITY;
ALTER TABLE contract FORCE ROW LEVEL SECURITY;
ALTER TABLE quote_line FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
-- Statistics for the new tables and index now, not at autovacuum's next pass: the read functions
-- are planned on them.
ANALYZE org_invoice_paid_day, org_invoice_status_total, org_agreement_month, contract;
