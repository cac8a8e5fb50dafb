import { and, eq } from 'drizzle-orm';
import type { TTx } from '../../db/client';
import { fundraisingContacts } from '../../db/schema/fundraising';

/**
 * Opts the contact out once: only a contact not yet opted out changes, so a second click (or a
 * mail client's one-click POST after the person's own click) keeps the first opt_out_at.
 * Answers whether the contact exists in the organization at all.
 */
export async function optOutContact(tx: TTx, orgId: string, contactId: string): Promise<boolean> {
  const [row] = await tx
    .select({ optedOut: fundraisingContacts.emailOptOut })
    .from(fundraisingContacts)
    .where(and(eq(fundraisingContacts.orgId, orgId), eq(fundraisingContacts.id, contactId)))
    .for('update');
  if (!row) return false;
  if (!row.optedOut) {
    const at = new Date();
    await tx
      .update(fundraisingContacts)
      .set({ emailOptOut: true, optOutAt: at, updatedAt: at })
      .where(
        and(
          eq(fundraisingContacts.orgId, orgId),
          eq(fundraisingContacts.id, contactId),
          eq(fundraisingContacts.emailOptOut, false),
        ),
      );
  }
  return true;
}
