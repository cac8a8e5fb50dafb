import { describe, expect, it } from 'vitest';
import { dollarsToCents } from '../money';
import { zonedToday } from '../months';
import {
  canMarkPaid,
  canMarkSent,
  canResendEmail,
  canSendEmail,
  canSubmitInvoice,
  canVoid,
  defaultDueDate,
  invoiceSenderEmail,
  invoiceShortId,
  invoiceStatusLabel,
  invoiceTotalOf,
  isDueDateAllowed,
  isDueInNextDays,
  isOutstanding,
  isOverdue,
  isPastDue,
  nextDaysEnd,
  nextDaysSpan,
  statusAfterEmail,
  sumNextDays,
} from './rules';
import { INVOICE_STATUSES, type TInvoiceStatus } from './schemas';

const allowed = (rule: (s: TInvoiceStatus) => boolean) => INVOICE_STATUSES.filter(rule);

describe('the invoice status machine (spec §4)', () => {
  it('labels pending as Ready to Send', () => {
    expect(invoiceStatusLabel('pending')).toBe('Ready to Send');
    expect(invoiceStatusLabel('void')).toBe('Void');
    expect(invoiceStatusLabel('refunded')).toBe('Refunded');
  });
  it('marks as sent from pending only', () => {
    expect(allowed(canMarkSent)).toEqual(['pending']);
  });
  it('marks as paid from anything but paid and void on the list, from sent or overdue on the detail page', () => {
    expect(allowed((s) => canMarkPaid(s, 'list'))).toEqual(['draft', 'pending', 'sent', 'overdue']);
    expect(allowed((s) => canMarkPaid(s, 'detail'))).toEqual(['sent', 'overdue']);
    expect(allowed((s) => canMarkPaid(s))).toEqual(['draft', 'pending', 'sent', 'overdue']);
  });
  it('voids draft, pending, sent and overdue; paid and void are final', () => {
    expect(allowed(canVoid)).toEqual(['draft', 'pending', 'sent', 'overdue']);
  });
  it('sends e-mail for pending, sent and overdue; a pending invoice becomes sent', () => {
    expect(allowed(canSendEmail)).toEqual(['pending', 'sent', 'overdue']);
    expect(statusAfterEmail('pending')).toBe('sent');
    expect(statusAfterEmail('overdue')).toBe('overdue');
  });
  it('resends only manual invoices that are not void', () => {
    expect(canResendEmail({ type: 'manual', status: 'paid' })).toBe(true);
    expect(canResendEmail({ type: 'manual', status: 'void' })).toBe(false);
    expect(canResendEmail({ type: 'stripe', status: 'sent' })).toBe(false);
  });
  it('turns a sent invoice overdue the day after its due date, never a pending one', () => {
    expect(isOverdue({ status: 'sent', dueDate: '2026-11-22' }, '2026-11-23')).toBe(true);
    expect(isOverdue({ status: 'sent', dueDate: '2026-11-23' }, '2026-11-23')).toBe(false);
    expect(isOverdue({ status: 'pending', dueDate: '2026-01-01' }, '2026-11-23')).toBe(false);
    expect(isOverdue({ status: 'paid', dueDate: '2026-01-01' }, '2026-11-23')).toBe(false);
  });
});

