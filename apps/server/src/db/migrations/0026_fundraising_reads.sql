-- The campaign pages at full size (issue 18: 200 campaigns, 100,000 campaign contacts, a million
-- donations in one organization). Each read below used to count or join every row of the
-- campaign on each request (the list: 200 campaigns × 500 contacts and recipients, 180 ms; the
-- detail and the insights: 500 contacts each looked up in fundraising_contact and
-- email_campaign_recipient, scattered over the tables, 1,000–4,500 pages):
--  * campaign_tally: per campaign, its players, its contacts and its contacts already e-mailed
--    (a recipient row of the campaign, whatever its status) — the list's counts and unsent, the
--    e-mail history, every page's goal × players.
--  * campaign_roster: per campaign contact, what the campaign page shows of it: the contact's
--    name, address and opt-out, and the campaign recipient's status. The detail and the contact
--    insights read a campaign's rows together (stored campaign by campaign, 10 pages for 500
--    contacts) instead of three lookups per contact.
--  * campaign_player_tally: per campaign and player, contacts and paid donations (player
--    progress), instead of summing the player's donations on each request.
-- Like 0005's and 0019's side tables: written only by SECURITY DEFINER functions, read only
-- through SECURITY DEFINER functions scoped by app_current_org(); the app role has no grant on
-- them. Counts move by deltas (count = count + delta): a row is made by the first increment and
-- only ever updated by a decrement, so a campaign or player deleted with its rows (ON DELETE
-- CASCADE) is never brought back by the decrement that follows.
--
-- The triggers that must read another tenant table (the contact's name and address when a
-- contact joins a campaign) run as the caller (SECURITY INVOKER, under the caller's row security,
-- which always covers the rows it writes) and hand the rows to a definer function that only
-- writes the side tables: the schema's owner may be a non-superuser, subject to the forced row
-- security of the tenant tables, and in a platform transaction it would see nothing.
--
-- 0019's campaign_giving_apply is redefined: taken-away donations update the giving rows rather
-- than insert-or-update them (an organization's deletion took a campaign's giving rows with the
-- campaign first, and the insert of a negative row then failed its foreign key), and paid
-- donations per player are kept beside the campaign's.
CREATE TABLE campaign_tally (
  campaign_id uuid PRIMARY KEY REFERENCES fundraising_campaign(id) ON DELETE CASCADE,
  org_id uuid NOT NULL,
  player_count integer NOT NULL DEFAULT 0,
  contact_count integer NOT NULL DEFAULT 0,
  -- Contacts of the campaign with a recipient row of it (queued, sent, failed or skipped).
  mailed_count integer NOT NULL DEFAULT 0
);
CREATE INDEX campaign_tally_org_idx ON campaign_tally (org_id);
ALTER TABLE campaign_tally ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON campaign_tally USING (org_id = app_current_org()) WITH CHECK (org_id = app_current_org());
--> statement-breakpoint
CREATE TABLE campaign_player_tally (
  campaign_id uuid NOT NULL,
  player_id uuid NOT NULL REFERENCES campaign_player(id) ON DELETE CASCADE,
  org_id uuid NOT NULL,
  contact_count integer NOT NULL DEFAULT 0,
  donation_count integer NOT NULL DEFAULT 0,
  raised_cents bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (campaign_id, player_id)
);
-- A player's deletion finds its rows by player (the cascade).
CREATE INDEX campaign_player_tally_player_idx ON campaign_player_tally (player_id);
ALTER TABLE campaign_player_tally ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON campaign_player_tally USING (org_id = app_current_org()) WITH CHECK (org_id = app_current_org());
--> statement-breakpoint
-- One row per campaign_contact (same id). Rows go in campaign by campaign (each statement writes
-- its rows in campaign order), and half of each page is left free so that the recipient status a
-- launch sets on every row, or an opt-out, stays on the row's page (a HOT update: none of the
-- changed columns is indexed): a campaign's 500 rows stay on a dozen pages.
CREATE TABLE campaign_roster (
  id uuid NOT NULL,
  org_id uuid NOT NULL,
  campaign_id uuid NOT NULL,
  contact_id uuid NOT NULL,
  player_id uuid,
  created_at timestamptz NOT NULL,
  name text NOT NULL,
  email text NOT NULL,
  email_opt_out boolean NOT NULL,
  opt_out_at timestamptz,
  -- The campaign's recipient row for the contact (at most one, email_campaign_recipient_once_idx).
  recipient_status text,
  -- The insights' keys, worked out once per change rather than for every contact on every read:
  -- the address as donors' e-mails are matched (trimmed, lower case, NULL when blank) and the
  -- name as the contacts are sorted.
  email_key text GENERATED ALWAYS AS (lower(NULLIF(btrim(email), ''))) STORED,
  name_key text GENERATED ALWAYS AS (lower(name)) STORED,
  PRIMARY KEY (campaign_id, contact_id)
) WITH (fillfactor = 50);
ALTER TABLE campaign_roster ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON campaign_roster USING (org_id = app_current_org()) WITH CHECK (org_id = app_current_org());
--> statement-breakpoint
-- Adds the deltas to the campaigns' tallies: growth inserts or updates (in key order, so two
-- statements cannot deadlock), shrinkage only updates rows still there (locked in key order).
CREATE OR REPLACE FUNCTION campaign_tally_apply(p_rows campaign_tally[]) RETURNS void
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
DECLARE
  v campaign_tally[];
