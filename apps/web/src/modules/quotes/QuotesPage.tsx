import { quoteTabStatuses } from '@pennant/shared/quotes/rules';
import {
  QUOTE_MESSAGES,
  QUOTE_PAGE_SIZE,
  QUOTE_SEARCH_MAX,
  QUOTE_STATUS_LABELS,
  QUOTE_STATUSES,
  QUOTE_TAB_LABELS,
  QUOTE_TABS,
  type TQuoteListQuery,
  type TQuoteStatus,
  type TQuoteSummary,
  type TQuoteTab,
} from '@pennant/shared/quotes/schemas';
import { Building2, FileText, Plus, Search, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/Alert';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { ButtonLink } from '@/components/ui/ButtonLink';
import { Card } from '@/components/ui/Card';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { EmptyState } from '@/components/ui/EmptyState';
import { ErrorState } from '@/components/ui/ErrorState';
import { Input, Select } from '@/components/ui/Field';
import { PageHeader } from '@/components/ui/PageHeader';
import { Loading } from '@/components/ui/Spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/Tabs';
import { ApiError, errorMessage } from '@/lib/api';
import { cn } from '@/lib/cn';
import { useSession } from '@/lib/session';
import { useCompany } from '../companies/companies-api';
import { AcceptQuoteDialog } from './AcceptQuoteDialog';
import { QuoteCard } from './QuoteCard';
import { QuoteDetailsSheet } from './QuoteDetailsSheet';
import { useQuotePdfActions } from './quote-pdf';
import { useDeleteQuote, useQuoteList, useRejectQuote } from './quotes-api';

const SEARCH_DEBOUNCE_MS = 300;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What a typed value becomes after a pause. */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** 'company' filters by one company; a value that is not an id is ignored rather than refused. */
function companyFilter(params: URLSearchParams): string | undefined {
  const company = params.get('company');
  return company && UUID.test(company) ? company : undefined;
}

/** The company filter's chip: the company's name, and a way to clear it. */
function CompanyFilterChip({ id, fallbackName, onClear }: { id: string; fallbackName?: string; onClear: () => void }) {
  const company = useCompany(id);
  const name = company.data?.name ?? fallbackName ?? 'this company';
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <Badge tone="brand" className="gap-1.5 py-1">
        <Building2 className="h-3.5 w-3.5" aria-hidden />
        Filtered by: {name}
      </Badge>
      <Button variant="ghost" size="sm" onClick={onClear} aria-label="Clear company filter">
        <X className="h-4 w-4" aria-hidden /> Clear
      </Button>
    </div>
  );
}