describe('the KPI windows (spec §7)', () => {
  const today = '2026-11-23';
  it('counts pending, sent and overdue as outstanding; overdue as past due', () => {
    expect(allowed((s) => isOutstanding({ status: s, dueDate: today }))).toEqual(['pending', 'sent', 'overdue']);
    expect(allowed((s) => isPastDue({ status: s, dueDate: today }))).toEqual(['overdue']);
  });
  it('next 7 days: sent, due from today to 7 days ahead, both included', () => {
    expect(isDueInNextDays({ status: 'sent', dueDate: '2026-11-23' }, today)).toBe(true);
    expect(isDueInNextDays({ status: 'sent', dueDate: '2026-11-30' }, today)).toBe(true);
    expect(isDueInNextDays({ status: 'sent', dueDate: '2026-12-01' }, today)).toBe(false);
    expect(isDueInNextDays({ status: 'sent', dueDate: '2026-11-22' }, today)).toBe(false);
    expect(isDueInNextDays({ status: 'pending', dueDate: '2026-11-24' }, today)).toBe(false);
  });
  it('reads the next days over every date any calendar’s window can cover, and keeps the window’s', () => {
    // Just after midnight UTC (Baker Island is still on the day before) and just before it (Kiritimati is on the next).
    for (const at of ['2026-11-23T00:05:00Z', '2026-11-23T23:55:00Z', '2026-12-31T12:00:00Z']) {
      const now = new Date(at);
      const span = nextDaysSpan(now);
      for (const zone of ['Etc/GMT+12', 'America/New_York', 'UTC', 'Asia/Kolkata', 'Pacific/Kiritimati']) {
        const zoneToday = zonedToday(now, zone);
        expect(span.from <= zoneToday && nextDaysEnd(zoneToday) <= span.to).toBe(true);
      }
    }
    expect(nextDaysSpan(new Date('2026-11-23T12:00:00Z'))).toEqual({ from: '2026-11-22', to: '2026-12-01' });
    const days = [
      { day: '2026-11-22', n: 1, cents: 100 },
      { day: '2026-11-23', n: 2, cents: 200 },
      { day: '2026-11-30', n: 3, cents: 300 },
      { day: '2026-12-01', n: 4, cents: 400 },
    ];
    expect(sumNextDays(days, today)).toEqual({ count: 5, cents: 500 });
    expect(sumNextDays(days, '2026-11-24')).toEqual({ count: 7, cents: 700 });
    expect(sumNextDays([], today)).toEqual({ count: 0, cents: 0 });
  });
});

describe('amounts, dates and ids', () => {
  it('rounds a typed dollar amount to cents', () => {
    expect(dollarsToCents('12.345')).toBe(1235);
    expect(dollarsToCents('12.344')).toBe(1234);
    expect(dollarsToCents('0.1')).toBe(10);
  });
  it('disables submit unless the total is positive', () => {
    expect(canSubmitInvoice([{ amountCents: 0, quantity: 3 }])).toBe(false);
    expect(canSubmitInvoice([{ amountCents: 1, quantity: 1 }])).toBe(true);
  });
  it('falls back on the lines when no total is stored', () => {
    expect(invoiceTotalOf(null, [500, 250])).toBe(750);
    expect(invoiceTotalOf(0, [500])).toBe(500);
    expect(invoiceTotalOf(900, [500])).toBe(900);
  });
  it('allows a due date from today on, and defaults to 30 days ahead', () => {
    expect(isDueDateAllowed('2026-11-23', '2026-11-23')).toBe(true);
    expect(isDueDateAllowed('2026-11-22', '2026-11-23')).toBe(false);
    expect(defaultDueDate('2026-11-23')).toBe('2026-12-23');
    expect(defaultDueDate('2026-02-01')).toBe('2026-03-03');
    // Asked again, and after another day (the last answer is kept).
    expect(defaultDueDate('2026-02-01')).toBe('2026-03-03');
    expect(defaultDueDate('2026-11-23')).toBe('2026-12-23');
  });
  it('shows the short id as the first 8 characters, upper case', () => {
    expect(invoiceShortId('3f9a1b2c-dead-4bee-8000-000000000000')).toBe('3F9A1B2C');
  });
  it('sends from the treasurer, else the lead, else the member', () => {
    expect(invoiceSenderEmail({ treasurerEmail: 't@x.org', sponsorshipLeadEmail: 'l@x.org' }, 'm@x.org')).toBe(
      't@x.org',
    );
    expect(invoiceSenderEmail({ treasurerEmail: ' ', sponsorshipLeadEmail: 'l@x.org' }, 'm@x.org')).toBe('l@x.org');
    expect(invoiceSenderEmail({ treasurerEmail: null, sponsorshipLeadEmail: null }, 'm@x.org')).toBe('m@x.org');
  });
});
