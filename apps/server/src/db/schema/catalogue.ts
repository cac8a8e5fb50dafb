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
