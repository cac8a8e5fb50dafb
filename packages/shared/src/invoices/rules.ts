import { addDays, format, parseISO } from 'date-fns';
import {
  INVOICE_DEFAULT_DUE_DAYS,
  INVOICE_NEXT_DAYS_WINDOW,
  INVOICE_SHORT_ID_LENGTH,
  INVOICE_STATUS_LABELS,
  type TInvoiceStatus,
  type TInvoiceType,
} from './schemas';

/** The invoice's short id: the first 8 characters of its id, upper case (spec §9). */
export function invoiceShortId(id: string): string {
  return id.slice(0, INVOICE_SHORT_ID_LENGTH).toUpperCase();
}

export function invoiceNumber(id: string): string {
  return `Invoice #${invoiceShortId(id)}`;
}

export function invoiceStatusLabel(status: string): string {
  const known = (INVOICE_STATUS_LABELS as Record<string, string>)[status];
  if (known) return known;
  return status ? status.charAt(0).toUpperCase() + status.slice(1) : status;
}

// ---------------------------------------------------------------------------------------------
// The status machine (spec §4)
// ---------------------------------------------------------------------------------------------

/** Paid and void are final: nothing changes them. */
export function isFinal(status: TInvoiceStatus): boolean {
  return status === 'paid' || status === 'void';
}

/** Mark as Sent: from pending (Ready to Send) only. */
export function canMarkSent(status: TInvoiceStatus): boolean {
  return status === 'pending';
}

/**
 * Mark as Paid. The list offers it for anything but paid and void, the detail page only for sent
 * or overdue (§4); the server allows what the list offers.
 */
export function canMarkPaid(status: TInvoiceStatus, place: 'list' | 'detail' | 'server' = 'server'): boolean {
  if (place === 'detail') return status === 'sent' || status === 'overdue';
  return !isFinal(status);
}

/** Void: draft, pending, sent or overdue; final, no payment can be collected. */
export function canVoid(status: TInvoiceStatus): boolean {
  return !isFinal(status);
}

/**
 * The detail page's Send Email: pending or sent (§4), and overdue too — chasing what is owed is
 * what a treasurer e-mails most (a decision, docs/decisions.md).
 */
export function canSendEmail(status: TInvoiceStatus): boolean {
  return status === 'pending' || status === 'sent' || status === 'overdue';
}

/** The list's Resend Email: manual invoices that are not void (§4). */
export function canResendEmail(invoice: { status: TInvoiceStatus; type: TInvoiceType }): boolean {
  return invoice.type === 'manual' && invoice.status !== 'void';
}

/** After a successful e-mail a pending invoice becomes sent; others keep their status. */
export function statusAfterEmail(status: TInvoiceStatus): TInvoiceStatus {
  return status === 'pending' ? 'sent' : status;
}

/**
 * The daily job: a sent invoice whose due date has passed (before today in the organization's
 * zone) is overdue. A pending one was never sent, so it is not yet overdue (docs/decisions.md).
 */
export function isOverdue(invoice: { status: TInvoiceStatus; dueDate: string }, today: string): boolean {
  return invoice.status === 'sent' && invoice.dueDate < today;
}

// ---------------------------------------------------------------------------------------------
// Amounts and dates
// ---------------------------------------------------------------------------------------------

export function invoiceLineCents(line: { amountCents: number; quantity: number }): number {
  return line.amountCents * line.quantity;
}

export function invoiceTotalCents(lines: readonly { amountCents: number; quantity: number }[]): number {
  return lines.reduce((sum, l) => sum + invoiceLineCents(l), 0);
}

/** The stored total, else the sum of the lines' totals (spec §3). */
export function invoiceTotalOf(storedCents: number | null, lineTotals: readonly number[]): number {
  if (storedCents !== null && storedCents > 0) return storedCents;
  return lineTotals.reduce((s, t) => s + t, 0);
}

/** Submit is disabled when the total is 0 or less (§5). */
export function canSubmitInvoice(lines: readonly { amountCents: number; quantity: number }[]): boolean {
  return invoiceTotalCents(lines) > 0;
}

/** The due date must be today or later (§5); both YYYY-MM-DD in the organization's zone. */
export function isDueDateAllowed(dueDate: string, today: string): boolean {
  return dueDate >= today;
}

/** The last answer: every new-invoice form of a day asks for the same today (parsing and formatting were 4% of the read). */
let lastDue: { today: string; due: string } | null = null;

/** The form's default due date: INVOICE_DEFAULT_DUE_DAYS after today (YYYY-MM-DD). */
export function defaultDueDate(today: string): string {
  if (lastDue?.today !== today) {
    lastDue = { today, due: format(addDays(parseISO(today), INVOICE_DEFAULT_DUE_DAYS), 'yyyy-MM-dd') };
  }
  return lastDue.due;
}

// ---------------------------------------------------------------------------------------------
// The KPI windows (spec §7)
// ---------------------------------------------------------------------------------------------

interface TKpiInvoice {
  status: TInvoiceStatus;
  dueDate: string;
}

/** Outstanding: pending, sent or overdue (unpaid). */
export function isOutstanding(i: TKpiInvoice): boolean {
  return i.status === 'pending' || i.status === 'sent' || i.status === 'overdue';
}

/** Past due: overdue (unpaid). */
export function isPastDue(i: TKpiInvoice): boolean {
  return i.status === 'overdue';
}

/** Next 7 days: sent, due between today and 7 days ahead, both days included. */
export function isDueInNextDays(i: TKpiInvoice, today: string): boolean {
  return i.status === 'sent' && i.dueDate >= today && i.dueDate <= nextDaysEnd(today);
}

export function nextDaysEnd(today: string): string {
  return format(addDays(parseISO(today), INVOICE_NEXT_DAYS_WINDOW), 'yyyy-MM-dd');
}

/**
 * Every due date the next-days card can cover at `now`, whatever the calendar: a zone's today is
 * UTC's day, the day before or the day after (offsets run from -12 to +14 hours). Lets the card's
 * figures be read in the same statement as the organization's zone, before today is known.
 */
export function nextDaysSpan(now: Date): { from: string; to: string } {
  const utcDay = parseISO(now.toISOString().slice(0, 10));
  return {
    from: format(addDays(utcDay, -1), 'yyyy-MM-dd'),
    to: nextDaysEnd(format(addDays(utcDay, 1), 'yyyy-MM-dd')),
  };
}

/** The next-days card from per-due-date sums: those due from `today` to its window's end. */
export function sumNextDays(
  days: readonly { day: string; n: number; cents: number }[],
  today: string,
): { count: number; cents: number } {
  const end = nextDaysEnd(today);
  let count = 0;
  let cents = 0;
  for (const d of days) {
    if (d.day < today || d.day > end) continue;
    count += d.n;
    cents += d.cents;
  }
  return { count, cents };
}

/** The invoice and agreement e-mail sender (§6): the treasurer, else the sponsorship lead, else the member. */
export function invoiceSenderEmail(
  org: { treasurerEmail: string | null; sponsorshipLeadEmail: string | null },
  memberEmail: string,
): string {
  return org.treasurerEmail?.trim() || org.sponsorshipLeadEmail?.trim() || memberEmail;
}