BEGIN
  IF coalesce(array_length(p_rows, 1), 0) = 0 THEN
    RETURN;
  END IF;
  v := ARRAY(SELECT ROW(d.campaign_id, d.org_id, sum(d.player_count), sum(d.contact_count),
                        sum(d.mailed_count))::campaign_tally
             FROM unnest(p_rows) d GROUP BY d.campaign_id, d.org_id
             HAVING sum(d.player_count) <> 0 OR sum(d.contact_count) <> 0 OR sum(d.mailed_count) <> 0);
  INSERT INTO campaign_tally AS t (campaign_id, org_id, player_count, contact_count, mailed_count)
  SELECT d.campaign_id, d.org_id, d.player_count, d.contact_count, d.mailed_count FROM unnest(v) d
  WHERE d.player_count >= 0 AND d.contact_count >= 0 AND d.mailed_count >= 0
  ORDER BY d.campaign_id
  ON CONFLICT (campaign_id) DO UPDATE SET player_count = t.player_count + excluded.player_count,
                                          contact_count = t.contact_count + excluded.contact_count,
                                          mailed_count = t.mailed_count + excluded.mailed_count;
  PERFORM 1 FROM campaign_tally t
  WHERE t.campaign_id IN (SELECT d.campaign_id FROM unnest(v) d
                          WHERE d.player_count < 0 OR d.contact_count < 0 OR d.mailed_count < 0)
  ORDER BY t.campaign_id FOR UPDATE;
  UPDATE campaign_tally t SET player_count = t.player_count + d.player_count,
                              contact_count = t.contact_count + d.contact_count,
                              mailed_count = t.mailed_count + d.mailed_count
  FROM unnest(v) d
  WHERE t.campaign_id = d.campaign_id AND (d.player_count < 0 OR d.contact_count < 0 OR d.mailed_count < 0);
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION campaign_player_tally_apply(p_rows campaign_player_tally[]) RETURNS void
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
DECLARE
  v campaign_player_tally[];
BEGIN
  IF coalesce(array_length(p_rows, 1), 0) = 0 THEN
    RETURN;
  END IF;
  v := ARRAY(SELECT ROW(d.campaign_id, d.player_id, d.org_id, sum(d.contact_count),
                        sum(d.donation_count), sum(d.raised_cents))::campaign_player_tally
             FROM unnest(p_rows) d WHERE d.player_id IS NOT NULL GROUP BY d.campaign_id, d.player_id, d.org_id
             HAVING sum(d.contact_count) <> 0 OR sum(d.donation_count) <> 0 OR sum(d.raised_cents) <> 0);
  INSERT INTO campaign_player_tally AS t (campaign_id, player_id, org_id, contact_count, donation_count, raised_cents)
  SELECT d.campaign_id, d.player_id, d.org_id, d.contact_count, d.donation_count, d.raised_cents FROM unnest(v) d
  WHERE d.contact_count >= 0 AND d.donation_count >= 0 AND d.raised_cents >= 0
  ORDER BY d.campaign_id, d.player_id
  ON CONFLICT (campaign_id, player_id) DO UPDATE SET contact_count = t.contact_count + excluded.contact_count,
                                                     donation_count = t.donation_count + excluded.donation_count,
                                                     raised_cents = t.raised_cents + excluded.raised_cents;
  PERFORM 1 FROM campaign_player_tally t
  WHERE (t.campaign_id, t.player_id) IN (SELECT d.campaign_id, d.player_id FROM unnest(v) d
                                         WHERE d.contact_count < 0 OR d.donation_count < 0 OR d.raised_cents < 0)
  ORDER BY t.campaign_id, t.player_id FOR UPDATE;
  UPDATE campaign_player_tally t SET contact_count = t.contact_count + d.contact_count,
                                     donation_count = t.donation_count + d.donation_count,
                                     raised_cents = t.raised_cents + d.raised_cents
  FROM unnest(v) d
  WHERE t.campaign_id = d.campaign_id AND t.player_id = d.player_id
    AND (d.contact_count < 0 OR d.donation_count < 0 OR d.raised_cents < 0);
