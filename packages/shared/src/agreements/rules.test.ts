import { describe, expect, it } from 'vitest';
import {
  agreementClauses,
  agreementCompanyName,
  agreementEndDate,
  agreementFileName,
  agreementLineCents,
  agreementNumber,
  agreementStatusLabel,
  agreementTotalCents,
  agreementValueCents,
  isCustomTerm,
  isExpiredAgreement,
  isExpiringSoon,
  monthsBetween,
} from './rules';
import {
  AGREEMENT_CLAUSES_MAX,
  AGREEMENT_MESSAGES,
  DEFAULT_AGREEMENT_CLAUSES,
  EXPIRING_WINDOW_DAYS,
  ZAgreementInput,
} from './schemas';

const ID = '1a2b3c4d-0000-4000-8000-000000000000';

describe('agreement value (spec §3)', () => {
  const lines = [
    { unitPriceCents: 50_000, qty: 2 },
    { unitPriceCents: 7_500, qty: 1 },
  ];
  it('takes the calculated total when above 0', () => {
    expect(agreementValueCents(120_000, 90_000, lines)).toBe(120_000);
  });
  it('falls back to the stored total when the calculated one is 0 or missing', () => {
    expect(agreementValueCents(0, 90_000, lines)).toBe(90_000);
    expect(agreementValueCents(null, 90_000, lines)).toBe(90_000);
  });
  it('falls back to the quote lines’ sum, then to none', () => {
    expect(agreementValueCents(0, 0, lines)).toBe(107_500);
    expect(agreementValueCents(null, null, lines)).toBe(107_500);
    expect(agreementValueCents(null, 0, [])).toBeNull();
    expect(agreementValueCents(0, null, [{ unitPriceCents: 0, qty: 3 }])).toBeNull();
  });
  it('totals lines with the setup fee charged once per unit', () => {
    expect(agreementLineCents({ qty: 2, unitPriceCents: 50_000, setupFeeCents: 7_500 })).toBe(115_000);
    expect(
      agreementTotalCents([
        { qty: 2, unitPriceCents: 50_000, setupFeeCents: 7_500 },
        { qty: 1, unitPriceCents: 20_000, setupFeeCents: 0 },
      ]),
    ).toBe(135_000);
    expect(agreementTotalCents([])).toBe(0);
  });
});

describe('terms and dates (spec §5, §9)', () => {
  it('ends the term the given months after the start, clamping to the month’s end', () => {
    expect(agreementEndDate('2026-01-01', 12)).toBe('2027-01-01');
    expect(agreementEndDate('2026-03-15', 3)).toBe('2026-06-15');
    expect(agreementEndDate('2026-01-31', 1)).toBe('2026-02-28');
    expect(agreementEndDate('2024-02-29', 12)).toBe('2025-02-28');
    expect(agreementEndDate('2025-11-30', 18)).toBe('2027-05-30');
  });

  it('detects a custom term only beyond one day either way', () => {
    expect(isCustomTerm('2026-01-01', '2027-01-01', 12)).toBe(false);
    expect(isCustomTerm('2026-01-01', '2027-01-02', 12)).toBe(false);
    expect(isCustomTerm('2026-01-01', '2026-12-31', 12)).toBe(false);
    expect(isCustomTerm('2026-01-01', '2027-01-03', 12)).toBe(true);
    expect(isCustomTerm('2026-01-01', '2026-12-30', 12)).toBe(true);
    expect(isCustomTerm('2026-01-01', '2026-09-01', 12)).toBe(true);
  });

  it('derives whole months from the dates, at least one', () => {
    expect(monthsBetween('2026-01-01', '2026-09-01')).toBe(8);
    expect(monthsBetween('2026-01-01', '2026-09-30')).toBe(8);
    expect(monthsBetween('2026-01-01', '2026-01-10')).toBe(1);
    expect(monthsBetween('2026-01-01', '2028-01-01')).toBe(24);
  });
});

describe('expiring and expired (spec §4)', () => {
  const today = '2026-03-01';
  it('is expiring from 1 to 60 days before the end, for active agreements only', () => {
    expect(EXPIRING_WINDOW_DAYS).toBe(60);
    expect(isExpiringSoon('active', '2026-03-01', today)).toBe(false); // 0 days
    expect(isExpiringSoon('active', '2026-03-02', today)).toBe(true); // 1 day
    expect(isExpiringSoon('active', '2026-04-30', today)).toBe(true); // 60 days
    expect(isExpiringSoon('active', '2026-05-01', today)).toBe(false); // 61 days
    expect(isExpiringSoon('active', '2026-02-27', today)).toBe(false); // past
    expect(isExpiringSoon('pending', '2026-03-10', today)).toBe(false);
  });
  it('is expired when marked so, or active past its end date', () => {
    expect(isExpiredAgreement('expired', '2027-01-01', today)).toBe(true);
    expect(isExpiredAgreement('active', '2026-02-28', today)).toBe(true);
    expect(isExpiredAgreement('active', '2026-03-01', today)).toBe(false);
    expect(isExpiredAgreement('cancelled', '2026-01-01', today)).toBe(false);
  });
});

