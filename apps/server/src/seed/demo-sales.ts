import { agreementClauses, agreementEndDate, agreementTotalCents } from '@pennant/shared/agreements/rules';
import { defaultQuoteSubject } from '@pennant/shared/ai/rules';
import { quoteRenewalCents, quoteYearOneCents } from '@pennant/shared/quotes/rules';
import type { TQuoteStatus } from '@pennant/shared/quotes/schemas';
import { addDays, format } from 'date-fns';
import type { TTx } from '../db/client';
import { timelineEvents } from '../db/schema/companies';
import { contractLines, contracts, quoteLines, quotes } from '../db/schema/sales';
import { demoCompanies, demoPrimaryContacts, demoProducts } from './demo-sales.repo';

/*
 * The demo's sales history: every active sponsor has an agreement made from an accepted quote
 * (three of them expiring within 60 days, one from last season expired), the negotiating companies
 * have quotes out, and the pipeline shows a draft, a rejected and an expired quote. PDFs are not
 * made here: the pages make them on first view.
 */

interface TSeedLine {
  product: string;
  qty?: number;
}

interface TSeedQuote {
  company: string;
  status: TQuoteStatus;
  /** Days ago the quote was created (sent a day later, decided a week after that). */
  ageDays: number;
  lines: TSeedLine[];
  /** For contracted quotes: the agreement's start (days ago) and term. */
  agreement?: { startDaysAgo: number; termMonths: number; status?: string };
}

const QUOTES: TSeedQuote[] = [
  // Active sponsors, each with its agreement.
  {
    company: 'Hometown Hardware',
    status: 'contracted',
    ageDays: 120,
    lines: [{ product: 'Outfield Banner' }, { product: 'Game Program Ad' }],
    agreement: { startDaysAgo: 110, termMonths: 12 },
  },
  {
    company: 'Riverside Family Dental',
    status: 'contracted',
    ageDays: 340,
    lines: [{ product: 'Scoreboard Sign' }],
    // Ends within 60 days: the Expiring tab and 'Create Renewal Quote'.
    agreement: { startDaysAgo: 330, termMonths: 12 },
  },
  {
    company: 'Eagle Valley Credit Union',
    status: 'contracted',
    ageDays: 200,
    lines: [{ product: 'Jersey Patch' }, { product: 'Website Ad' }, { product: 'Social Media Post', qty: 4 }],
    agreement: { startDaysAgo: 190, termMonths: 24 },
  },
  {
    company: 'Sunrise Bakery',
    status: 'contracted',
    ageDays: 60,
    lines: [{ product: 'Concession Stand Sign' }, { product: 'PA Announcement', qty: 2 }],
    agreement: { startDaysAgo: 50, termMonths: 12 },
  },
  {
    company: 'Peak Performance Physical Therapy',
    status: 'contracted',
    ageDays: 175,
    lines: [{ product: 'Left Field Fence Banner' }],
    agreement: { startDaysAgo: 160, termMonths: 6 },
  },
  {
    company: 'Gridiron Grill',
    status: 'contracted',
    ageDays: 30,
    lines: [{ product: 'Event Sponsorship' }, { product: 'Game Program Ad' }],
    agreement: { startDaysAgo: 20, termMonths: 12 },
  },
  {
    company: 'Lakewood Insurance Agency',
    status: 'contracted',
    ageDays: 345,
    lines: [{ product: 'Right Field Fence Banner' }, { product: 'Program Back Cover' }],
    agreement: { startDaysAgo: 335, termMonths: 12 },
  },
  {
    company: 'Brightside Orthodontics',
    status: 'accepted',
    ageDays: 12,
    lines: [{ product: 'Website Ad' }, { product: 'Social Media Post', qty: 6 }],
  },
  // Last season's sponsor whose agreement ran out.
  {
    company: 'Maple Street Realty',
    status: 'contracted',
    ageDays: 520,
    lines: [{ product: 'Outfield Banner' }],
    agreement: { startDaysAgo: 500, termMonths: 12, status: 'expired' },
  },
  // The pipeline.
  { company: 'Summit Auto Group', status: 'sent', ageDays: 6, lines: [{ product: 'Scoreboard Sign' }] },
  {
    company: 'Blue Line Pizza',
    status: 'sent',
    ageDays: 10,
    lines: [{ product: 'Game Program Ad' }, { product: 'PA Announcement', qty: 3 }],
  },
  { company: 'Greenway Landscaping', status: 'sent', ageDays: 3, lines: [{ product: 'Outfield Banner', qty: 2 }] },
  { company: 'Northstar Realty', status: 'draft', ageDays: 1, lines: [{ product: 'Program Back Cover' }] },
  { company: 'Victory Sporting Goods', status: 'sent', ageDays: 25, lines: [{ product: 'Jersey Patch' }] },
  { company: 'Titan Gym', status: 'rejected', ageDays: 70, lines: [{ product: 'Left Field Fence Banner' }] },
  { company: 'Horizon Travel', status: 'expired', ageDays: 90, lines: [{ product: 'Website Ad' }] },
];

const DAY_MS = 86_400_000;
const day = (d: Date) => format(d, 'yyyy-MM-dd');