END $$;
--> statement-breakpoint
-- campaign_roster_add and campaign_roster_remove are called by triggers that run as the caller, so
-- the tenant role may call them: in a tenant transaction they take only its organization's rows.
CREATE OR REPLACE FUNCTION campaign_roster_same_org(p_orgs uuid[]) RETURNS void
  LANGUAGE plpgsql STABLE SET search_path = public, pg_temp
  AS $$
BEGIN
  IF app_current_org() IS NOT NULL AND EXISTS (SELECT 1 FROM unnest(p_orgs) o WHERE o IS DISTINCT FROM app_current_org()) THEN
    RAISE EXCEPTION 'campaign roster rows of another organization' USING ERRCODE = '42501';
  END IF;
END $$;
--> statement-breakpoint
-- Contacts into the roster, with the counts they move.
CREATE OR REPLACE FUNCTION campaign_roster_add(p_rows campaign_roster[]) RETURNS void
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
BEGIN
  IF coalesce(array_length(p_rows, 1), 0) = 0 THEN
    RETURN;
  END IF;
  PERFORM campaign_roster_same_org(ARRAY(SELECT r.org_id FROM unnest(p_rows) r));
  INSERT INTO campaign_roster (id, org_id, campaign_id, contact_id, player_id, created_at, name, email, email_opt_out,
                               opt_out_at, recipient_status)
  SELECT r.id, r.org_id, r.campaign_id, r.contact_id, r.player_id, r.created_at, r.name, r.email, r.email_opt_out,
         r.opt_out_at, r.recipient_status
  FROM unnest(p_rows) r ORDER BY r.campaign_id, r.created_at, r.id;
  PERFORM campaign_tally_apply(ARRAY(
    SELECT ROW(r.campaign_id, r.org_id, 0, count(*), count(r.recipient_status))::campaign_tally
    FROM unnest(p_rows) r GROUP BY r.campaign_id, r.org_id));
  PERFORM campaign_player_tally_apply(ARRAY(
    SELECT ROW(r.campaign_id, r.player_id, r.org_id, count(*), 0, 0)::campaign_player_tally
    FROM unnest(p_rows) r WHERE r.player_id IS NOT NULL GROUP BY r.campaign_id, r.player_id, r.org_id));
END $$;
--> statement-breakpoint
-- Campaign contacts out of the roster (by campaign and contact), with the counts they move.
CREATE OR REPLACE FUNCTION campaign_roster_remove(p_rows campaign_contact[]) RETURNS void
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
DECLARE
  gone campaign_roster[];
BEGIN
  IF coalesce(array_length(p_rows, 1), 0) = 0 THEN
    RETURN;
  END IF;
  PERFORM campaign_roster_same_org(ARRAY(SELECT r.org_id FROM unnest(p_rows) r));
  WITH d AS (
    DELETE FROM campaign_roster r USING unnest(p_rows) o
    WHERE r.campaign_id = o.campaign_id AND r.contact_id = o.contact_id
    RETURNING r.*
  )
  SELECT array_agg(d::campaign_roster) INTO gone FROM d;
  PERFORM campaign_tally_apply(ARRAY(
    SELECT ROW(r.campaign_id, r.org_id, 0, -count(*), -count(r.recipient_status))::campaign_tally
    FROM unnest(gone) r GROUP BY r.campaign_id, r.org_id));
  PERFORM campaign_player_tally_apply(ARRAY(
    SELECT ROW(r.campaign_id, r.player_id, r.org_id, -count(*), 0, 0)::campaign_player_tally
    FROM unnest(gone) r WHERE r.player_id IS NOT NULL GROUP BY r.campaign_id, r.player_id, r.org_id));
END $$;
--> statement-breakpoint
-- The campaign recipient's status onto its roster row (NULL: the recipient row went), and the
-- e-mailed count by how many rows gained or lost a status. The status read before the update is
-- the one this update replaces: only this function writes it, for the recipient row of the same
-- campaign and contact, and changes to one recipient row wait for one another (its row lock, or
-- the unique index for a new one), each then running its trigger on a fresh snapshot.
CREATE OR REPLACE FUNCTION campaign_roster_mark(p_rows email_campaign_recipient[], p_clear boolean) RETURNS void
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
DECLARE
  moved campaign_tally[];