describe('clauses', () => {
  it('uses the five default clauses, net 30 and 30 days’ notice among them, when none are given', () => {
    expect(agreementClauses(null)).toEqual([...DEFAULT_AGREEMENT_CLAUSES]);
    expect(agreementClauses('   \n  ')).toEqual([...DEFAULT_AGREEMENT_CLAUSES]);
    expect(DEFAULT_AGREEMENT_CLAUSES).toHaveLength(5);
    expect(DEFAULT_AGREEMENT_CLAUSES.join(' ')).toContain('net 30');
    expect(DEFAULT_AGREEMENT_CLAUSES.join(' ')).toContain("30 days' written notice");
  });
  it('takes one clause per non-blank line, trimmed, capped', () => {
    expect(agreementClauses('  Pay on signing.\r\n\r\n Banner up by May 1. \n')).toEqual([
      'Pay on signing.',
      'Banner up by May 1.',
    ]);
    const many = Array.from({ length: 60 }, (_, i) => `Clause ${i + 1}`).join('\n');
    expect(agreementClauses(many)).toHaveLength(AGREEMENT_CLAUSES_MAX);
  });
});

describe('labels and names', () => {
  it('labels statuses as the spec does, any other capitalized', () => {
    expect(agreementStatusLabel('active')).toBe('Active');
    expect(agreementStatusLabel('draft')).toBe('Draft');
    expect(agreementStatusLabel('pending')).toBe('Pending');
    expect(agreementStatusLabel('pending_signature')).toBe('Pending');
    expect(agreementStatusLabel('expired')).toBe('Expired');
    expect(agreementStatusLabel('cancelled')).toBe('Cancelled');
    expect(agreementStatusLabel('terminated')).toBe('Cancelled');
    expect(agreementStatusLabel('invoiced')).toBe('Invoiced');
    expect(agreementStatusLabel('closed')).toBe('Closed');
    expect(agreementStatusLabel('on_hold')).toBe('On hold');
    expect(agreementStatusLabel('')).toBe('');
  });
  it('numbers agreements by the first six characters of the id', () => {
    expect(agreementNumber(ID)).toBe('Agreement #1A2B3C');
  });
  it('names the company through the fallback chain', () => {
    expect(agreementCompanyName(null, ' ', 'Acme Hardware')).toBe('Acme Hardware');
    expect(agreementCompanyName(undefined, null)).toBe(AGREEMENT_MESSAGES.unknownCompany);
  });
  it('names the PDF file after the company in plain ASCII and the short id', () => {
    expect(agreementFileName('Acme Hardware & Sons', ID)).toBe('Sponsorship-Agreement-Acme-Hardware-Sons-1A2B3C.pdf');
    expect(agreementFileName('Café Olé', ID)).toBe('Sponsorship-Agreement-Cafe-Ole-1A2B3C.pdf');
    expect(agreementFileName('!!!', ID)).toBe('Sponsorship-Agreement-1A2B3C.pdf');
  });
});

describe('the form (spec §5)', () => {
  const base = {
    companyId: ID,
    startDate: '2026-01-01',
    lines: [{ productId: ID, qty: 1, unitPriceCents: 50_000 }],
  };
  const messages = (input: unknown) => {
    const r = ZAgreementInput.safeParse(input);
    return r.success ? [] : r.error.issues.map((i) => i.message);
  };
  it('accepts a minimal agreement with the default term', () => {
    const r = ZAgreementInput.parse(base);
    expect(r.termMonths).toBe(12);
    expect(r.customEndDate).toBeNull();
    expect(r.lines[0]?.includeSetupFee).toBe(false);
  });
  it('says what is missing in the spec’s words', () => {
    expect(messages({ ...base, companyId: '' })).toContain(AGREEMENT_MESSAGES.company);
    expect(messages({ ...base, lines: [] })).toContain(AGREEMENT_MESSAGES.products);
    expect(messages({ ...base, useCustomEndDate: true })).toContain(AGREEMENT_MESSAGES.endDate);
    expect(messages({ ...base, lines: [{ ...base.lines[0], qty: 0 }] })).toContain(AGREEMENT_MESSAGES.quantity);
    expect(messages({ ...base, useCustomEndDate: true, customEndDate: '2025-12-31' })).toContain(
      AGREEMENT_MESSAGES.endBeforeStart,
    );
    expect(messages({ ...base, termMonths: 7 }).length).toBeGreaterThan(0);
  });
});
