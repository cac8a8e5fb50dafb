-- The dashboard's Active Contracts card at scale (issue 18): agreements in force today (active,
-- not deleted, today between their start and end dates) were counted from an index of every
-- active agreement of the organization, 4,700 entries and 1.7 ms of the dashboard's 4.9 ms for the
-- bench's large organization, and more with every season kept.
--
-- Kept instead as day deltas, per organization: +1 on an agreement's start date and -1 on the day
-- after its end date, for each agreement that counts. The agreements in force on a day are the sum
-- of the deltas up to that day: one row per distinct start or end date, not one per agreement, and
-- no job has to run at midnight, since the day read moves and not the rows. end_date > start_date
-- (contract_dates), so an agreement's two deltas never meet on one day.
-- Like 0024's side tables: written only by a SECURITY DEFINER trigger (deltas, in key order, so
-- concurrent writers never lose one another nor deadlock), read only through a SECURITY DEFINER
-- function scoped by app_current_org(); the app role has no grant on it.
CREATE TABLE org_agreement_in_force_day (
  org_id uuid NOT NULL,
  day date NOT NULL,
  delta integer NOT NULL,
  PRIMARY KEY (org_id, day)
);
ALTER TABLE org_agreement_in_force_day ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON org_agreement_in_force_day USING (org_id = app_current_org()) WITH CHECK (org_id = app_current_org());
--> statement-breakpoint
-- Takes p_old's agreements out and puts p_new's in: the net change of each day, keys left at zero go.
CREATE OR REPLACE FUNCTION agreement_in_force_move(p_old contract[], p_new contract[]) RETURNS void
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
BEGIN
  IF coalesce(array_length(p_old, 1), 0) + coalesce(array_length(p_new, 1), 0) = 0 THEN
    RETURN;
  END IF;
  INSERT INTO org_agreement_in_force_day AS d (org_id, day, delta)
  SELECT m.org_id, m.day, sum(m.delta) FROM (
    SELECT o.org_id, o.start_date AS day, -1 AS delta FROM unnest(p_old) o
    WHERE o.status = 'active' AND o.deleted_at IS NULL
    UNION ALL
    SELECT o.org_id, o.end_date + 1, 1 FROM unnest(p_old) o WHERE o.status = 'active' AND o.deleted_at IS NULL
    UNION ALL
    SELECT n.org_id, n.start_date, 1 FROM unnest(p_new) n WHERE n.status = 'active' AND n.deleted_at IS NULL
    UNION ALL
    SELECT n.org_id, n.end_date + 1, -1 FROM unnest(p_new) n WHERE n.status = 'active' AND n.deleted_at IS NULL
  ) m
  GROUP BY m.org_id, m.day HAVING sum(m.delta) <> 0 ORDER BY m.org_id, m.day
  ON CONFLICT (org_id, day) DO UPDATE SET delta = d.delta + excluded.delta;

  DELETE FROM org_agreement_in_force_day d
  USING (
    SELECT o.org_id, o.start_date AS day FROM unnest(p_old) o
    UNION SELECT o.org_id, o.end_date + 1 FROM unnest(p_old) o
    UNION SELECT n.org_id, n.start_date FROM unnest(p_new) n
    UNION SELECT n.org_id, n.end_date + 1 FROM unnest(p_new) n
  ) k
  WHERE d.org_id = k.org_id AND d.day = k.day AND d.delta = 0;
END $$;
--> statement-breakpoint
-- Only rows whose counted columns changed move anything (an agreement's notes or document, for one, do not).
CREATE OR REPLACE FUNCTION contract_in_force_after_change() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM agreement_in_force_move(ARRAY[]::contract[], ARRAY(SELECT n::contract FROM new_rows n));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM agreement_in_force_move(ARRAY(SELECT o::contract FROM old_rows o), ARRAY[]::contract[]);
  ELSE
    PERFORM agreement_in_force_move(
      ARRAY(SELECT o::contract FROM old_rows o JOIN new_rows n ON n.id = o.id
            WHERE (n.org_id, n.status, n.deleted_at IS NULL, n.start_date, n.end_date)
                  IS DISTINCT FROM (o.org_id, o.status, o.deleted_at IS NULL, o.start_date, o.end_date)),
      ARRAY(SELECT n::contract FROM old_rows o JOIN new_rows n ON n.id = o.id
            WHERE (n.org_id, n.status, n.deleted_at IS NULL, n.start_date, n.end_date)
                  IS DISTINCT FROM (o.org_id, o.status, o.deleted_at IS NULL, o.start_date, o.end_date)));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER contract_in_force_after_insert AFTER INSERT ON contract
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION contract_in_force_after_change();
CREATE TRIGGER contract_in_force_after_update AFTER UPDATE ON contract
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION contract_in_force_after_change();
CREATE TRIGGER contract_in_force_after_delete AFTER DELETE ON contract
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION contract_in_force_after_change();
--> statement-breakpoint
-- The organization's agreements in force on p_day, for the tenant role (scoped by the
-- transaction's organization as well as the one named).
CREATE OR REPLACE FUNCTION org_agreements_in_force(p_org uuid, p_day date) RETURNS bigint
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$ SELECT coalesce(sum(d.delta), 0)::bigint FROM org_agreement_in_force_day d
        WHERE d.org_id = p_org AND d.org_id = app_current_org() AND d.day <= p_day $$;
--> statement-breakpoint
-- The writer is for the trigger alone (EXECUTE goes to PUBLIC by default; see 0024).
REVOKE EXECUTE ON FUNCTION agreement_in_force_move(contract[], contract[]) FROM PUBLIC;
--> statement-breakpoint
-- Existing agreements. The owner is itself subject to the table's forced row security, so it is
-- lifted for the copy (inside this migration's transaction, which holds the table's lock).
ALTER TABLE contract NO FORCE ROW LEVEL SECURITY;
INSERT INTO org_agreement_in_force_day (org_id, day, delta)
SELECT m.org_id, m.day, sum(m.delta) FROM (
  SELECT org_id, start_date AS day, 1 AS delta FROM contract WHERE status = 'active' AND deleted_at IS NULL
  UNION ALL
  SELECT org_id, end_date + 1, -1 FROM contract WHERE status = 'active' AND deleted_at IS NULL
) m
GROUP BY m.org_id, m.day HAVING sum(m.delta) <> 0;
ALTER TABLE contract FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ANALYZE org_agreement_in_force_day;
