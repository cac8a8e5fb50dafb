import { agreementNumber } from '@pennant/shared/agreements/rules';
import { bodyToHtml } from '@pennant/shared/ai/rules';
import { invoiceNumber } from '@pennant/shared/invoices/rules';
import type { TInvoiceSource } from '@pennant/shared/invoices/schemas';
import { addDays, format } from 'date-fns';
import type { TTx } from '../db/client';
import { defaultInvoiceEmail } from '../modules/invoices/invoice-document.common';
import {
  countDemoInvoices,
  demoAcceptedQuote,
  demoAgreementLines,
  demoAgreements,
  demoBillingCompanies,
  fillDemoRemitTo,
  insertDemoInvoice,
  insertDemoInvoiceHistory,
  type TDemoEmailLog,
  type TDemoEvent,
  type TDemoLineRow,
} from './demo-invoices.repo';

/*
 * The demo's invoices over the last twelve months: the agreements billed in installments (most
 * paid, paid_at spread over the months so Revenue Trends and Paid Year-to-Date have a history;
 * a few sent, two overdue, one ready to send, one voided as a duplicate), a handful of one-off
 * direct invoices (program ads, a golf outing, a banquet table) and one from the accepted quote
 * still waiting for its agreement. All manual: the demo has no payment account. Every invoice
 * that went out has its e-mail in the log and on the company's timeline. No randomness: the same
 * history, relative to today, every time.
 */

type TDemoStatus = 'pending' | 'sent' | 'overdue' | 'paid' | 'void';

interface TDirectLine {
  description: string;
  unitPriceCents: number;
  quantity?: number;
}

interface TPlan {
  company: string;
  /** An installment of the company's agreement, the accepted quote, or these lines. */
  bill: { installment: number; of: number } | 'quote' | TDirectLine[];
  /** Days ago it was made; it went out the same day unless pending or void. */
  issuedDaysAgo: number;
  /** Days from issue to due (net 30 unless said). */
  termDays?: number;
  status: TDemoStatus;
  paidDaysAgo?: number;
  memo?: string;
  /** A reminder e-mailed this many days ago (an overdue invoice chased). */
  reminderDaysAgo?: number;
}

