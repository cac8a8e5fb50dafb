-- Fundraising reads at 10,000 contacts and 50,000 donations (issue 15): the campaign page's contact
-- insights and analytics, the campaign list's Raised and the progress read paid donations through
-- three side tables kept by statement triggers on donation, instead of aggregating every paid
-- donation on each request (45,000 rows, under row-level security, took 90–170 ms).
--  * campaign_giving: per campaign, contact and donor e-mail (the pair a paid donation carries):
--    how many paid donations and their total. (The top donors' names are read from their own few
--    donations by index, at read time.)
--  * campaign_giving_quarter: per campaign and quarter hour (UTC) of paid_at: every time zone in use
--    is a whole number of quarter hours from UTC, so the daily timeline on any organization's
--    calendar adds up whole quarters.
--  * campaign_raised: per campaign, the paid total and count.
-- Counts move by deltas (count = count + delta), so concurrent payments never lose one another.
-- Like 0005's side tables: written only by SECURITY DEFINER triggers, read only through SECURITY
-- DEFINER functions scoped by app_current_org(); the app role has no grant on them.
CREATE TABLE campaign_giving (
  org_id uuid NOT NULL,
  campaign_id uuid NOT NULL REFERENCES fundraising_campaign(id) ON DELETE CASCADE,
  -- The donation's contact and its donor e-mail (lower case, trimmed, NULL when blank). No foreign
  -- key: a deleted contact sets donation.contact_id to NULL, and the update trigger moves the counts.
  contact_id uuid,
  donor_email text,
  donation_count integer NOT NULL,
  total_cents bigint NOT NULL
);
CREATE UNIQUE INDEX campaign_giving_key_idx ON campaign_giving
  (campaign_id, COALESCE(contact_id, '00000000-0000-0000-0000-000000000000'::uuid), COALESCE(donor_email, ''));
ALTER TABLE campaign_giving ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON campaign_giving USING (org_id = app_current_org()) WITH CHECK (org_id = app_current_org());
--> statement-breakpoint
CREATE TABLE campaign_giving_quarter (
  org_id uuid NOT NULL,
  campaign_id uuid NOT NULL REFERENCES fundraising_campaign(id) ON DELETE CASCADE,
  quarter timestamptz NOT NULL,
  donation_count integer NOT NULL,
  total_cents bigint NOT NULL,
  PRIMARY KEY (campaign_id, quarter)
);
ALTER TABLE campaign_giving_quarter ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON campaign_giving_quarter USING (org_id = app_current_org()) WITH CHECK (org_id = app_current_org());
--> statement-breakpoint
CREATE TABLE campaign_raised (
  campaign_id uuid PRIMARY KEY REFERENCES fundraising_campaign(id) ON DELETE CASCADE,
  org_id uuid NOT NULL,
  donation_count integer NOT NULL,
  total_cents bigint NOT NULL
);
CREATE INDEX campaign_raised_org_idx ON campaign_raised (org_id);
ALTER TABLE campaign_raised ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON campaign_raised USING (org_id = app_current_org()) WITH CHECK (org_id = app_current_org());
--> statement-breakpoint
-- The donor key's e-mail part (rules.donorKey: trimmed, lower case, NULL when blank) as a column of
-- its own: under row-level security the planner uses no index on an expression of non-leakproof
-- functions (lower, btrim), but a plain column compared with = it does. A top donor's latest paid
-- donations are found by it.
ALTER TABLE donation ADD COLUMN donor_email_key text GENERATED ALWAYS AS (NULLIF(lower(btrim(donor_email)), '')) STORED;
CREATE INDEX donation_donor_key_idx ON donation (campaign_id, donor_email_key, paid_at DESC) WHERE status = 'paid';
--> statement-breakpoint
CREATE OR REPLACE FUNCTION giving_quarter(t timestamptz) RETURNS timestamptz
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT to_timestamp(floor(extract(epoch FROM t) / 900) * 900) $$;
--> statement-breakpoint
-- Adds (p_sign 1) or takes away (p_sign -1) paid donations from the three tables. Every statement
-- writes its keys in key order, so two payments at once cannot deadlock.
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
  END IF;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION donation_after_insert() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
BEGIN
  PERFORM campaign_giving_apply(1, ARRAY(SELECT n::donation FROM new_rows n WHERE n.status = 'paid'));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Only rows whose paid state or a counted column changed move anything (a pending checkout
-- getting its session id, for one, does not).
CREATE OR REPLACE FUNCTION donation_after_update() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
BEGIN
  PERFORM campaign_giving_apply(-1, ARRAY(
    SELECT o::donation FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE o.status = 'paid'
      AND (n.status, n.campaign_id, n.contact_id, n.donor_email_key, n.amount_cents, n.paid_at)
          IS DISTINCT FROM (o.status, o.campaign_id, o.contact_id, o.donor_email_key, o.amount_cents, o.paid_at)));
  PERFORM campaign_giving_apply(1, ARRAY(
    SELECT n::donation FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE n.status = 'paid'
      AND (n.status, n.campaign_id, n.contact_id, n.donor_email_key, n.amount_cents, n.paid_at)
          IS DISTINCT FROM (o.status, o.campaign_id, o.contact_id, o.donor_email_key, o.amount_cents, o.paid_at)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION donation_after_delete() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
BEGIN
  -- A campaign's own deletion takes its side rows with it (ON DELETE CASCADE); this is for a
  -- donation deleted on its own.
  PERFORM campaign_giving_apply(-1, ARRAY(SELECT o::donation FROM old_rows o WHERE o.status = 'paid'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER donation_after_insert AFTER INSERT ON donation
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION donation_after_insert();
CREATE TRIGGER donation_after_update AFTER UPDATE ON donation
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION donation_after_update();
CREATE TRIGGER donation_after_delete AFTER DELETE ON donation
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION donation_after_delete();
--> statement-breakpoint
-- Reads for the tenant role, scoped by the transaction's organization as well as the org named.
CREATE OR REPLACE FUNCTION campaign_giving_rows(p_org uuid, p_campaign uuid)
  RETURNS TABLE (contact_id uuid, donor_email text, donation_count integer, total_cents bigint)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp ROWS 1000
  AS $$ SELECT g.contact_id, g.donor_email, g.donation_count, g.total_cents
        FROM campaign_giving g
        WHERE g.campaign_id = p_campaign AND g.org_id = p_org AND g.org_id = app_current_org() $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION campaign_giving_quarters(p_org uuid, p_campaign uuid)
  RETURNS TABLE (quarter timestamptz, donation_count integer, total_cents bigint)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp ROWS 200
  AS $$ SELECT q.quarter, q.donation_count, q.total_cents FROM campaign_giving_quarter q
        WHERE q.campaign_id = p_campaign AND q.org_id = p_org AND q.org_id = app_current_org() $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION campaign_raised_totals(p_org uuid)
  RETURNS TABLE (campaign_id uuid, donation_count integer, total_cents bigint)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp ROWS 20
  AS $$ SELECT r.campaign_id, r.donation_count, r.total_cents FROM campaign_raised r
        WHERE r.org_id = p_org AND r.org_id = app_current_org() $$;
--> statement-breakpoint
-- Existing donations. The owner is itself subject to donation's forced row security, so it is
-- lifted for the copy (inside this migration's transaction, which holds the table lock).
ALTER TABLE donation NO FORCE ROW LEVEL SECURITY;
SELECT campaign_giving_apply(1, ARRAY(SELECT d FROM donation d WHERE d.status = 'paid'));
ALTER TABLE donation FORCE ROW LEVEL SECURITY;
