-- Extra headers an outgoing e-mail carries (issue 15): campaign e-mails and reminders name their
-- one-click unsubscribe address (List-Unsubscribe, List-Unsubscribe-Post: RFC 2369, RFC 8058).
-- A name → value object; null for messages without any.
ALTER TABLE email_message ADD COLUMN IF NOT EXISTS headers jsonb;
--> statement-breakpoint
-- A campaign e-mail the mailer gives up on marks its recipient failed, found by its message.
CREATE INDEX IF NOT EXISTS email_campaign_recipient_message_idx
  ON email_campaign_recipient (email_message_id) WHERE email_message_id IS NOT NULL;
