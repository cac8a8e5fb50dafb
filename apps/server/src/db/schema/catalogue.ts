import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { organizations } from './organizations';

/** Ad types: global ones (org_id null) offered to everyone, plus each organization's own. */
export const masterAdTypes = pgTable(
  'master_ad_type',
  {
    id: id(),
    orgId: uuid('org_id').references(() => organizations.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    label: text('label').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('master_ad_type_scope_slug_uq').on(
      sql`coalesce(${t.orgId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
      t.slug,
    ),
  ],
);

export const products = pgTable(
  'product',
  {
    id: id(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    masterTypeId: uuid('master_type_id').references(() => masterAdTypes.id, { onDelete: 'set null' }),
    recurringPriceCents: integer('recurring_price_cents'),
    setupFeeCents: integer('setup_fee_cents'),
    shareType: text('share_type').notNull().default('none'),
    shareValue: integer('share_value'),
    isLimited: boolean('is_limited').notNull().default(false),
    locationText: text('location_text'),
    seasonLabel: text('season_label'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('product_org_name_idx').on(t.orgId, t.name)],
);

/** A package of products sold at one price for a season; deleted bundles are kept, hidden. */
export const bundles = pgTable(
  'bundle',
  {
    id: id(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    seasonLabel: text('season_label').notNull(),
    packagePriceCents: integer('package_price_cents').notNull(),
    isDeleted: boolean('is_deleted').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('bundle_org_name_idx').on(t.orgId, t.name).where(sql`NOT ${t.isDeleted}`)],
);

export const bundleItems = pgTable(
  'bundle_item',
  {
    id: id(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    bundleId: uuid('bundle_id')
      .notNull()
      .references(() => bundles.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    qty: integer('qty').notNull(),
    /** The order the drawer listed the items in. */
    position: integer('position').notNull().default(0),
  },
  (t) => [index('bundle_item_bundle_idx').on(t.orgId, t.bundleId), index('bundle_item_product_idx').on(t.productId)],
);

/** A published selection of products and bundles with the prices shown on its price sheet. */
export const priceLists = pgTable(
  'price_list',
  {
    id: id(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    seasonLabel: text('season_label').notNull(),
    isDeleted: boolean('is_deleted').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('price_list_org_created_idx').on(t.orgId, t.createdAt).where(sql`NOT ${t.isDeleted}`)],
);

/** One product or one bundle (never both) on a price list, with its display price. */
export const priceListItems = pgTable(
  'price_list_item',
  {
    id: id(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    priceListId: uuid('price_list_id')
      .notNull()
      .references(() => priceLists.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'cascade' }),
    bundleId: uuid('bundle_id').references(() => bundles.id, { onDelete: 'cascade' }),
    displayPriceCents: integer('display_price_cents').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    index('price_list_item_list_idx').on(t.orgId, t.priceListId),
    index('price_list_item_product_idx').on(t.productId),
    index('price_list_item_bundle_idx').on(t.bundleId),
  ],
);
