import {
  INVOICE_MESSAGES,
  INVOICE_SEARCH_MAX,
  INVOICE_SOURCE_FILTERS,
  INVOICE_SOURCE_LABELS,
  INVOICE_STATUS_FILTER_LABELS,
  INVOICE_STATUS_FILTERS,
  INVOICE_TAB_LABELS,
  INVOICE_TABS,
  type TInvoiceRow,
  type TInvoiceSourceFilter,
} from '@pennant/shared/invoices/schemas';
import { ArrowLeft, Plus, ReceiptText, Search, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { UpgradeDialog } from '@/components/plan/UpgradeDialog';
import { usePlanAllows } from '@/components/plan/usePlan';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { ButtonLink } from '@/components/ui/ButtonLink';
import { Card } from '@/components/ui/Card';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { EmptyState } from '@/components/ui/EmptyState';
import { ErrorState } from '@/components/ui/ErrorState';
import { Input, Select } from '@/components/ui/Field';
import { PageHeader } from '@/components/ui/PageHeader';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/Tabs';
import { errorMessage } from '@/lib/api';
import { cn } from '@/lib/cn';
import { useSession } from '@/lib/session';
import { useInvoiceList, useMarkInvoicePaid, useResendInvoiceEmail } from './invoices-api';
import { CreateInvoiceDialog } from './list/CreateInvoiceDialog';
import { InvoiceKpiCards } from './list/InvoiceKpiCards';
import { InvoiceRows, InvoiceRowsSkeleton } from './list/InvoiceRows';
import { useInvoiceListFilters } from './list/list-filters';
import { invoiceToday } from './parts';

const SOURCE_FILTER_LABELS: Record<TInvoiceSourceFilter, string> = { all: 'All Sources', ...INVOICE_SOURCE_LABELS };

/** /dashboard/invoices: KPI cards, search and filters, the Active / Paid / All tabs and the table (spec §2). */
export function InvoicesPage() {
  useEffect(() => {
    document.title = 'Invoices — Pennant';
  }, []);
  const session = useSession();
  const rights = session.permissions.invoices;
  const [filters, setFilters] = useInvoiceListFilters();
  const list = useInvoiceList(filters);
  const [draft, setDraft] = useState(filters.q);
  useEffect(() => setDraft(filters.q), [filters.q]);
  const [creating, setCreating] = useState(false);
  const [upgrading, setUpgrading] = useState(false);
  // Invoicing is a Premium feature (the plan matrix); the list stays open to a downgraded club.
  const canInvoice = usePlanAllows('invoicing');
  const [paying, setPaying] = useState<TInvoiceRow | null>(null);

  const markPaid = useMarkInvoicePaid({
    onSuccess: () => {
      setPaying(null);
      toast.success(INVOICE_MESSAGES.markedPaid);
    },
    onError: (err) => {
      setPaying(null);
      toast.error(INVOICE_MESSAGES.markPaidFailed, { description: errorMessage(err, 'Please try again.') });
    },
  });
  const resend = useResendInvoiceEmail({
    onSuccess: (result) => {
      toast.success(INVOICE_MESSAGES.resent);
      if (result.ccWarning) toast.warning(result.ccWarning);
    },
    onError: (err) => toast.error(errorMessage(err, INVOICE_MESSAGES.emailFailed)),
  });

  const data = list.data;
  const rows = data?.invoices ?? [];
  const narrowed = Boolean(filters.q || filters.status !== 'all' || filters.source !== 'all');
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const createButton = rights.canCreate ? (
    <Button onClick={() => (canInvoice ? setCreating(true) : setUpgrading(true))}>
      <Plus className="h-4 w-4" aria-hidden /> Create Invoice
    </Button>
  ) : null;

  return (
    <div className="mx-auto max-w-7xl space-y-5">
      <PageHeader
        title="Invoices"
        description="What sponsors owe, what they have paid, and what is due next."
        actions={createButton}
      />

      {filters.company ? (
        <div className="flex flex-wrap items-center gap-2">
          <ButtonLink to="/dashboard/invoices" variant="outline" size="sm">
            <ArrowLeft className="h-4 w-4" aria-hidden /> All Invoices
          </ButtonLink>
          <Badge tone="brand" className="max-w-full gap-1 whitespace-normal py-1 pl-2.5 pr-1 text-sm">
            <span className="min-w-0 break-words">
              Filtered by <span className="font-semibold">{data?.companyName ?? '…'}</span>
            </span>
            <button
              type="button"
              aria-label="Clear company filter"
              className="shrink-0 rounded-full p-0.5 hover:bg-brand-200"
              onClick={() => setFilters({ company: null })}
            >
              <X className="h-3.5 w-3.5" aria-hidden />
            </button>
          </Badge>
        </div>
      ) : null}

      <InvoiceKpiCards company={filters.company} />

      <div className="flex flex-col gap-3 lg:flex-row lg:items-center">
        <form
          className="flex min-w-0 flex-1 gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            setFilters({ q: draft.trim() });
          }}
        >
          <div className="relative min-w-0 flex-1">
            <Search
              aria-hidden
              className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400"
            />
            <Input
              type="search"
              aria-label="Search invoices"
              placeholder="Search by company, invoice # or payment id"
              value={draft}
              maxLength={INVOICE_SEARCH_MAX}
              onChange={(e) => setDraft(e.target.value)}
              className="pl-9 pr-9 [&::-webkit-search-cancel-button]:hidden"
            />
            {draft ? (
              <button
                type="button"
                aria-label="Clear search"
                className="absolute right-2 top-1/2 -translate-y-1/2 rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-700"
                onClick={() => {
                  setDraft('');
                  setFilters({ q: '' });
                }}
              >
                <X className="h-4 w-4" />
              </button>
            ) : null}
          </div>
          <Button type="submit" variant="outline">
            Search
          </Button>
        </form>
        <div className="grid grid-cols-[1fr_1fr_auto] gap-2 lg:flex">
          <Select
            aria-label="Filter by status"
            value={filters.status}
            onChange={(e) => setFilters({ status: INVOICE_STATUS_FILTERS.find((s) => s === e.target.value) ?? 'all' })}
            className="lg:w-40"
          >
            {INVOICE_STATUS_FILTERS.map((s) => (
              <option key={s} value={s}>
                {INVOICE_STATUS_FILTER_LABELS[s]}
              </option>
            ))}
          </Select>
          <Select
            aria-label="Filter by source"
            value={filters.source}
            onChange={(e) => setFilters({ source: INVOICE_SOURCE_FILTERS.find((s) => s === e.target.value) ?? 'all' })}
            className="lg:w-36"
          >
            {INVOICE_SOURCE_FILTERS.map((s) => (
              <option key={s} value={s}>
                {SOURCE_FILTER_LABELS[s]}
              </option>
            ))}
          </Select>
          <Button
            variant="ghost"
            disabled={!narrowed}
            onClick={() => {
              setDraft('');
              setFilters({ q: '', status: 'all', source: 'all' });
            }}
          >
            Clear
          </Button>
        </div>
      </div>

      <Tabs
        value={filters.tab}
        onValueChange={(v) => setFilters({ tab: INVOICE_TABS.find((t) => t === v) ?? 'active' })}
      >
        <TabsList aria-label="Invoice tabs">
          {INVOICE_TABS.map((t) => (
            <TabsTrigger key={t} value={t}>
              {INVOICE_TAB_LABELS[t]}
              <span
                className={cn(
                  'rounded-full px-2 py-0.5 text-xs tabular-nums',
                  t === filters.tab ? 'bg-brand-100 text-brand-800' : 'bg-slate-100 text-slate-600',
                )}
              >
                {data ? data.counts[t] : '–'}
              </span>
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value={filters.tab} className="space-y-3">
          {list.isError && !data ? (
            <ErrorState onRetry={() => void list.refetch()}>{INVOICE_MESSAGES.loadFailed}</ErrorState>
          ) : (
            <Card className={cn('overflow-hidden', list.isPlaceholderData && 'opacity-70 transition-opacity')}>
              {list.isPending ? (
                <InvoiceRowsSkeleton />
              ) : rows.length === 0 ? (
                <EmptyState icon={ReceiptText} title={INVOICE_MESSAGES.empty} className="p-12">
                  {narrowed || filters.company || filters.tab !== 'all'
                    ? 'Try another search, filter or tab.'
                    : 'Invoices are made from agreements, accepted quotes, or directly.'}
                </EmptyState>
              ) : (
                <InvoiceRows
                  invoices={rows}
                  canEdit={rights.canEdit}
                  today={invoiceToday(session.timezone)}
                  onMarkPaid={setPaying}
                  onResend={(invoice) => resend.mutate(invoice.id)}
                />
              )}
            </Card>
          )}
          {data && data.total > data.pageSize ? (
            <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-2 pt-1">
              <p className="text-xs text-slate-500">
                Showing {(data.page - 1) * data.pageSize + 1}–{Math.min(data.page * data.pageSize, data.total)} of{' '}
                {data.total} invoices
              </p>
              <div className="flex items-center gap-2">
                <Button
                  variant="outline"
                  size="sm"
                  disabled={filters.page <= 1}
                  onClick={() => setFilters({ page: filters.page - 1 })}
                >
                  Previous
                </Button>
                <span className="text-sm text-slate-600">
                  Page {filters.page} of {pages}
                </span>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={filters.page >= pages}
                  onClick={() => setFilters({ page: filters.page + 1 })}
                >
                  Next
                </Button>
              </div>
            </nav>
          ) : null}
        </TabsContent>
      </Tabs>

      <CreateInvoiceDialog open={creating} onOpenChange={setCreating} companyId={filters.company} />
      <UpgradeDialog
        open={upgrading}
        onOpenChange={setUpgrading}
        context="upgrade"
        reason={INVOICE_MESSAGES.premiumRequired}
      />
      <ConfirmDialog
        open={paying !== null}
        onOpenChange={(open) => !open && setPaying(null)}
        title="Mark as Paid"
        message="Record this invoice as paid today? This cannot be undone."
        confirmLabel="Mark as Paid"
        busy={markPaid.isPending}
        onConfirm={() => paying && markPaid.mutate(paying.id)}
      />
    </div>
  );
}