/** /dashboard/quotes: the quotes by tab, status, company and search, one card each. */
export function QuotesPage() {
  useEffect(() => {
    document.title = 'Quotes — Pennant';
  }, []);
  const session = useSession();
  const rights = session.permissions.quotes;
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const company = companyFilter(params);

  const [tab, setTab] = useState<TQuoteTab>(() => (params.get('statusFilter') === 'accepted' ? 'accepted' : 'active'));
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<TQuoteStatus | ''>('');
  const [page, setPage] = useState(1);
  const q = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);

  // A link to the Accepted tab (statusFilter=accepted) chooses it whenever it is followed.
  const statusFilter = params.get('statusFilter');
  useEffect(() => {
    if (statusFilter === 'accepted') setTab('accepted');
  }, [statusFilter]);

  // agreementCreated=true: say so once, and take it out of the address.
  const [agreementNotice, setAgreementNotice] = useState(false);
  useEffect(() => {
    if (params.get('agreementCreated') !== 'true') return;
    setAgreementNotice(true);
    const next = new URLSearchParams(params);
    next.delete('agreementCreated');
    setParams(next, { replace: true });
  }, [params, setParams]);

  // A new search, filter or tab starts at the first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the values stand for the filters
  useEffect(() => setPage(1), [q, status, tab, company]);

  const query: TQuoteListQuery = {
    tab,
    page,
    ...(q ? { q } : {}),
    ...(status ? { status } : {}),
    ...(company ? { company } : {}),
  };
  const list = useQuoteList(query);
  const quotes = list.data?.quotes ?? [];
  const counts = list.data?.counts;
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / (list.data?.pageSize ?? QUOTE_PAGE_SIZE)));

  const [accepting, setAccepting] = useState<TQuoteSummary | null>(null);
  const [details, setDetails] = useState<TQuoteSummary | null>(null);
  const [deleting, setDeleting] = useState<TQuoteSummary | null>(null);
  const pdf = useQuotePdfActions();

  const reject = useRejectQuote({
    onSuccess: () => toast.success(QUOTE_MESSAGES.statusUpdated),
    onError: (err) => {
      if (err instanceof ApiError && err.status === 403) toast.error(QUOTE_MESSAGES.noPermission);
      else if (err instanceof ApiError && err.status > 0)
        toast.error(QUOTE_MESSAGES.statusFailed, { description: errorMessage(err, QUOTE_MESSAGES.rejectFailed) });
      else toast.error(QUOTE_MESSAGES.updateError, { description: errorMessage(err, QUOTE_MESSAGES.rejectFailed) });
    },
  });
  const remove = useDeleteQuote({
    onSuccess: () => {
      toast.success(QUOTE_MESSAGES.deleted);
      setDeleting(null);
    },
    onError: (err) => {
      setDeleting(null);
      toast.error(QUOTE_MESSAGES.deleteFailed, { description: errorMessage(err, 'Please try again.') });
    },
  });

  const editPath = (quote: TQuoteSummary) => `/dashboard/quotes/new?quote_id=${quote.id}`;
  const mayDecide = () => {
    if (rights.canEdit) return true;
    toast.error(QUOTE_MESSAGES.noPermission);
    return false;
  };
  const actions = {
    onOpen: (quote: TQuoteSummary) => (quote.status === 'draft' ? navigate(editPath(quote)) : pdf.open(quote)),
    onEdit: (quote: TQuoteSummary) => navigate(editPath(quote)),
    onAccept: (quote: TQuoteSummary) => mayDecide() && setAccepting(quote),
    onReject: (quote: TQuoteSummary) => mayDecide() && reject.mutate(quote),
    onDownload: (quote: TQuoteSummary) => pdf.download(quote),
    onDetails: setDetails,
    onDelete: setDeleting,
  };

  const clearCompany = () => {
    const next = new URLSearchParams(params);
    next.delete('company');
    setParams(next, { replace: true });
  };
  const filtered = Boolean(q || status || company);

  return (
    <div className="mx-auto max-w-7xl space-y-5">
      <PageHeader
        title="Quotes"
        description="Proposals sent to companies, from draft to accepted."
        actions={
          rights.canCreate ? (
            <ButtonLink to={company ? `/dashboard/quotes/new?company=${company}` : '/dashboard/quotes/new'}>
              <Plus className="h-4 w-4" aria-hidden /> Create Quote
            </ButtonLink>
          ) : null
        }
      />

      {agreementNotice ? (
        <Alert
          tone="success"
          title={QUOTE_MESSAGES.agreementCreated}
          action={
            <div className="flex items-center gap-1">
              <ButtonLink to="/dashboard/agreements" variant="outline" size="sm">
                View Agreements
              </ButtonLink>
              <Button
                variant="ghost"
                size="icon"
                className="h-8 w-8"
                aria-label="Dismiss"
                onClick={() => setAgreementNotice(false)}
              >
                <X className="h-4 w-4" />
              </Button>
            </div>
          }
        >
          The quote was accepted and its agreement is ready.
        </Alert>
      ) : null}

      <div className="flex flex-col gap-3 md:flex-row md:items-center">
        <div className="relative min-w-0 flex-1">
          <Search
            aria-hidden
            className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400"
          />
          <Input
            type="search"
            aria-label="Search quotes"
            placeholder="Search by company…"
            value={search}
            maxLength={QUOTE_SEARCH_MAX}
            onChange={(e) => setSearch(e.target.value)}
            className="pl-9 pr-9 [&::-webkit-search-cancel-button]:hidden"
          />
          {search ? (
            <button
              type="button"
              aria-label="Clear search"
              className="absolute right-2 top-1/2 -translate-y-1/2 rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-700"
              onClick={() => setSearch('')}
            >
              <X className="h-4 w-4" />
            </button>
          ) : null}
        </div>
        <Select
          aria-label="Filter by status"
          value={status}
          onChange={(e) => {
            const next = QUOTE_STATUSES.find((s) => s === e.target.value) ?? '';
            setStatus(next);
            // A status outside the open tab would show nothing: look in All Quotes instead.
            const inTab = quoteTabStatuses(tab);
            if (next && inTab && !inTab.includes(next)) setTab('all');
          }}
          className="md:w-48"
        >
          <option value="">All Statuses</option>
          {QUOTE_STATUSES.map((s) => (
            <option key={s} value={s}>
              {QUOTE_STATUS_LABELS[s]}
            </option>
          ))}
        </Select>
      </div>

      {company ? <CompanyFilterChip id={company} fallbackName={quotes[0]?.companyName} onClear={clearCompany} /> : null}

      <Tabs value={tab} onValueChange={(v) => setTab(QUOTE_TABS.find((t) => t === v) ?? 'active')}>
        <TabsList aria-label="Quote tabs">
          {QUOTE_TABS.map((t) => (
            <TabsTrigger key={t} value={t} className="max-sm:gap-1.5 max-sm:px-2.5">
              {QUOTE_TAB_LABELS[t]}
              <span
                className={cn(
                  'rounded-full px-1.5 py-0.5 text-xs tabular-nums sm:px-2',
                  t === tab ? 'bg-brand-100 text-brand-800' : 'bg-slate-100 text-slate-600',
                )}
              >
                {counts ? counts[t] : '–'}
              </span>
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value={tab} className="space-y-4">
          {list.isError && !list.data ? (
            <ErrorState onRetry={() => void list.refetch()}>{QUOTE_MESSAGES.loadError}</ErrorState>
          ) : list.isPending ? (
            <Card>
              <Loading>{QUOTE_MESSAGES.loading}</Loading>
            </Card>
          ) : quotes.length === 0 ? (
            <Card>
              <EmptyState
                icon={FileText}
                title={QUOTE_MESSAGES.empty}
                action={
                  rights.canCreate && !filtered ? (
                    <ButtonLink to="/dashboard/quotes/new" variant="outline" size="sm">
                      <Plus className="h-4 w-4" aria-hidden /> Create Quote
                    </ButtonLink>
                  ) : null
                }
              >
                {filtered ? 'Try another search, status or tab.' : 'Create a quote to send a company your offer.'}
              </EmptyState>
            </Card>
          ) : (
            <ul
              aria-label="Quotes"
              className={cn(
                'grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3',
                list.isPlaceholderData && 'opacity-70 transition-opacity',
              )}
            >
              {quotes.map((quote) => (
                <li key={quote.id}>
                  <QuoteCard
                    quote={quote}
                    canDelete={rights.canDelete}
                    busy={pdf.pendingId === quote.id}
                    timeZone={session.timezone}
                    {...actions}
                  />
                </li>
              ))}
            </ul>
          )}
          {total > 0 ? (
            <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-2 text-sm">
              <p className="text-slate-500">
                Showing {(page - 1) * QUOTE_PAGE_SIZE + 1}–{Math.min(page * QUOTE_PAGE_SIZE, total)} of {total}{' '}
                {total === 1 ? 'quote' : 'quotes'}
              </p>
              {pages > 1 ? (
                <div className="flex items-center gap-2">
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={page <= 1 || list.isFetching}
                    onClick={() => setPage((p) => Math.max(1, p - 1))}
                  >
                    Previous
                  </Button>
                  <span className="tabular-nums text-slate-600">
                    Page {page} of {pages}
                  </span>
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={page >= pages || list.isFetching}
                    onClick={() => setPage((p) => Math.min(pages, p + 1))}
                  >
                    Next
                  </Button>
                </div>
              ) : null}
            </nav>
          ) : null}
        </TabsContent>
      </Tabs>

      <AcceptQuoteDialog quote={accepting} onOpenChange={(open) => !open && setAccepting(null)} />
      <QuoteDetailsSheet
        quote={details}
        onOpenChange={(open) => !open && setDetails(null)}
        timeZone={session.timezone}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete Quote"
        message={QUOTE_MESSAGES.deleteConfirm}
        confirmLabel="Delete Quote"
        danger
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
    </div>
  );
}