const PLANS: TPlan[] = [
  // Agreements, billed in installments.
  {
    company: 'Lakewood Insurance Agency',
    bill: { installment: 1, of: 3 },
    issuedDaysAgo: 333,
    status: 'paid',
    paidDaysAgo: 300,
  },
  {
    company: 'Riverside Family Dental',
    bill: { installment: 1, of: 4 },
    issuedDaysAgo: 328,
    status: 'paid',
    paidDaysAgo: 310,
  },
  {
    company: 'Maple Street Realty',
    bill: { installment: 2, of: 2 },
    issuedDaysAgo: 362,
    status: 'void',
    memo: 'Issued twice by mistake; voided. Please pay the replacement invoice.',
  },
  {
    company: 'Maple Street Realty',
    bill: { installment: 2, of: 2 },
    issuedDaysAgo: 361,
    status: 'paid',
    paidDaysAgo: 340,
  },
  {
    company: 'Riverside Family Dental',
    bill: { installment: 2, of: 4 },
    issuedDaysAgo: 238,
    status: 'paid',
    paidDaysAgo: 221,
  },
  {
    company: 'Lakewood Insurance Agency',
    bill: { installment: 2, of: 3 },
    issuedDaysAgo: 213,
    status: 'paid',
    paidDaysAgo: 190,
  },
  {
    company: 'Eagle Valley Credit Union',
    bill: { installment: 1, of: 8 },
    issuedDaysAgo: 188,
    status: 'paid',
    paidDaysAgo: 170,
  },
  {
    company: 'Peak Performance Physical Therapy',
    bill: { installment: 1, of: 2 },
    issuedDaysAgo: 158,
    status: 'paid',
    paidDaysAgo: 133,
  },
  {
    company: 'Riverside Family Dental',
    bill: { installment: 3, of: 4 },
    issuedDaysAgo: 148,
    status: 'paid',
    paidDaysAgo: 125,
  },
  {
    company: 'Hometown Hardware',
    bill: { installment: 1, of: 2 },
    issuedDaysAgo: 108,
    status: 'paid',
    paidDaysAgo: 95,
  },
  {
    company: 'Eagle Valley Credit Union',
    bill: { installment: 2, of: 8 },
    issuedDaysAgo: 98,
    status: 'paid',
    paidDaysAgo: 75,
  },
  {
    company: 'Lakewood Insurance Agency',
    bill: { installment: 3, of: 3 },
    issuedDaysAgo: 93,
    status: 'paid',
    paidDaysAgo: 66,
  },
  {
    company: 'Peak Performance Physical Therapy',
    bill: { installment: 2, of: 2 },
    issuedDaysAgo: 68,
    status: 'overdue',
    reminderDaysAgo: 30,
  },
  {
    company: 'Riverside Family Dental',
    bill: { installment: 4, of: 4 },
    issuedDaysAgo: 58,
    status: 'paid',
    paidDaysAgo: 41,
  },
  { company: 'Sunrise Bakery', bill: { installment: 1, of: 1 }, issuedDaysAgo: 48, status: 'overdue' },
  { company: 'Hometown Hardware', bill: { installment: 2, of: 2 }, issuedDaysAgo: 20, status: 'sent' },
  { company: 'Eagle Valley Credit Union', bill: { installment: 3, of: 8 }, issuedDaysAgo: 8, status: 'sent' },
  { company: 'Gridiron Grill', bill: { installment: 1, of: 1 }, issuedDaysAgo: 2, status: 'pending' },
  // One-off purchases, invoiced directly.
  {
    company: 'Classic Cuts Barbershop',
    bill: [{ description: 'Tournament program ad — quarter page', unitPriceCents: 15_000 }],
    issuedDaysAgo: 270,
    status: 'paid',
    paidDaysAgo: 255,
    memo: 'Memorial Day Tournament program, quarter-page ad.',
  },
  {
    company: 'Harbor Fitness Club',
    bill: [{ description: 'Summer camp T-shirt logo', unitPriceCents: 40_000 }],
    issuedDaysAgo: 215,
    status: 'paid',
    paidDaysAgo: 200,
    memo: 'Your logo on the back of 120 summer camp T-shirts.',
  },
  {
    company: 'Rapid Print Shop',
    bill: [
      { description: 'Golf outing hole sponsor', unitPriceCents: 25_000 },
      { description: 'Golf outing foursome', unitPriceCents: 40_000 },
    ],
    issuedDaysAgo: 185,
    status: 'paid',
    paidDaysAgo: 160,
    memo: 'Fall golf outing at Cedar Hills: hole sign on the 7th tee and one foursome.',
  },
  {
    company: 'Main Street Coffee',
    bill: [{ description: 'Tournament program ad — half page', unitPriceCents: 25_000 }],
    issuedDaysAgo: 120,
    status: 'paid',
    paidDaysAgo: 100,
    memo: 'Winter Classic tournament program, half-page ad.',
  },
  {
    company: 'Lakewood Insurance Agency',
    bill: [{ description: 'Tournament program ad — back cover', unitPriceCents: 60_000 }],
    issuedDaysAgo: 30,
    status: 'paid',
    paidDaysAgo: 12,
    memo: 'Spring Invitational program, back cover. Artwork received, thank you.',
  },
  {
    company: 'Victory Sporting Goods',
    bill: [{ description: 'Awards banquet table sponsorship', unitPriceCents: 35_000, quantity: 2 }],
    issuedDaysAgo: 25,
    status: 'sent',
    memo: 'Two tables of eight at the end-of-season awards banquet, with table signs.',
  },
  // The accepted quote still waiting for its agreement.
  { company: 'Brightside Orthodontics', bill: 'quote', issuedDaysAgo: 3, status: 'pending' },
];

/** Where the demo's checks go, when the organization has not said. */
const DEMO_REMIT_TO = 'Riverside Eagles Booster Club\nAttn: Treasurer\nPO Box 2214\nRiverside, CA 92502';
/** A made-up EIN in the right shape: a bookkeeper's form wants one. */
const DEMO_EIN = '12-3456789';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const day = (d: Date) => format(d, 'yyyy-MM-dd');

