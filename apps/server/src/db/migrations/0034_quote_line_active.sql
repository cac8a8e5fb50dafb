-- The products list says which products a quote in draft or sent includes (the drawer's warning that
-- those quotes keep their prices). Asked of the quotes, that is a walk of each product's lines to
-- their quotes' statuses: at 20,000 quotes, 700 quote lookups and 3,000 pages a load, 5 ms of
-- PostgreSQL and a plan of its own each time (issue 18). Each line now carries whether its quote is
-- active, kept by the two triggers below, so the question is one probe of a partial index per
-- product, asked inside the list's own prepared statement.
--
-- Active is the quotes list's Active tab (packages/shared QUOTE_TAB_STATUSES.active: draft and sent).
ALTER TABLE quote_line ADD COLUMN quote_active boolean NOT NULL DEFAULT false;
--> statement-breakpoint
UPDATE quote_line ql SET quote_active = true
FROM quote q
WHERE q.org_id = ql.org_id AND q.id = ql.quote_id AND q.status IN ('draft', 'sent');
--> statement-breakpoint
CREATE INDEX quote_line_active_product_idx ON quote_line (org_id, product_id) WHERE quote_active;
--> statement-breakpoint
-- A line takes its quote's state as it is written. The quote is read FOR SHARE, so a status change
-- being made in another transaction is waited for (and then seen), and one that starts after waits
-- for this line to be committed and then updates it with the others. The app locks the quote before
-- it writes lines (FOR UPDATE), so for it the share lock is already held.
CREATE OR REPLACE FUNCTION quote_line_take_quote_state() RETURNS trigger
  LANGUAGE plpgsql SET search_path = public, pg_temp
  AS $$
BEGIN
  SELECT q.status IN ('draft', 'sent') INTO NEW.quote_active
  FROM quote q WHERE q.org_id = NEW.org_id AND q.id = NEW.quote_id
  FOR SHARE;
  NEW.quote_active := coalesce(NEW.quote_active, false);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER quote_line_take_quote_state BEFORE INSERT OR UPDATE OF quote_id, quote_active ON quote_line
  FOR EACH ROW EXECUTE FUNCTION quote_line_take_quote_state();
--> statement-breakpoint
-- A quote that becomes active or stops being active (sent, accepted, rejected, expired, contracted,
-- archived, back to draft) passes it to its lines. Runs as the caller, under the caller's row
-- security, which covers the quote's own lines.
CREATE OR REPLACE FUNCTION quote_pass_state_to_lines() RETURNS trigger
  LANGUAGE plpgsql SET search_path = public, pg_temp
  AS $$
BEGIN
  UPDATE quote_line SET quote_active = quote_active
  WHERE org_id = NEW.org_id AND quote_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER quote_pass_state_to_lines AFTER UPDATE OF status ON quote
  FOR EACH ROW
  WHEN ((OLD.status IN ('draft', 'sent')) IS DISTINCT FROM (NEW.status IN ('draft', 'sent')))
  EXECUTE FUNCTION quote_pass_state_to_lines();
