import {
  INVOICE_SOURCE_FILTERS,
  INVOICE_STATUS_FILTERS,
  INVOICE_TABS,
  type TInvoiceStatusFilter,
  type TInvoiceTab,
} from '@pennant/shared/invoices/schemas';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { TInvoiceListFilters } from '../invoices-api';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The tab a status filter belongs in, so a link such as `?status=paid` (or the dashboard's
 * `?status=outstanding`) opens the tab that can show it; 'all' leaves the tab as it is.
 */
export function tabForStatus(status: TInvoiceStatusFilter, current: TInvoiceTab): TInvoiceTab {
  if (status === 'paid') return 'paid';
  if (status === 'void') return 'all';
  if (status === 'all') return current;
  return 'active';
}

/** Whether a tab can show invoices of a status filter (Active: unpaid and not void; Paid: paid). */
export function statusFitsTab(status: TInvoiceStatusFilter, tab: TInvoiceTab): boolean {
  if (status === 'all' || tab === 'all') return true;
  return tabForStatus(status, tab) === tab;
}

export function readFilters(params: URLSearchParams): TInvoiceListFilters {
  const company = params.get('company');
  const page = Number(params.get('page'));
  const status = INVOICE_STATUS_FILTERS.find((s) => s === params.get('status')) ?? 'all';
  const tab = INVOICE_TABS.find((t) => t === params.get('tab')) ?? tabForStatus(status, 'active');
  return {
    q: params.get('q') ?? '',
    status,
    source: INVOICE_SOURCE_FILTERS.find((s) => s === params.get('source')) ?? 'all',
    tab,
    company: company && UUID.test(company) ? company : null,
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

export function writeFilters(f: TInvoiceListFilters): URLSearchParams {
  const p = new URLSearchParams();
  if (f.company) p.set('company', f.company);
  // The tab is written only when the status would not lead to it by itself.
  if (f.tab !== tabForStatus(f.status, 'active')) p.set('tab', f.tab);
  if (f.q) p.set('q', f.q);
  if (f.status !== 'all') p.set('status', f.status);
  if (f.source !== 'all') p.set('source', f.source);
  if (f.page > 1) p.set('page', String(f.page));
  return p;
}

/** The list's filters live in the address, so Back and shared links keep them (`?company=…&status=…`). */
export function useInvoiceListFilters(): [TInvoiceListFilters, (patch: Partial<TInvoiceListFilters>) => void] {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readFilters(params), [params]);
  const update = (patch: Partial<TInvoiceListFilters>) => {
    // Any change but the page itself starts again at page 1.
    const next: TInvoiceListFilters = { ...filters, page: 1, ...patch };
    if (patch.status !== undefined && patch.tab === undefined) next.tab = tabForStatus(next.status, next.tab);
    // A tab that cannot show the chosen status drops the status filter instead of showing nothing.
    if (patch.tab !== undefined && !statusFitsTab(next.status, next.tab)) next.status = 'all';
    setParams(writeFilters(next), { replace: true });
  };
  return [filters, update];
}
