import { count, eq } from 'drizzle-orm';
import type { TTx } from '../db/client';
import {
  campaignContacts,
  campaignPlayers,
  campaignReminders,
  donations,
  emailCampaignRecipients,
  emailCampaigns,
  fundraisingCampaigns,
  fundraisingContacts,
} from '../db/schema/fundraising';

/** How many campaigns the organization has: the seed adds its own only to none. */
export async function countDemoCampaigns(tx: TTx, orgId: string): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(fundraisingCampaigns).where(eq(fundraisingCampaigns.orgId, orgId));
  return row?.n ?? 0;
}

export async function insertDemoCampaign(tx: TTx, row: typeof fundraisingCampaigns.$inferInsert): Promise<string> {
  const [created] = await tx.insert(fundraisingCampaigns).values(row).returning({ id: fundraisingCampaigns.id });
  if (!created) throw new Error('demo campaign not created');
  return created.id;
}

export async function insertDemoPlayers(tx: TTx, rows: (typeof campaignPlayers.$inferInsert)[]) {
  if (rows.length === 0) return [];
  return tx.insert(campaignPlayers).values(rows).returning({ id: campaignPlayers.id, name: campaignPlayers.name });
}

export async function insertDemoContacts(tx: TTx, rows: (typeof fundraisingContacts.$inferInsert)[]) {
  if (rows.length === 0) return [];
  return tx
    .insert(fundraisingContacts)
    .values(rows)
    .returning({ id: fundraisingContacts.id, email: fundraisingContacts.email });
}

export async function insertDemoCampaignContacts(tx: TTx, rows: (typeof campaignContacts.$inferInsert)[]) {
  if (rows.length > 0) await tx.insert(campaignContacts).values(rows);
}

export async function insertDemoEmailCampaign(tx: TTx, row: typeof emailCampaigns.$inferInsert): Promise<string> {
  const [created] = await tx.insert(emailCampaigns).values(row).returning({ id: emailCampaigns.id });
  if (!created) throw new Error('demo email campaign not created');
  return created.id;
}

export async function insertDemoRecipients(tx: TTx, rows: (typeof emailCampaignRecipients.$inferInsert)[]) {
  if (rows.length > 0) await tx.insert(emailCampaignRecipients).values(rows);
}

export async function insertDemoReminders(tx: TTx, rows: (typeof campaignReminders.$inferInsert)[]) {
  if (rows.length > 0) await tx.insert(campaignReminders).values(rows);
}

export async function insertDemoDonations(tx: TTx, rows: (typeof donations.$inferInsert)[]) {
  if (rows.length > 0) await tx.insert(donations).values(rows);
}
