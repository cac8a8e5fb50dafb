import { pgTable, uuid } from 'drizzle-orm/pg-core';
import { id, instant } from './columns';
import { organizations } from './organizations';

/**
 * Spec 001 §3 'price sheet send log' (0020_prospect_blast.sql): a price sheet that went to a company,
 * by a blast's e-mail. The migration holds the foreign keys and indexes.
 */
export const priceSheetSendLog = pgTable('price_sheet_send_log', {
  id: id(),
  orgId: uuid('org_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  companyId: uuid('company_id').notNull(),
  priceListId: uuid('price_list_id'),
  emailCampaignId: uuid('email_campaign_id'),
  emailMessageId: uuid('email_message_id'),
  sentAt: instant('sent_at').notNull().defaultNow(),
});