BEGIN
  IF coalesce(array_length(p_rows, 1), 0) = 0 THEN
    RETURN;
  END IF;
  WITH x AS (
    SELECT DISTINCT ON (r.fundraising_campaign_id, r.contact_id) r.fundraising_campaign_id AS campaign_id,
           r.contact_id, CASE WHEN p_clear THEN NULL ELSE r.status END AS status
    FROM unnest(p_rows) r WHERE r.fundraising_campaign_id IS NOT NULL
    ORDER BY r.fundraising_campaign_id, r.contact_id
  ),
  prior AS (
    SELECT c.campaign_id, c.contact_id, c.org_id, c.recipient_status FROM campaign_roster c
    WHERE (c.campaign_id, c.contact_id) IN (SELECT x.campaign_id, x.contact_id FROM x)
  ),
  done AS (
    UPDATE campaign_roster c SET recipient_status = x.status
    FROM x JOIN prior b ON b.campaign_id = x.campaign_id AND b.contact_id = x.contact_id
    WHERE c.campaign_id = x.campaign_id AND c.contact_id = x.contact_id
      AND b.recipient_status IS DISTINCT FROM x.status
    RETURNING c.campaign_id, b.org_id, (x.status IS NOT NULL)::int - (b.recipient_status IS NOT NULL)::int AS delta
  )
  SELECT array_agg(ROW(d.campaign_id, d.org_id, 0, 0, d.delta)::campaign_tally) INTO moved
  FROM (SELECT campaign_id, org_id, sum(delta)::int AS delta FROM done
        GROUP BY campaign_id, org_id HAVING sum(delta) <> 0) d;
  PERFORM campaign_tally_apply(moved);
END $$;
--> statement-breakpoint
-- campaign_player: the campaign's player count.
CREATE OR REPLACE FUNCTION campaign_player_after_insert() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
BEGIN
  PERFORM campaign_tally_apply(ARRAY(
    SELECT ROW(n.campaign_id, n.org_id, count(*), 0, 0)::campaign_tally
    FROM new_rows n GROUP BY n.campaign_id, n.org_id));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION campaign_player_after_update() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
BEGIN
  -- A player never moves to another campaign; were one to, its count would move with it.
  PERFORM campaign_tally_apply(ARRAY(
    SELECT ROW(m.campaign_id, m.org_id, sum(m.delta), 0, 0)::campaign_tally
    FROM (SELECT o.campaign_id, o.org_id, -1 AS delta FROM old_rows o JOIN new_rows n ON n.id = o.id
          WHERE n.campaign_id <> o.campaign_id
          UNION ALL
          SELECT n.campaign_id, n.org_id, 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
          WHERE n.campaign_id <> o.campaign_id) m
    GROUP BY m.campaign_id, m.org_id));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION campaign_player_after_delete() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
BEGIN
  PERFORM campaign_tally_apply(ARRAY(
    SELECT ROW(o.campaign_id, o.org_id, -count(*), 0, 0)::campaign_tally
    FROM old_rows o GROUP BY o.campaign_id, o.org_id));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- campaign_contact: the roster row, made from the organization's contact (read as the caller, and
-- locked FOR SHARE so that an opt-out or rename racing this insert waits for it, then finds the
-- new row to update) and the campaign's recipient row if there is one.
CREATE OR REPLACE FUNCTION campaign_contact_after_insert() RETURNS trigger
  LANGUAGE plpgsql SECURITY INVOKER SET search_path = public, pg_temp
  AS $$
BEGIN
  PERFORM campaign_roster_add(ARRAY(
    SELECT ROW(n.id, n.org_id, n.campaign_id, n.contact_id, n.player_id, n.created_at, fc.name, fc.email,
               fc.email_opt_out, fc.opt_out_at, r.status, NULL, NULL)::campaign_roster
    FROM new_rows n JOIN fundraising_contact fc ON fc.id = n.contact_id AND fc.org_id = n.org_id
    LEFT JOIN email_campaign_recipient r ON r.fundraising_campaign_id = n.campaign_id AND r.contact_id = n.contact_id
    FOR SHARE OF fc));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A contact moved to another player (the only change the app makes; a player's deletion sets
-- it NULL): its row goes and comes back as it is now.
CREATE OR REPLACE FUNCTION campaign_contact_after_update() RETURNS trigger
  LANGUAGE plpgsql SECURITY INVOKER SET search_path = public, pg_temp
  AS $$
BEGIN
  PERFORM campaign_roster_remove(ARRAY(
    SELECT o::campaign_contact FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (n.org_id, n.campaign_id, n.contact_id, n.player_id, n.created_at)
          IS DISTINCT FROM (o.org_id, o.campaign_id, o.contact_id, o.player_id, o.created_at)));
  PERFORM campaign_roster_add(ARRAY(
    SELECT ROW(n.id, n.org_id, n.campaign_id, n.contact_id, n.player_id, n.created_at, fc.name, fc.email,
               fc.email_opt_out, fc.opt_out_at, r.status, NULL, NULL)::campaign_roster
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    JOIN fundraising_contact fc ON fc.id = n.contact_id AND fc.org_id = n.org_id
    LEFT JOIN email_campaign_recipient r ON r.fundraising_campaign_id = n.campaign_id AND r.contact_id = n.contact_id
    WHERE (n.org_id, n.campaign_id, n.contact_id, n.player_id, n.created_at)
          IS DISTINCT FROM (o.org_id, o.campaign_id, o.contact_id, o.player_id, o.created_at)
    FOR SHARE OF fc));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION campaign_contact_after_delete() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
