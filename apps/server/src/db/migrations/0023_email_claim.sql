-- Who is sending an e-mail, and since when (issue "Proof at scale": crash safety). The send-email
-- job claims a message (queued → sending) under its own job id; a retry of that same job, after
-- its node died in the middle of the send, may claim it again at once. Any other job never takes a
-- message that is being sent. The sweep counts a send as stuck from its claim, not from the
-- message's creation: an old message that is only now being sent is left to finish.
ALTER TABLE email_message ADD COLUMN IF NOT EXISTS claimed_by text;
--> statement-breakpoint
ALTER TABLE email_message ADD COLUMN IF NOT EXISTS claimed_at timestamptz;
