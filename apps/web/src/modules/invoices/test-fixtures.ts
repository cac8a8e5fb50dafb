import type {
  TInvoiceDetail,
  TInvoiceFormDefaults,
  TInvoiceKpis,
  TInvoiceList,
  TInvoiceRow,
} from '@pennant/shared/invoices/schemas';
import { vi } from 'vitest';
import type { TInvoiceListFilters } from './invoices-api';

export const COMPANY_ID = '3c000000-0000-4000-8000-000000000001';
export const AGREEMENT_ID = 'a9000000-0000-4000-8000-000000000001';

export function invoiceRow(over: Partial<TInvoiceRow> = {}): TInvoiceRow {
  return {
    id: 'a1b2c3d4-e5f6-4000-8000-000000000001',
    companyId: COMPANY_ID,
    companyName: 'Acme Hardware',
    agreementId: null,
    quoteId: null,
    source: 'direct',
    type: 'manual',
    status: 'sent',
    totalCents: 125_050,
    dueDate: '2099-03-01',
    createdAt: '2026-01-05T10:00:00.000Z',
    sentAt: '2026-01-06T10:00:00.000Z',
    paidAt: null,
    providerInvoiceId: null,
    hostedUrl: null,
    ...over,
  };
}

export function invoiceDetail(over: Partial<TInvoiceDetail> = {}): TInvoiceDetail {
  return {
    ...invoiceRow(),
    lines: [
      {
        id: '11000000-0000-4000-8000-000000000001',
        description: 'Outfield banner',
        unitPriceCents: 50_000,
        quantity: 2,
        totalCents: 100_000,
      },
      {
        id: '11000000-0000-4000-8000-000000000002',
        description: 'PA shout-outs',
        unitPriceCents: 25_050,
        quantity: 1,
        totalCents: 25_050,
      },
    ],
    memo: 'Thanks for your support',
    remitToInfo: 'Lincoln Boosters\nPO Box 12',
    providerPdfUrl: null,
    companyEmail: 'office@acme.example',
    primaryContactName: 'Sam Rivera',
    primaryContactEmail: 'sam@acme.example',
    updatedAt: '2026-01-06T10:00:00.000Z',
    events: [
      {
        id: '22000000-0000-4000-8000-000000000001',
        eventType: 'invoice_email_sent',
        description: 'Invoice emailed',
        occurredAt: '2026-01-06T10:00:00.000Z',
        createdByName: 'Me',
        metadata: { recipient_email: 'sam@acme.example' },
      },
    ],
    ...over,
  };
}

export const KPIS: TInvoiceKpis = {
  outstanding: { count: 3, cents: 250_000 },
  pastDue: { count: 1, cents: 40_000 },
  nextSevenDays: { count: 2, cents: 90_000 },
};

export const FILTERS: TInvoiceListFilters = {
  q: '',
  status: 'all',
  source: 'all',
  tab: 'active',
  company: null,
  page: 1,
};

export function invoiceList(invoices: TInvoiceRow[], over: Partial<TInvoiceList> = {}): TInvoiceList {
  return {
    invoices,
    total: invoices.length,
    page: 1,
    pageSize: 50,
    counts: { active: 4, paid: 7, all: 12 },
    companyName: null,
    ...over,
  };
}

export function formDefaults(over: Partial<TInvoiceFormDefaults> = {}): TInvoiceFormDefaults {
  return {
    source: 'direct',
    companyId: null,
    companyName: null,
    agreementId: null,
    quoteId: null,
    lines: [],
    invoiceType: 'manual',
    cardAvailable: false,
    today: '2026-05-10',
    dueDate: '2026-06-09',
    remitToInfo: 'Lincoln Boosters\nPO Box 12',
    ...over,
  };
}

/** A fetch that answers each call by method and path, and records what was sent. */
export function stubApi(answer: (method: string, path: string, body: unknown) => Response) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    return answer(method, url, init?.body ? JSON.parse(String(init.body)) : undefined);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export const apiError = (status: number, message: string, fields?: Record<string, string>) =>
  Response.json({ error: { code: status === 404 ? 'not_found' : 'conflict', message, fields } }, { status });
