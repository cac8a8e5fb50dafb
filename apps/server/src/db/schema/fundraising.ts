import type { TReminderSchedule } from '@pennant/shared/fundraising/schemas';
import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt, id, instant, updatedAt } from './columns';
import { emailMessages } from './mail';
import { organizations } from './organizations';

/*
 * Fundraising (0016_fundraising.sql). The migration is the source of truth for constraints and
 * indexes (unique contact address per organization, one campaign e-mail per contact); these
 * declarations give the tenant list its tables and the repos their columns.
 */

const orgId = () =>
  uuid('org_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' });

export const fundraisingCampaigns = pgTable(
  'fundraising_campaign',
  {
    id: id(),
    orgId: orgId(),
    name: text('name').notNull(),
    status: text('status').notNull().default('draft'),
    campaignType: text('campaign_type').notNull(),
    goalCents: bigint('goal_cents', { mode: 'number' }),
    startsAt: date('starts_at', { mode: 'string' }).notNull(),
    endsAt: date('ends_at', { mode: 'string' }).notNull(),
    minContactsPerPlayer: integer('min_contacts_per_player').notNull().default(10),
    subjectSeed: text('subject_seed'),
    bodySeed: text('body_seed'),
    behalfOfName: text('behalf_of_name'),
    messagePerspective: text('message_perspective').notNull().default('team'),
    reminderSchedule: jsonb('reminder_schedule').$type<TReminderSchedule>().notNull(),
    isDeleted: boolean('is_deleted').notNull().default(false),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    sentAt: instant('sent_at'),
  },
  (t) => [index('fundraising_campaign_org_idx').on(t.orgId, t.createdAt.desc(), t.id.desc())],
);

const campaignId = () =>
  uuid('campaign_id')
    .notNull()
    .references(() => fundraisingCampaigns.id, { onDelete: 'cascade' });

export const campaignPlayers = pgTable(
  'campaign_player',
  { id: id(), orgId: orgId(), campaignId: campaignId(), name: text('name').notNull(), createdAt: createdAt() },
  (t) => [index('campaign_player_org_idx').on(t.orgId, t.campaignId)],
);

