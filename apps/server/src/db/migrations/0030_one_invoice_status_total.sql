-- One copy of the invoices' per-status totals. 0024 (the dashboard) and 0029 (the invoices list's
-- KPI cards and tabs) each kept the count and amount of every organization's invoices per status,
-- in two tables written by two triggers on every invoice statement. The dashboard now reads
-- 0029's invoice_status_counts(org); 0024's table and its reader go, and invoice_totals_move keeps
-- only the paid-per-day table.
DROP FUNCTION IF EXISTS org_invoice_status_totals(uuid);
DROP TABLE IF EXISTS org_invoice_status_total;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION invoice_totals_move(p_old invoice[], p_new invoice[]) RETURNS void
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
BEGIN
  IF coalesce(array_length(p_old, 1), 0) + coalesce(array_length(p_new, 1), 0) = 0 THEN
    RETURN;
  END IF;
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
    DELETE FROM org_invoice_paid_day d
    USING (SELECT DISTINCT o.org_id, invoice_paid_day(o.paid_at) AS day FROM unnest(p_old) o WHERE o.status = 'paid') k
    WHERE d.org_id = k.org_id AND d.day = k.day AND d.invoice_count = 0;
  END IF;
END $$;
--> statement-breakpoint
-- CREATE OR REPLACE keeps the function's privileges, but say it again: the triggers alone write.
REVOKE EXECUTE ON FUNCTION invoice_totals_move(invoice[], invoice[]) FROM PUBLIC;
