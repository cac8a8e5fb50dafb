-- The accept-invite link carries a secret; only its SHA-256 is stored. The row id (which lists
-- show) no longer opens an invitation: verifying, accepting and the invite sign-up need the secret.
-- Invitations sent before this migration have none: re-sending one gives it a new link.
ALTER TABLE invite_token ADD COLUMN token_hash text;
--> statement-breakpoint
CREATE UNIQUE INDEX invite_token_token_hash_uq ON invite_token (token_hash) WHERE token_hash IS NOT NULL;
