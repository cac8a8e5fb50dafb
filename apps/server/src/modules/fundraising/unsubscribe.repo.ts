import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { rows, type TTx } from '../../db/client';
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

const ZRowEmail = z.object({ email: z.string().nullable() });

/**
 * A prospect e-mail's link (issue 16): the company contact it went to, and every other company
 * contact of the organization with the same address, opt out of prospect e-mails, once (a second
 * click keeps the first opt_out_at). Answers whether the contact exists in the organization.
 */
export async function optOutCompanyContact(tx: TTx, orgId: string, contactId: string): Promise<boolean> {
  const [row] = await rows(
    tx,
    ZRowEmail,
    sql`SELECT email FROM company_contact WHERE org_id = ${orgId} AND id = ${contactId}`,
  );
  if (!row) return false;
  const address = row.email?.trim().toLowerCase();
  await tx.execute(
    address
      ? sql`UPDATE company_contact SET email_opt_out = true, opt_out_at = now()
            WHERE org_id = ${orgId} AND NOT email_opt_out AND (id = ${contactId} OR lower(btrim(email)) = ${address})`
      : sql`UPDATE company_contact SET email_opt_out = true, opt_out_at = now()
            WHERE org_id = ${orgId} AND id = ${contactId} AND NOT email_opt_out`,
  );
  return true;
}