interface TAgreementBill {
  id: string;
  companyId: string;
  lines: { itemName: string; qty: number; unitPriceCents: number; setupFeeCents: number }[];
}

/**
 * Installment k of n of an agreement: each item's amount split evenly (the last installment
 * takes the cents left over), the setup fees billed in full with the first.
 */
function installmentLines(agreement: TAgreementBill, k: number, n: number): TDemoLineRow[] {
  const lines: TDemoLineRow[] = [];
  for (const l of agreement.lines) {
    const total = l.qty * l.unitPriceCents;
    if (n === 1) {
      lines.push({ description: l.itemName, quantity: l.qty, unitPriceCents: l.unitPriceCents, totalCents: total });
    } else {
      const share = Math.floor(total / n);
      const cents = k === n ? total - share * (n - 1) : share;
      const what = l.qty > 1 ? `${l.itemName} × ${l.qty}` : l.itemName;
      lines.push({
        description: `${what} (installment ${k} of ${n})`,
        quantity: 1,
        unitPriceCents: cents,
        totalCents: cents,
      });
    }
  }
  if (k === 1) {
    for (const l of agreement.lines.filter((x) => x.setupFeeCents > 0)) {
      lines.push({
        description: `Setup fee — ${l.itemName}`,
        quantity: l.qty,
        unitPriceCents: l.setupFeeCents,
        totalCents: l.qty * l.setupFeeCents,
      });
    }
  }
  return lines.filter((l) => l.unitPriceCents > 0);
}