/** Seeds the history; answers the agreements' ids so their PDFs can be made after commit. */
export async function seedDemoSales(
  tx: TTx,
  orgId: string,
  userId: string,
  orgName: string,
  season: string,
): Promise<string[]> {
  const agreementIds: string[] = [];
  const productRows = await demoProducts(tx, orgId);
  const byProduct = new Map(productRows.map((p) => [p.name, p]));
  const companyRows = await demoCompanies(
    tx,
    orgId,
    QUOTES.map((q) => q.company),
  );
  const byCompany = new Map(companyRows.map((c) => [c.name, c.id]));
  const contactRows = await demoPrimaryContacts(tx, orgId);
  const primary = new Map(contactRows.map((c) => [c.companyId, c]));

  const now = Date.now();
  for (const seed of QUOTES) {
    const companyId = byCompany.get(seed.company);
    if (!companyId) continue;
    const lines = seed.lines.flatMap((l) => {
      const p = byProduct.get(l.product);
      if (!p) return [];
      const qty = l.qty ?? 1;
      const item = { productId: p.id, itemName: p.name, qty, unitPriceCents: p.price ?? 0, isSetupFee: false };
      const fee = p.fee ?? 0;
      return fee > 0
        ? [item, { productId: p.id, itemName: `${p.name} (setup fee)`, qty, unitPriceCents: fee, isSetupFee: true }]
        : [item];
    });
    if (lines.length === 0) continue;
    const createdAt = new Date(now - seed.ageDays * DAY_MS);
    const sentAt = seed.status === 'draft' ? null : new Date(createdAt.getTime() + DAY_MS);
    const decidedAt = sentAt ? new Date(sentAt.getTime() + 7 * DAY_MS) : null;
    const contact = primary.get(companyId);
    const [quote] = await tx
      .insert(quotes)
      .values({
        orgId,
        companyId,
        status: seed.status,
        createdById: userId,
        totalCents: quoteYearOneCents(lines),
        renewalCents: quoteRenewalCents(lines),
        emailSubject: defaultQuoteSubject(orgName),
        emailBody: `Hi {{contact_name}},\n\nThank you for supporting the ${orgName}. Attached is our sponsorship proposal for {{company_name}}.`,
        recipientEmails: sentAt && contact?.email ? `${contact.name} <${contact.email}>` : null,
        createdAt,
        updatedAt: decidedAt ?? createdAt,
        sentAt,
        expiresAt: sentAt ? addDays(sentAt, 30) : null,
        acceptedAt: seed.status === 'accepted' || seed.status === 'contracted' ? decidedAt : null,
        rejectedAt: seed.status === 'rejected' ? decidedAt : null,
        expiredAt: seed.status === 'expired' && sentAt ? addDays(sentAt, 30) : null,
      })
      .returning({ id: quotes.id });
    if (!quote) continue;
    await tx.insert(quoteLines).values(lines.map((l, position) => ({ orgId, quoteId: quote.id, position, ...l })));
    const events: (typeof timelineEvents.$inferInsert)[] = [];
    if (sentAt) {
      events.push({
        orgId,
        companyId,
        quoteId: quote.id,
        eventType: 'quote_sent',
        description: `Quote sent to ${contact?.name ?? seed.company}`,
        createdBy: userId,
        occurredAt: sentAt,
      });
    }
    if (!seed.agreement) {
      if (events.length) await tx.insert(timelineEvents).values(events);
      continue;
    }
    const startDate = day(new Date(now - seed.agreement.startDaysAgo * DAY_MS));
    const agreementLines = lines
      .filter((l) => !l.isSetupFee)
      .map((l) => ({
        ...l,
        setupFeeCents: lines.find((f) => f.isSetupFee && f.productId === l.productId)?.unitPriceCents ?? 0,
      }));
    const total = agreementTotalCents(agreementLines);
    const [agreement] = await tx
      .insert(contracts)
      .values({
        orgId,
        companyId,
        quoteId: quote.id,
        status: seed.agreement.status ?? 'active',
        seasonLabel: season,
        startDate,
        endDate: agreementEndDate(startDate, seed.agreement.termMonths),
        termMonths: seed.agreement.termMonths,
        totalValueCents: total,
        calculatedTotalValueCents: total,
        clauses: agreementClauses(null),
        createdBy: userId,
        createdAt: decidedAt ?? createdAt,
        updatedAt: decidedAt ?? createdAt,
      })
      .returning({ id: contracts.id });
    if (!agreement) continue;
    agreementIds.push(agreement.id);
    await tx.insert(contractLines).values(
      agreementLines.map((l, position) => ({
        orgId,
        contractId: agreement.id,
        productId: l.productId,
        itemName: l.itemName,
        qty: l.qty,
        unitPriceCents: l.unitPriceCents,
        setupFeeCents: l.setupFeeCents,
        position,
      })),
    );
    events.push({
      orgId,
      companyId,
      quoteId: quote.id,
      contractId: agreement.id,
      eventType: 'agreement_created',
      description: 'Agreement created from the accepted quote',
      createdBy: userId,
      occurredAt: decidedAt ?? createdAt,
    });
    await tx.insert(timelineEvents).values(events);
  }
  return agreementIds;
}
