-- The dashboard at scale (issue 18): an organization with a million donations and 100,000 companies.
--  * Revenue Trends' Donations series summed every paid donation of the window on each request
--    (900,000 rows, close to a second). It now reads org_giving_quarter: per organization and
--    quarter hour (UTC) of paid_at, kept by the same statement triggers as 0019's per-campaign
--    tables. Every time zone in use is a whole number of quarter hours from UTC, so a month on any
--    calendar adds up whole quarters and the figures are exactly the donations'.
--  * The company counts come from company_status_count (0005) rather than counting the companies.
--  * The invoice figures (outstanding, paid this fiscal year, paid by month) are read from their
--    indexes alone: the two partial indexes carry the amount (INCLUDE), so 20,000 open or paid
--    invoices are summed without visiting the table.
-- Like 0019's side tables: written only by SECURITY DEFINER triggers, read only through a SECURITY
-- DEFINER function scoped by app_current_org(); the app role has no grant on it.
CREATE TABLE org_giving_quarter (
  org_id uuid NOT NULL,
  quarter timestamptz NOT NULL,
  donation_count integer NOT NULL,
  total_cents bigint NOT NULL,
  PRIMARY KEY (org_id, quarter)
);
ALTER TABLE org_giving_quarter ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON org_giving_quarter USING (org_id = app_current_org()) WITH CHECK (org_id = app_current_org());
--> statement-breakpoint
-- 0019's function with the organization's quarters beside the campaign's.
CREATE OR REPLACE FUNCTION campaign_giving_apply(p_sign integer, p_rows donation[]) RETURNS void
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
BEGIN
  IF coalesce(array_length(p_rows, 1), 0) = 0 THEN
    RETURN;
  END IF;
  INSERT INTO campaign_giving AS g (org_id, campaign_id, contact_id, donor_email, donation_count, total_cents)
  SELECT d.org_id, d.campaign_id, d.contact_id, d.donor_email_key, p_sign * count(*), p_sign * sum(d.amount_cents)
  FROM unnest(p_rows) d
  GROUP BY d.org_id, d.campaign_id, d.contact_id, d.donor_email_key
  ORDER BY d.campaign_id, d.contact_id, d.donor_email_key
  ON CONFLICT (campaign_id, COALESCE(contact_id, '00000000-0000-0000-0000-000000000000'::uuid), COALESCE(donor_email, ''))
  DO UPDATE SET donation_count = g.donation_count + excluded.donation_count,
                total_cents = g.total_cents + excluded.total_cents;

  INSERT INTO campaign_giving_quarter AS q (org_id, campaign_id, quarter, donation_count, total_cents)
  SELECT d.org_id, d.campaign_id, giving_quarter(d.paid_at), p_sign * count(*), p_sign * sum(d.amount_cents)
  FROM unnest(p_rows) d
  WHERE d.paid_at IS NOT NULL
  GROUP BY d.org_id, d.campaign_id, giving_quarter(d.paid_at)
  ORDER BY d.campaign_id, giving_quarter(d.paid_at)
  ON CONFLICT (campaign_id, quarter) DO UPDATE SET
    donation_count = q.donation_count + excluded.donation_count,
    total_cents = q.total_cents + excluded.total_cents;

  INSERT INTO org_giving_quarter AS q (org_id, quarter, donation_count, total_cents)
  SELECT d.org_id, giving_quarter(d.paid_at), p_sign * count(*), p_sign * sum(d.amount_cents)
  FROM unnest(p_rows) d
  WHERE d.paid_at IS NOT NULL
  GROUP BY d.org_id, giving_quarter(d.paid_at)
  ORDER BY d.org_id, giving_quarter(d.paid_at)
  ON CONFLICT (org_id, quarter) DO UPDATE SET
    donation_count = q.donation_count + excluded.donation_count,
    total_cents = q.total_cents + excluded.total_cents;

  INSERT INTO campaign_raised AS r (campaign_id, org_id, donation_count, total_cents)
  SELECT d.campaign_id, d.org_id, p_sign * count(*), p_sign * sum(d.amount_cents)
  FROM unnest(p_rows) d
  GROUP BY d.campaign_id, d.org_id
  ORDER BY d.campaign_id
  ON CONFLICT (campaign_id) DO UPDATE SET
    donation_count = r.donation_count + excluded.donation_count,
    total_cents = r.total_cents + excluded.total_cents;

  IF p_sign < 0 THEN
    -- Keys and quarters left without a paid donation go (the campaign's rows, by index).
    DELETE FROM campaign_giving g
    WHERE g.donation_count <= 0 AND g.campaign_id IN (SELECT DISTINCT d.campaign_id FROM unnest(p_rows) d);
    DELETE FROM campaign_giving_quarter q
    WHERE q.donation_count <= 0 AND q.campaign_id IN (SELECT DISTINCT d.campaign_id FROM unnest(p_rows) d);
    DELETE FROM org_giving_quarter q
    WHERE q.donation_count <= 0 AND q.org_id IN (SELECT DISTINCT d.org_id FROM unnest(p_rows) d);
  END IF;
END $$;
--> statement-breakpoint
-- The organization's paid giving per quarter hour in [p_from, p_to), for the tenant role.
CREATE OR REPLACE FUNCTION org_giving_quarters(p_org uuid, p_from timestamptz, p_to timestamptz)
  RETURNS TABLE (quarter timestamptz, donation_count integer, total_cents bigint)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp ROWS 3000
  AS $$ SELECT q.quarter, q.donation_count, q.total_cents FROM org_giving_quarter q
        WHERE q.org_id = p_org AND q.org_id = app_current_org() AND q.quarter >= p_from AND q.quarter < p_to $$;
--> statement-breakpoint
-- Existing paid donations, from the per-campaign quarters that already hold them.
INSERT INTO org_giving_quarter (org_id, quarter, donation_count, total_cents)
SELECT org_id, quarter, sum(donation_count), sum(total_cents) FROM campaign_giving_quarter GROUP BY org_id, quarter;
--> statement-breakpoint
DROP INDEX IF EXISTS invoice_org_open_due_idx;
CREATE INDEX invoice_org_open_due_idx ON invoice (org_id, status, due_date) INCLUDE (total_amount_cents)
  WHERE status IN ('pending', 'sent', 'overdue');
DROP INDEX IF EXISTS invoice_org_paid_idx;
CREATE INDEX invoice_org_paid_idx ON invoice (org_id, paid_at) INCLUDE (total_amount_cents) WHERE status = 'paid';
