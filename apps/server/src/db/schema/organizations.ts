import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt, id, instant, updatedAt } from './columns';

export const organizations = pgTable('organization', {
  id: id(),
  name: text('name').notNull(),
  seasonLabel: text('season_label').notNull(),
  fiscalStartMonth: smallint('fiscal_start_month').notNull(),
  workflowMode: text('workflow_mode').notNull().default('basic'),
  hasCompletedMenuWizard: boolean('has_completed_menu_wizard').notNull().default(false),
  emailAlias: text('email_alias'),
  emailVerified: boolean('email_verified').notNull().default(false),
  sponsorshipLeadEmail: text('sponsorship_lead_email'),
  treasurerEmail: text('treasurer_email'),
  remitToAddress: text('remit_to_address'),
  ein: text('ein'),
  businessStreet: text('business_street'),
  businessCity: text('business_city'),
  businessState: text('business_state'),
  businessZip: text('business_zip'),
  defaultPaymentMethod: text('default_payment_method').notNull().default('manual'),
  stripeCustomerId: text('stripe_customer_id'),
  stripeConnectedAccountId: text('stripe_connected_account_id'),
  stripeAccountEnabled: boolean('stripe_account_enabled').notNull().default(false),
  stripeOnboardingComplete: boolean('stripe_onboarding_complete').notNull().default(false),
  stripeChargesEnabled: boolean('stripe_charges_enabled').notNull().default(false),
  stripePayoutsEnabled: boolean('stripe_payouts_enabled').notNull().default(false),
  stripeRequirements: jsonb('stripe_requirements'),
  planKey: text('plan_key'),
  subscriptionStatus: text('subscription_status'),
  currentPeriodEnd: instant('current_period_end'),
  isFrozen: boolean('is_frozen').notNull().default(false),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const userRoles = pgTable(
  'user_role',
  {
    id: id(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    isOwner: boolean('is_owner').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('user_role_org_user_role_uq').on(t.orgId, t.userId, t.role),
    index('user_role_user_idx').on(t.userId),
  ],
);

export const inviteTokens = pgTable(
  'invite_token',
  {
    id: id(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    rolesArray: text('roles_array').array().notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('pending'),
    createdAt: createdAt(),
    expiresAt: instant('expires_at').notNull().default(sql`now() + interval '3 days'`),
    acceptedAt: instant('accepted_at'),
    acceptedBy: uuid('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    /** SHA-256 of the link's secret; the secret itself is only ever in the e-mail. */
    tokenHash: text('token_hash'),
  },
  (t) => [
    index('invite_token_org_idx').on(t.orgId, t.createdAt),
    uniqueIndex('invite_token_one_pending_uq').on(t.orgId, t.email).where(sql`status = 'pending'`),
  ],
);
