-- The catalogue (spec 001 §3): bundles of products and price lists of products and bundles.
-- Bundles and price lists are deleted softly (is_deleted) and filtered out of every list; their
-- items are replaced as a whole on edit. Items carry org_id so row-level security covers them too.
CREATE TABLE bundle (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL REFERENCES organization(id) ON DELETE CASCADE,
  name text NOT NULL,
  season_label text NOT NULL,
  package_price_cents integer NOT NULL CHECK (package_price_cents >= 0),
  is_deleted boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX bundle_org_name_idx ON bundle (org_id, name) WHERE NOT is_deleted;
--> statement-breakpoint
CREATE TABLE bundle_item (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL REFERENCES organization(id) ON DELETE CASCADE,
  bundle_id uuid NOT NULL REFERENCES bundle(id) ON DELETE CASCADE,
  product_id uuid NOT NULL REFERENCES product(id) ON DELETE CASCADE,
  qty integer NOT NULL CHECK (qty >= 1),
  position integer NOT NULL DEFAULT 0
);
CREATE INDEX bundle_item_bundle_idx ON bundle_item (org_id, bundle_id);
CREATE INDEX bundle_item_product_idx ON bundle_item (product_id);
--> statement-breakpoint
CREATE TABLE price_list (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL REFERENCES organization(id) ON DELETE CASCADE,
  name text NOT NULL,
  season_label text NOT NULL,
  is_deleted boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX price_list_org_created_idx ON price_list (org_id, created_at) WHERE NOT is_deleted;
--> statement-breakpoint
CREATE TABLE price_list_item (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL REFERENCES organization(id) ON DELETE CASCADE,
  price_list_id uuid NOT NULL REFERENCES price_list(id) ON DELETE CASCADE,
  product_id uuid REFERENCES product(id) ON DELETE CASCADE,
  bundle_id uuid REFERENCES bundle(id) ON DELETE CASCADE,
  display_price_cents integer NOT NULL CHECK (display_price_cents >= 0),
  position integer NOT NULL DEFAULT 0,
  CONSTRAINT price_list_item_one_kind CHECK ((product_id IS NULL) <> (bundle_id IS NULL))
);
CREATE INDEX price_list_item_list_idx ON price_list_item (org_id, price_list_id);
CREATE INDEX price_list_item_product_idx ON price_list_item (product_id);
CREATE INDEX price_list_item_bundle_idx ON price_list_item (bundle_id);
--> statement-breakpoint
-- Product prices are whole cents and never negative (the wizard's products have none yet).
ALTER TABLE product ADD CONSTRAINT product_prices_not_negative
  CHECK (coalesce(recurring_price_cents, 0) >= 0 AND coalesce(setup_fee_cents, 0) >= 0);
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['bundle', 'bundle_item', 'price_list', 'price_list_item']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (org_id = app_current_org()) WITH CHECK (org_id = app_current_org())', t);
  END LOOP;
END $$;
--> statement-breakpoint
-- The app role is normally created (and granted the tenant tables) by ensureRoles after the
-- migrations; it is created here first when missing so the grant can be given with the tables.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'pennant_app') THEN
    CREATE ROLE pennant_app NOLOGIN NOBYPASSRLS;
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN
  NULL; -- another node created it first
END $$;
GRANT SELECT, INSERT, UPDATE, DELETE ON bundle, bundle_item, price_list, price_list_item TO pennant_app;