BEGIN
  PERFORM campaign_roster_remove(ARRAY(SELECT o::campaign_contact FROM old_rows o));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- fundraising_contact: a new name or address, or an opt-out, onto every campaign it is in.
CREATE OR REPLACE FUNCTION fundraising_contact_after_update() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
BEGIN
  UPDATE campaign_roster r
  SET name = n.name, email = n.email, email_opt_out = n.email_opt_out, opt_out_at = n.opt_out_at
  FROM new_rows n
  WHERE r.contact_id = n.id AND r.org_id = n.org_id
    AND (r.name, r.email, r.email_opt_out, r.opt_out_at) IS DISTINCT FROM (n.name, n.email, n.email_opt_out, n.opt_out_at);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- email_campaign_recipient: a fundraising campaign's recipient rows onto the roster (a prospect
-- blast's rows, with no fundraising campaign, are passed over).
CREATE OR REPLACE FUNCTION email_campaign_recipient_after_insert() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
BEGIN
  PERFORM campaign_roster_mark(ARRAY(SELECT n::email_campaign_recipient FROM new_rows n WHERE n.fundraising_campaign_id IS NOT NULL), false);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION email_campaign_recipient_after_update() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
BEGIN
  PERFORM campaign_roster_mark(ARRAY(
    SELECT o::email_campaign_recipient FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE o.fundraising_campaign_id IS NOT NULL
      AND (n.fundraising_campaign_id, n.contact_id) IS DISTINCT FROM (o.fundraising_campaign_id, o.contact_id)), true);
  PERFORM campaign_roster_mark(ARRAY(
    SELECT n::email_campaign_recipient FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE n.fundraising_campaign_id IS NOT NULL
      AND (n.fundraising_campaign_id, n.contact_id, n.status)
          IS DISTINCT FROM (o.fundraising_campaign_id, o.contact_id, o.status)), false);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION email_campaign_recipient_after_delete() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