/** One row per address in the organization: an opt-out holds for every campaign. */
export const fundraisingContacts = pgTable('fundraising_contact', {
  id: id(),
  orgId: orgId(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  emailOptOut: boolean('email_opt_out').notNull().default(false),
  optOutAt: instant('opt_out_at'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

const contactId = () =>
  uuid('contact_id')
    .notNull()
    .references(() => fundraisingContacts.id, { onDelete: 'cascade' });
const playerId = () => uuid('player_id').references(() => campaignPlayers.id, { onDelete: 'set null' });

/** The spec's player_contact: a contact in a campaign, under a player (null for alumni). */
export const campaignContacts = pgTable(
  'campaign_contact',
  {
    id: id(),
    orgId: orgId(),
    campaignId: campaignId(),
    playerId: playerId(),
    contactId: contactId(),
    createdAt: createdAt(),
  },
  (t) => [index('campaign_contact_org_idx').on(t.orgId, t.campaignId, t.createdAt)],
);

export const donations = pgTable(
  'donation',
  {
    id: id(),
    orgId: orgId(),
    campaignId: campaignId(),
    playerId: playerId(),
    contactId: uuid('contact_id').references(() => fundraisingContacts.id, { onDelete: 'set null' }),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    status: text('status').notNull().default('pending'),
    checkoutSessionId: text('checkout_session_id').unique(),
    stripePaymentIntentId: text('stripe_payment_intent_id'),
    stripeAccountId: text('stripe_account_id'),
    donorName: text('donor_name'),
    donorEmail: text('donor_email'),
    /** The donor key's e-mail part, kept by the database (0019_fundraising_giving.sql). */
    donorEmailKey: text('donor_email_key').generatedAlwaysAs(sql`NULLIF(lower(btrim(donor_email)), '')`),
    createdAt: createdAt(),
    paidAt: instant('paid_at'),
  },
  // Donation Details' keyset pages, all and by status (0027_donation_pages.sql).
  (t) => [
    index('donation_campaign_list_idx').on(t.orgId, t.campaignId, t.createdAt.desc(), t.id.desc()),
    index('donation_campaign_status_idx').on(t.orgId, t.campaignId, t.status, t.createdAt.desc(), t.id.desc()),
  ],
);

/** An outreach batch: one launch of a fundraising campaign (a prospect blast next). */
export const emailCampaigns = pgTable(
  'email_campaign',
  {
    id: id(),
    orgId: orgId(),
    name: text('name').notNull(),
    kind: text('kind').notNull().default('fundraising'),
    fundraisingCampaignId: uuid('fundraising_campaign_id').references(() => fundraisingCampaigns.id, {
      onDelete: 'cascade',
    }),
    status: text('status').notNull().default('queued'),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    cadenceSeconds: integer('cadence_seconds').notNull().default(10),
    recipientCount: integer('recipient_count').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    completedAt: instant('completed_at'),
    // A prospect blast's own (0020_prospect_blast.sql): its price list, CC and the price sheet made once.
    priceListId: uuid('price_list_id'),
    attachPdf: boolean('attach_pdf').notNull().default(false),
    ccRole: text('cc_role'),
    ccEmail: text('cc_email'),
    attachmentKey: text('attachment_key'),
    attachmentName: text('attachment_name'),
  },
  (t) => [index('email_campaign_fundraising_idx').on(t.orgId, t.fundraisingCampaignId, t.createdAt)],
);

export const emailCampaignRecipients = pgTable(
  'email_campaign_recipient',
  {
    id: id(),
    orgId: orgId(),
    emailCampaignId: uuid('email_campaign_id')
      .notNull()
      .references(() => emailCampaigns.id, { onDelete: 'cascade' }),
    fundraisingCampaignId: uuid('fundraising_campaign_id').references(() => fundraisingCampaigns.id, {
      onDelete: 'cascade',
    }),
    /** The fundraising contact (a campaign e-mail); null for a blast's recipient. */
    contactId: uuid('contact_id').references(() => fundraisingContacts.id, { onDelete: 'cascade' }),
    playerId: playerId(),
    // A blast's recipient (0020): the company, its primary contact, and the e-mail approved for it.
    companyId: uuid('company_id'),
    companyContactId: uuid('company_contact_id'),
    email: text('email'),
    subject: text('subject'),
    html: text('html'),
    status: text('status').notNull().default('queued'),
    sendAfter: instant('send_after').notNull().defaultNow(),
    emailMessageId: uuid('email_message_id').references(() => emailMessages.id, { onDelete: 'set null' }),
    sentAt: instant('sent_at'),
    createdAt: createdAt(),
  },
  (t) => [index('email_campaign_recipient_batch_idx').on(t.emailCampaignId, t.status)],
);

export const campaignReminders = pgTable(
  'campaign_reminder',
  {
    id: id(),
    orgId: orgId(),
    campaignId: campaignId(),
    contactId: contactId(),
    reminderDay: integer('reminder_day').notNull(),
    emailMessageId: uuid('email_message_id').references(() => emailMessages.id, { onDelete: 'set null' }),
    sentAt: instant('sent_at').notNull().defaultNow(),
  },
  (t) => [index('campaign_reminder_org_idx').on(t.orgId, t.campaignId, t.contactId, t.sentAt.desc())],
);

/*
 * Paid giving kept by the donation triggers (0019_fundraising_giving.sql): definer-only side
 * tables, read through campaign_giving_rows / campaign_giving_days (0039, 0042) / campaign_raised_totals
 * (and campaign_tallies, 0026).
 */
const giving = {
  orgId: uuid('org_id').notNull(),
  campaignId: uuid('campaign_id')
    .notNull()
    .references(() => fundraisingCampaigns.id, { onDelete: 'cascade' }),
  donationCount: integer('donation_count').notNull(),
  totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
};

/** Per campaign, contact and donor e-mail (lower case, trimmed): paid donations and their total. */
export const campaignGiving = pgTable('campaign_giving', {
  ...giving,
  contactId: uuid('contact_id'),
  donorEmail: text('donor_email'),
});

/** Per campaign and quarter hour (UTC) of paid_at, for the daily timeline on any calendar. */
export const campaignGivingQuarters = pgTable(
  'campaign_giving_quarter',
  { ...giving, quarter: instant('quarter').notNull() },
  (t) => [primaryKey({ columns: [t.campaignId, t.quarter] })],
);

/**
 * Per organization and quarter hour (UTC) of paid_at (0022_dashboard_giving.sql): the dashboard's
 * Donations series, read through org_giving_quarters.
 */
export const orgGivingQuarters = pgTable(
  'org_giving_quarter',
  {
    orgId: uuid('org_id').notNull(),
    quarter: instant('quarter').notNull(),
    donationCount: integer('donation_count').notNull(),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.quarter] })],
);

/** Per campaign: the paid total and count (the list's Raised). */
export const campaignRaised = pgTable('campaign_raised', {
  ...giving,
  campaignId: uuid('campaign_id')
    .primaryKey()
    .references(() => fundraisingCampaigns.id, { onDelete: 'cascade' }),
});

/*
 * Kept by the triggers of 0026_fundraising_reads.sql (definer-only side tables), read through
 * campaign_tallies / campaign_tally_of / campaign_player_tallies / campaign_roster_rows.
 */

/** Per campaign: its players, its contacts, and its contacts with a recipient row (e-mailed). */
export const campaignTallies = pgTable('campaign_tally', {
  campaignId: uuid('campaign_id')
    .primaryKey()
    .references(() => fundraisingCampaigns.id, { onDelete: 'cascade' }),
  orgId: uuid('org_id').notNull(),
  playerCount: integer('player_count').notNull().default(0),
  contactCount: integer('contact_count').notNull().default(0),
  mailedCount: integer('mailed_count').notNull().default(0),
});

/** Per campaign and player: its contacts and its paid donations. */
export const campaignPlayerTallies = pgTable(
  'campaign_player_tally',
  {
    campaignId: uuid('campaign_id').notNull(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => campaignPlayers.id, { onDelete: 'cascade' }),
    orgId: uuid('org_id').notNull(),
    contactCount: integer('contact_count').notNull().default(0),
    donationCount: integer('donation_count').notNull().default(0),
    raisedCents: bigint('raised_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.playerId] })],
);

/** Per campaign contact (same id): the contact as the campaign page shows it, and its recipient's status. */
export const campaignRoster = pgTable(
  'campaign_roster',
  {
    id: uuid('id').notNull(),
    orgId: uuid('org_id').notNull(),
    campaignId: uuid('campaign_id').notNull(),
    contactId: uuid('contact_id').notNull(),
    playerId: uuid('player_id'),
    createdAt: instant('created_at').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    emailOptOut: boolean('email_opt_out').notNull(),
    optOutAt: instant('opt_out_at'),
    recipientStatus: text('recipient_status'),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.contactId] })],
);