/** Seeds the history once: an organization that has invoices already gets none. Answers how many were made. */
export async function seedDemoInvoices(
  tx: TTx,
  orgId: string,
  userId: string,
  senderName: string,
  agreementIds: readonly string[],
): Promise<number> {
  if ((await countDemoInvoices(tx, orgId)) > 0) return 0;
  const org = await fillDemoRemitTo(tx, orgId, DEMO_REMIT_TO, DEMO_EIN);

  const agreementRows = await demoAgreements(tx, orgId, agreementIds);
  const agreementLines = await demoAgreementLines(tx, orgId, agreementIds);
  const agreements = new Map<string, TAgreementBill>(
    agreementRows.map((a) => [
      a.companyName,
      { id: a.id, companyId: a.companyId, lines: agreementLines.filter((l) => l.contractId === a.id) },
    ]),
  );
  const billed = await demoBillingCompanies(tx, orgId, [...new Set(PLANS.map((p) => p.company))]);
  const companies = new Map(billed.map((c) => [c.name, c]));

  const now = Date.now();
  let made = 0;
  for (const plan of PLANS) {
    const company = companies.get(plan.company);
    if (!company) continue;
    let source: TInvoiceSource = 'direct';
    let agreementId: string | null = null;
    let quoteId: string | null = null;
    let lines: TDemoLineRow[];
    let memo = plan.memo ?? null;
    if (plan.bill === 'quote') {
      const quote = await demoAcceptedQuote(tx, orgId, company.id);
      if (!quote) continue;
      source = 'quote';
      quoteId = quote.id;
      lines = quote.lines.map((l) => ({
        description: l.itemName,
        quantity: l.qty,
        unitPriceCents: l.unitPriceCents,
        totalCents: l.qty * l.unitPriceCents,
      }));
      memo ??= 'Billed from your accepted proposal; the sponsorship agreement follows for signature.';
    } else if (Array.isArray(plan.bill)) {
      lines = plan.bill.map((l) => ({
        description: l.description,
        quantity: l.quantity ?? 1,
        unitPriceCents: l.unitPriceCents,
        totalCents: (l.quantity ?? 1) * l.unitPriceCents,
      }));
    } else {
      const agreement = agreements.get(plan.company);
      if (!agreement) continue;
      source = 'agreement';
      agreementId = agreement.id;
      lines = installmentLines(agreement, plan.bill.installment, plan.bill.of);
      const part = plan.bill.of > 1 ? `, installment ${plan.bill.installment} of ${plan.bill.of}` : '';
      memo ??= `Sponsorship per ${agreementNumber(agreement.id)}${part}. Thank you for supporting the Riverside Eagles!`;
    }
    if (lines.length === 0) continue;

    const createdAt = new Date(now - plan.issuedDaysAgo * DAY_MS);
    const dueDate = day(addDays(createdAt, plan.termDays ?? 30));
    const went = plan.status !== 'pending' && plan.status !== 'void';
    const sentAt = went ? new Date(createdAt.getTime() + HOUR_MS) : null;
    const paidAt = plan.status === 'paid' ? new Date(now - (plan.paidDaysAgo ?? 0) * DAY_MS) : null;
    const voidedAt = plan.status === 'void' ? new Date(createdAt.getTime() + 2 * HOUR_MS) : null;
    const totalCents = lines.reduce((sum, l) => sum + l.totalCents, 0);
    const id = await insertDemoInvoice(
      tx,
      {
        orgId,
        companyId: company.id,
        agreementId,
        quoteId,
        invoiceSource: source,
        invoiceType: 'manual',
        status: plan.status,
        dueDate,
        memo,
        remitToInfo: org.remitTo,
        totalAmountCents: totalCents,
        createdBy: userId,
        createdAt,
        updatedAt: paidAt ?? voidedAt ?? sentAt ?? createdAt,
        sentAt,
        paidAt,
        voidedAt,
      },
      lines,
    );
    made += 1;

    const number = invoiceNumber(id);
    const from = agreementId ? ` from ${agreementNumber(agreementId)}` : '';
    const event = (eventType: string, description: string, occurredAt: Date, metadata: Record<string, unknown>) => ({
      orgId,
      companyId: company.id,
      invoiceId: id,
      eventType,
      description,
      createdBy: userId,
      occurredAt,
      metadata: { invoice_id: id, ...metadata },
    });
    const events: TDemoEvent[] = [
      event('invoice_created', `${number} created${from}`, createdAt, {
        source,
        invoice_type: 'manual',
        total_cents: totalCents,
        due_date: dueDate,
        ...(agreementId ? { agreement_id: agreementId } : {}),
        ...(quoteId ? { quote_id: quoteId } : {}),
      }),
    ];
    const emails: TDemoEmailLog[] = [];
    const recipient = company.contactEmail?.trim();
    const mail = (at: Date, subject: string, body: string) => {
      if (!recipient) return;
      emails.push({
        orgId,
        companyId: company.id,
        invoiceId: id,
        recipients: recipient,
        subject,
        bodyHtml: bodyToHtml(body),
        direction: 'outbound',
        emailType: 'invoice',
        createdBy: userId,
        createdAt: at,
      });
      events.push(
        event('invoice_email_sent', `${number} e-mailed to ${recipient}`, at, {
          recipient_email: recipient,
          subject,
          pdf_attached: true,
        }),
      );
    };
    if (sentAt) {
      const first = defaultInvoiceEmail({
        id,
        organizationName: org.name,
        totalCents,
        dueDate,
        payUrl: null,
        contactName: company.contactName,
        senderName,
      });
      mail(sentAt, first.subject, first.body);
    }
    if (plan.status === 'overdue') {
      const lateOn = addDays(new Date(`${dueDate}T12:00:00`), 1);
      events.push(event('invoice_overdue', `${number} is overdue`, lateOn, {}));
    }
    if (plan.reminderDaysAgo !== undefined) {
      const reminder = defaultInvoiceEmail({
        id,
        organizationName: org.name,
        totalCents,
        dueDate,
        payUrl: null,
        contactName: company.contactName,
        senderName,
      });
      mail(
        new Date(now - plan.reminderDaysAgo * DAY_MS),
        `Reminder: ${reminder.subject} is past due`,
        reminder.body.replace('Please find attached', 'A friendly reminder: attached again is'),
      );
    }
    if (paidAt) events.push(event('invoice_paid', `${number} marked as paid`, paidAt, { from: 'sent', to: 'paid' }));
    if (voidedAt) events.push(event('invoice_voided', `${number} voided`, voidedAt, { from: 'pending', to: 'void' }));
    await insertDemoInvoiceHistory(tx, events, emails);
  }
  return made;
}