BEGIN
  PERFORM campaign_roster_mark(ARRAY(SELECT o::email_campaign_recipient FROM old_rows o WHERE o.fundraising_campaign_id IS NOT NULL), true);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER campaign_player_after_insert AFTER INSERT ON campaign_player
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION campaign_player_after_insert();
CREATE TRIGGER campaign_player_after_update AFTER UPDATE ON campaign_player
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION campaign_player_after_update();
CREATE TRIGGER campaign_player_after_delete AFTER DELETE ON campaign_player
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION campaign_player_after_delete();
CREATE TRIGGER campaign_contact_after_insert AFTER INSERT ON campaign_contact
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION campaign_contact_after_insert();
CREATE TRIGGER campaign_contact_after_update AFTER UPDATE ON campaign_contact
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION campaign_contact_after_update();
CREATE TRIGGER campaign_contact_after_delete AFTER DELETE ON campaign_contact
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION campaign_contact_after_delete();
CREATE TRIGGER fundraising_contact_after_update AFTER UPDATE ON fundraising_contact
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION fundraising_contact_after_update();
CREATE TRIGGER email_campaign_recipient_after_insert AFTER INSERT ON email_campaign_recipient
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION email_campaign_recipient_after_insert();
CREATE TRIGGER email_campaign_recipient_after_update AFTER UPDATE ON email_campaign_recipient
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION email_campaign_recipient_after_update();
CREATE TRIGGER email_campaign_recipient_after_delete AFTER DELETE ON email_campaign_recipient
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION email_campaign_recipient_after_delete();
--> statement-breakpoint
-- 0022's function with two changes: paid donations per player (campaign_player_tally), and
-- taking away by update only (see the head of this file).
CREATE OR REPLACE FUNCTION campaign_giving_apply(p_sign integer, p_rows donation[]) RETURNS void
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
BEGIN
  IF coalesce(array_length(p_rows, 1), 0) = 0 THEN
    RETURN;
  END IF;
  IF p_sign > 0 THEN
    INSERT INTO campaign_giving AS g (org_id, campaign_id, contact_id, donor_email, donation_count, total_cents)
    SELECT d.org_id, d.campaign_id, d.contact_id, d.donor_email_key, count(*), sum(d.amount_cents)
    FROM unnest(p_rows) d
    GROUP BY d.org_id, d.campaign_id, d.contact_id, d.donor_email_key
    ORDER BY d.campaign_id, d.contact_id, d.donor_email_key
    ON CONFLICT (campaign_id, COALESCE(contact_id, '00000000-0000-0000-0000-000000000000'::uuid), COALESCE(donor_email, ''))
    DO UPDATE SET donation_count = g.donation_count + excluded.donation_count,
                  total_cents = g.total_cents + excluded.total_cents;

    INSERT INTO campaign_giving_quarter AS q (org_id, campaign_id, quarter, donation_count, total_cents)
    SELECT d.org_id, d.campaign_id, giving_quarter(d.paid_at), count(*), sum(d.amount_cents)
    FROM unnest(p_rows) d
    WHERE d.paid_at IS NOT NULL
    GROUP BY d.org_id, d.campaign_id, giving_quarter(d.paid_at)
    ORDER BY d.campaign_id, giving_quarter(d.paid_at)
    ON CONFLICT (campaign_id, quarter) DO UPDATE SET
      donation_count = q.donation_count + excluded.donation_count,
      total_cents = q.total_cents + excluded.total_cents;

    INSERT INTO org_giving_quarter AS q (org_id, quarter, donation_count, total_cents)
    SELECT d.org_id, giving_quarter(d.paid_at), count(*), sum(d.amount_cents)
    FROM unnest(p_rows) d
    WHERE d.paid_at IS NOT NULL
    GROUP BY d.org_id, giving_quarter(d.paid_at)
    ORDER BY d.org_id, giving_quarter(d.paid_at)
    ON CONFLICT (org_id, quarter) DO UPDATE SET
      donation_count = q.donation_count + excluded.donation_count,
      total_cents = q.total_cents + excluded.total_cents;

    INSERT INTO campaign_raised AS r (campaign_id, org_id, donation_count, total_cents)
    SELECT d.campaign_id, d.org_id, count(*), sum(d.amount_cents)
    FROM unnest(p_rows) d
    GROUP BY d.campaign_id, d.org_id
    ORDER BY d.campaign_id
    ON CONFLICT (campaign_id) DO UPDATE SET
      donation_count = r.donation_count + excluded.donation_count,
      total_cents = r.total_cents + excluded.total_cents;
  ELSE
    UPDATE campaign_giving g SET donation_count = g.donation_count - d.n, total_cents = g.total_cents - d.total
    FROM (SELECT d.campaign_id, d.contact_id, d.donor_email_key, count(*) AS n, sum(d.amount_cents) AS total
          FROM unnest(p_rows) d GROUP BY d.campaign_id, d.contact_id, d.donor_email_key) d
    WHERE g.campaign_id = d.campaign_id
      AND COALESCE(g.contact_id, '00000000-0000-0000-0000-000000000000'::uuid)
          = COALESCE(d.contact_id, '00000000-0000-0000-0000-000000000000'::uuid)
      AND COALESCE(g.donor_email, '') = COALESCE(d.donor_email_key, '');

    UPDATE campaign_giving_quarter q SET donation_count = q.donation_count - d.n, total_cents = q.total_cents - d.total
    FROM (SELECT d.campaign_id, giving_quarter(d.paid_at) AS quarter, count(*) AS n, sum(d.amount_cents) AS total
          FROM unnest(p_rows) d WHERE d.paid_at IS NOT NULL GROUP BY 1, 2) d
    WHERE q.campaign_id = d.campaign_id AND q.quarter = d.quarter;

    UPDATE org_giving_quarter q SET donation_count = q.donation_count - d.n, total_cents = q.total_cents - d.total
    FROM (SELECT d.org_id, giving_quarter(d.paid_at) AS quarter, count(*) AS n, sum(d.amount_cents) AS total
          FROM unnest(p_rows) d WHERE d.paid_at IS NOT NULL GROUP BY 1, 2) d
    WHERE q.org_id = d.org_id AND q.quarter = d.quarter;

    UPDATE campaign_raised r SET donation_count = r.donation_count - d.n, total_cents = r.total_cents - d.total
    FROM (SELECT d.campaign_id, count(*) AS n, sum(d.amount_cents) AS total FROM unnest(p_rows) d GROUP BY 1) d
    WHERE r.campaign_id = d.campaign_id;

    -- Keys and quarters left without a paid donation go (the campaign's rows, by index).
    DELETE FROM campaign_giving g
    WHERE g.donation_count <= 0 AND g.campaign_id IN (SELECT DISTINCT d.campaign_id FROM unnest(p_rows) d);
    DELETE FROM campaign_giving_quarter q
    WHERE q.donation_count <= 0 AND q.campaign_id IN (SELECT DISTINCT d.campaign_id FROM unnest(p_rows) d);
    DELETE FROM org_giving_quarter q
    WHERE q.donation_count <= 0 AND q.org_id IN (SELECT DISTINCT d.org_id FROM unnest(p_rows) d);
  END IF;

  PERFORM campaign_player_tally_apply(ARRAY(
    SELECT ROW(d.campaign_id, d.player_id, d.org_id, 0, p_sign * count(*),
               p_sign * sum(d.amount_cents))::campaign_player_tally
    FROM unnest(p_rows) d WHERE d.player_id IS NOT NULL GROUP BY d.campaign_id, d.player_id, d.org_id));
END $$;
--> statement-breakpoint
-- 0019's update trigger, the player now among the columns whose change moves a paid donation.
CREATE OR REPLACE FUNCTION donation_after_update() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
BEGIN
  PERFORM campaign_giving_apply(-1, ARRAY(
    SELECT o::donation FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE o.status = 'paid'
      AND (n.status, n.campaign_id, n.contact_id, n.donor_email_key, n.amount_cents, n.paid_at, n.player_id)
          IS DISTINCT FROM (o.status, o.campaign_id, o.contact_id, o.donor_email_key, o.amount_cents, o.paid_at, o.player_id)));
  PERFORM campaign_giving_apply(1, ARRAY(
    SELECT n::donation FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE n.status = 'paid'
      AND (n.status, n.campaign_id, n.contact_id, n.donor_email_key, n.amount_cents, n.paid_at, n.player_id)
          IS DISTINCT FROM (o.status, o.campaign_id, o.contact_id, o.donor_email_key, o.amount_cents, o.paid_at, o.player_id)));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Reads for the tenant role, scoped by the transaction's organization as well as the org named.
-- PL/pgSQL rather than SQL: a SECURITY DEFINER function is never inlined, and a SQL function's
-- query is planned again at every call (0.3 ms, a third of a campaign page's SQL), while PL/pgSQL
-- keeps the plan for the connection. 0019's readers are redefined alike, same names and columns.
CREATE OR REPLACE FUNCTION campaign_tallies(p_org uuid)
  RETURNS TABLE (campaign_id uuid, player_count integer, contact_count integer, mailed_count integer,
                 raised_cents bigint)
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp ROWS 200
  AS $$
BEGIN
  -- The list's figures in one call: a campaign may have a tally without giving, or giving alone.
  RETURN QUERY
  SELECT COALESCE(t.campaign_id, r.campaign_id), COALESCE(t.player_count, 0), COALESCE(t.contact_count, 0),
         COALESCE(t.mailed_count, 0), COALESCE(r.total_cents, 0)::bigint
  FROM (SELECT x.* FROM campaign_tally x WHERE x.org_id = p_org AND x.org_id = app_current_org()) t
  FULL JOIN (SELECT y.campaign_id, y.total_cents FROM campaign_raised y
             WHERE y.org_id = p_org AND y.org_id = app_current_org()) r ON r.campaign_id = t.campaign_id;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION campaign_tally_of(p_org uuid, p_campaign uuid)
  RETURNS TABLE (player_count integer, contact_count integer, mailed_count integer)
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp ROWS 1
  AS $$
BEGIN
  RETURN QUERY SELECT t.player_count, t.contact_count, t.mailed_count FROM campaign_tally t
  WHERE t.campaign_id = p_campaign AND t.org_id = p_org AND t.org_id = app_current_org();
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION campaign_player_tallies(p_org uuid, p_campaign uuid)
  RETURNS TABLE (player_id uuid, contact_count integer, donation_count integer, raised_cents bigint)
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp ROWS 10
  AS $$
BEGIN
  RETURN QUERY SELECT t.player_id, t.contact_count, t.donation_count, t.raised_cents FROM campaign_player_tally t
  WHERE t.campaign_id = p_campaign AND t.org_id = p_org AND t.org_id = app_current_org();
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION campaign_roster_rows(p_org uuid, p_campaign uuid)
  RETURNS TABLE (id uuid, contact_id uuid, player_id uuid, created_at timestamptz, name text, email text,
                 email_opt_out boolean, opt_out_at timestamptz, recipient_status text, email_key text, name_key text)
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp ROWS 500
  AS $$
BEGIN
  RETURN QUERY SELECT r.id, r.contact_id, r.player_id, r.created_at, r.name, r.email, r.email_opt_out, r.opt_out_at,
                      r.recipient_status, r.email_key, r.name_key
  FROM campaign_roster r
  WHERE r.campaign_id = p_campaign AND r.org_id = p_org AND r.org_id = app_current_org();
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION campaign_giving_rows(p_org uuid, p_campaign uuid)
  RETURNS TABLE (contact_id uuid, donor_email text, donation_count integer, total_cents bigint)
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp ROWS 1000
  AS $$
BEGIN
  RETURN QUERY SELECT g.contact_id, g.donor_email, g.donation_count, g.total_cents
  FROM campaign_giving g
  WHERE g.campaign_id = p_campaign AND g.org_id = p_org AND g.org_id = app_current_org();
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION campaign_giving_quarters(p_org uuid, p_campaign uuid)
  RETURNS TABLE (quarter timestamptz, donation_count integer, total_cents bigint)
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp ROWS 200
  AS $$
BEGIN
  RETURN QUERY SELECT q.quarter, q.donation_count, q.total_cents FROM campaign_giving_quarter q
  WHERE q.campaign_id = p_campaign AND q.org_id = p_org AND q.org_id = app_current_org();
END $$;
--> statement-breakpoint
-- The organization's calendar zone (its owner's saved zone, as invoices.common organizationZone
-- reads it), for the campaign analytics inside the tenant transaction rather than a platform one.
CREATE OR REPLACE FUNCTION app_org_timezone(p_org uuid) RETURNS text
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
BEGIN
  RETURN (SELECT p.timezone FROM user_role r JOIN user_profiles p ON p.id = r.user_id
          WHERE r.org_id = p_org AND r.org_id = app_current_org() AND r.is_owner
          ORDER BY r.created_at, r.id LIMIT 1);
END $$;
--> statement-breakpoint
-- The helpers that write the kept rows are for the triggers (which call them as the owner): EXECUTE
-- goes to PUBLIC by default, and with it the tenant role could add made-up counts to any
-- organization's. campaign_roster_add and campaign_roster_remove stay callable (see above).
REVOKE EXECUTE ON FUNCTION campaign_tally_apply(campaign_tally[]) FROM PUBLIC;
REVOKE EXECUTE ON FUNCTION campaign_player_tally_apply(campaign_player_tally[]) FROM PUBLIC;
REVOKE EXECUTE ON FUNCTION campaign_roster_mark(email_campaign_recipient[], boolean) FROM PUBLIC;
REVOKE EXECUTE ON FUNCTION campaign_giving_apply(integer, donation[]) FROM PUBLIC;
--> statement-breakpoint
-- What is already there. The owner is itself subject to the tenant tables' forced row security,
-- so it is lifted for the copy (inside this migration's transaction, which holds the tables' locks).
ALTER TABLE campaign_player NO FORCE ROW LEVEL SECURITY;
ALTER TABLE campaign_contact NO FORCE ROW LEVEL SECURITY;
ALTER TABLE fundraising_contact NO FORCE ROW LEVEL SECURITY;
ALTER TABLE email_campaign_recipient NO FORCE ROW LEVEL SECURITY;
ALTER TABLE donation NO FORCE ROW LEVEL SECURITY;
INSERT INTO campaign_roster (id, org_id, campaign_id, contact_id, player_id, created_at, name, email, email_opt_out,
                             opt_out_at, recipient_status)
SELECT cc.id, cc.org_id, cc.campaign_id, cc.contact_id, cc.player_id, cc.created_at, fc.name, fc.email, fc.email_opt_out,
       fc.opt_out_at, r.status
FROM campaign_contact cc
JOIN fundraising_contact fc ON fc.id = cc.contact_id AND fc.org_id = cc.org_id
LEFT JOIN email_campaign_recipient r ON r.fundraising_campaign_id = cc.campaign_id AND r.contact_id = cc.contact_id
ORDER BY cc.campaign_id, cc.created_at, cc.id;
INSERT INTO campaign_tally (campaign_id, org_id, player_count, contact_count, mailed_count)
SELECT c.id, c.org_id,
       (SELECT count(*) FROM campaign_player p WHERE p.campaign_id = c.id),
       (SELECT count(*) FROM campaign_roster r WHERE r.campaign_id = c.id),
       (SELECT count(r.recipient_status) FROM campaign_roster r WHERE r.campaign_id = c.id)
FROM fundraising_campaign c;
INSERT INTO campaign_player_tally (campaign_id, player_id, org_id, contact_count, donation_count, raised_cents)
SELECT k.campaign_id, k.player_id, k.org_id, sum(k.contacts), sum(k.donations), sum(k.raised)
FROM (SELECT r.campaign_id, r.player_id, r.org_id, 1 AS contacts, 0 AS donations, 0 AS raised
      FROM campaign_roster r WHERE r.player_id IS NOT NULL
      UNION ALL
      SELECT d.campaign_id, d.player_id, d.org_id, 0, 1, d.amount_cents
      FROM donation d WHERE d.status = 'paid' AND d.player_id IS NOT NULL) k
GROUP BY k.campaign_id, k.player_id, k.org_id;
ALTER TABLE campaign_player FORCE ROW LEVEL SECURITY;
ALTER TABLE campaign_contact FORCE ROW LEVEL SECURITY;
ALTER TABLE fundraising_contact FORCE ROW LEVEL SECURITY;
ALTER TABLE email_campaign_recipient FORCE ROW LEVEL SECURITY;
ALTER TABLE donation FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
-- Built after the copy (faster than row by row). The roster's rows of a campaign in entry order
-- (the detail's order); by contact for a contact's change of name, address or opt-out.
CREATE INDEX campaign_roster_campaign_idx ON campaign_roster (campaign_id, created_at, id);
CREATE INDEX campaign_roster_contact_idx ON campaign_roster (contact_id);
ANALYZE campaign_tally;
ANALYZE campaign_player_tally;
ANALYZE campaign_roster;
