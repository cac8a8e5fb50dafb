import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { TTx } from '../db/client';
import { companies, companyContacts, timelineEvents } from '../db/schema/companies';
import { invoiceLineItems, invoices } from '../db/schema/invoices';
import { organizations } from '../db/schema/organizations';
import { contractLines, contracts, emailLogs, quoteLines, quotes } from '../db/schema/sales';

/** How many invoices the organization has: the seed adds its own only to none. */
export async function countDemoInvoices(tx: TTx, orgId: string): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(invoices).where(eq(invoices.orgId, orgId));
  return row?.n ?? 0;
}

/**
 * The organization's remit-to address and EIN, each set to the given one only where it has none
 * (a treasurer's own settings win); answers what it holds afterwards.
 */
export async function fillDemoRemitTo(
  tx: TTx,
  orgId: string,
  remitTo: string,
  ein: string,
): Promise<{ name: string; remitTo: string }> {
  const [org] = await tx
    .select({ name: organizations.name, remitTo: organizations.remitToAddress, ein: organizations.ein })
    .from(organizations)
    .where(eq(organizations.id, orgId));
  if (!org) throw new Error('demo organization missing');
  if (!org.remitTo?.trim() || !org.ein?.trim()) {
    await tx
      .update(organizations)
      .set({ remitToAddress: org.remitTo?.trim() || remitTo, ein: org.ein?.trim() || ein, updatedAt: new Date() })
      .where(eq(organizations.id, orgId));
  }
  return { name: org.name, remitTo: org.remitTo?.trim() || remitTo };
}

/** The agreements with their company, start and term, by company name. */
export async function demoAgreements(tx: TTx, orgId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return tx
    .select({
      id: contracts.id,
      companyId: contracts.companyId,
      companyName: companies.name,
      startDate: contracts.startDate,
      termMonths: contracts.termMonths,
      seasonLabel: contracts.seasonLabel,
    })
    .from(contracts)
    .innerJoin(companies, and(eq(companies.orgId, contracts.orgId), eq(companies.id, contracts.companyId)))
    .where(and(eq(contracts.orgId, orgId), inArray(contracts.id, [...ids])));
}

/** The agreements' lines in order. */
export async function demoAgreementLines(tx: TTx, orgId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return tx
    .select({
      contractId: contractLines.contractId,
      itemName: contractLines.itemName,
      qty: contractLines.qty,
      unitPriceCents: contractLines.unitPriceCents,
      setupFeeCents: contractLines.setupFeeCents,
    })
    .from(contractLines)
    .where(and(eq(contractLines.orgId, orgId), inArray(contractLines.contractId, [...ids])))
    .orderBy(asc(contractLines.contractId), asc(contractLines.position));
}

/** The companies of these names with their primary contact, when they have one. */
export async function demoBillingCompanies(tx: TTx, orgId: string, names: readonly string[]) {
  if (names.length === 0) return [];
  return tx
    .select({
      id: companies.id,
      name: companies.name,
      contactName: companyContacts.name,
      contactEmail: companyContacts.email,
    })
    .from(companies)
    .leftJoin(
      companyContacts,
      and(
        eq(companyContacts.orgId, companies.orgId),
        eq(companyContacts.companyId, companies.id),
        eq(companyContacts.isPrimary, true),
      ),
    )
    .where(and(eq(companies.orgId, orgId), inArray(companies.name, [...names])));
}

/** The company's accepted quote that has no agreement yet, with its lines (the demo has one). */
export async function demoAcceptedQuote(tx: TTx, orgId: string, companyId: string) {
  const [quote] = await tx
    .select({ id: quotes.id })
    .from(quotes)
    .where(and(eq(quotes.orgId, orgId), eq(quotes.companyId, companyId), eq(quotes.status, 'accepted')));
  if (!quote) return null;
  const lines = await tx
    .select({ itemName: quoteLines.itemName, qty: quoteLines.qty, unitPriceCents: quoteLines.unitPriceCents })
    .from(quoteLines)
    .where(and(eq(quoteLines.orgId, orgId), eq(quoteLines.quoteId, quote.id)))
    .orderBy(asc(quoteLines.position));
  return { id: quote.id, lines };
}

export type TDemoInvoiceRow = typeof invoices.$inferInsert;
export type TDemoLineRow = Omit<typeof invoiceLineItems.$inferInsert, 'orgId' | 'invoiceId' | 'position'>;

/** One invoice and its lines, in order; answers its id. */
export async function insertDemoInvoice(tx: TTx, invoice: TDemoInvoiceRow, lines: readonly TDemoLineRow[]) {
  const [row] = await tx.insert(invoices).values(invoice).returning({ id: invoices.id });
  if (!row) throw new Error('demo invoice insert returned no row');
  await tx
    .insert(invoiceLineItems)
    .values(lines.map((l, position) => ({ ...l, orgId: invoice.orgId, invoiceId: row.id, position })));
  return row.id;
}

export type TDemoEvent = typeof timelineEvents.$inferInsert;
export type TDemoEmailLog = typeof emailLogs.$inferInsert;

export async function insertDemoInvoiceHistory(
  tx: TTx,
  events: readonly TDemoEvent[],
  emails: readonly TDemoEmailLog[],
): Promise<void> {
  if (events.length) await tx.insert(timelineEvents).values([...events]);
  if (emails.length) await tx.insert(emailLogs).values([...emails]);
}
