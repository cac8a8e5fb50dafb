-- Invoice search (issue 14): the provider's invoice id is matched as a substring, case-insensitive,
-- like the company name; a trigram index lets that part of the search be an index lookup OR-ed with
-- the others instead of a scan of the organization's whole invoice history.
CREATE INDEX invoice_provider_id_trgm_idx ON invoice USING gin (lower(stripe_invoice_id) gin_trgm_ops)
  WHERE stripe_invoice_id IS NOT NULL;
