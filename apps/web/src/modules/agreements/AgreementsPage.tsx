import {
  AGREEMENT_MESSAGES,
  AGREEMENT_SORT_FIELDS,
  AGREEMENT_SORT_LABELS,
  AGREEMENT_STATUS_FILTER_LABELS,
  AGREEMENT_STATUS_FILTERS,
  AGREEMENT_TAB_LABELS,
  AGREEMENT_TABS,
  SORT_ORDER_LABELS,
  SORT_ORDERS,
  type TAgreementRow,
} from '@pennant/shared/agreements/schemas';
import { ArrowLeft, FileSignature, Plus, Search, X } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
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
import { errorMessage } from '@/lib/api';
import { cn } from '@/lib/cn';
import { useSession } from '@/lib/session';
import {
  type TAgreementListFilters,
  useAgreementList,
  useDeleteAgreement,
  useRestoreAgreement,
} from './agreements-api';
import { AgreementRows } from './list/AgreementRows';
import { CreateAgreementDialog } from './list/CreateAgreementDialog';
import { today } from './parts';

const SEARCH_MAX = 100;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The list's filters live in the address, so Back and shared links keep them (`?company=…`). */
function useListFilters(): [TAgreementListFilters, (patch: Partial<TAgreementListFilters>) => void] {
  const [params, setParams] = useSearchParams();
  const filters = useMemo<TAgreementListFilters>(() => {
    const company = params.get('company');
    const page = Number(params.get('page'));
    return {
      q: params.get('q') ?? '',
      status: AGREEMENT_STATUS_FILTERS.find((s) => s === params.get('status')) ?? 'all',
      sort: AGREEMENT_SORT_FIELDS.find((s) => s === params.get('sort')) ?? 'created_at',
      order: SORT_ORDERS.find((o) => o === params.get('order')) ?? 'desc',
      tab: AGREEMENT_TABS.find((t) => t === params.get('tab')) ?? 'all',
      company: company && UUID.test(company) ? company : null,
      page: Number.isInteger(page) && page > 1 ? page : 1,
    };
  }, [params]);
  const update = (patch: Partial<TAgreementListFilters>) => {
    // Any change but the page itself starts again at page 1.
    const next = { ...filters, page: 1, ...patch };
    const p = new URLSearchParams();
    if (next.company) p.set('company', next.company);
    if (next.tab !== 'all') p.set('tab', next.tab);
    if (next.q) p.set('q', next.q);
    if (next.status !== 'all') p.set('status', next.status);
    if (next.sort !== 'created_at') p.set('sort', next.sort);
    if (next.order !== 'desc') p.set('order', next.order);
    if (next.page > 1) p.set('page', String(next.page));
    setParams(p, { replace: true });
  };
  return [filters, update];
}

/** /dashboard/agreements (and /dashboard/contracts): the agreements by tab, with search, filter and sort. */
export function AgreementsPage() {
  useEffect(() => {
    document.title = 'Agreements — Pennant';
  }, []);
  const session = useSession();
  const rights = session.permissions.agreements;
  const [filters, setFilters] = useListFilters();
  const list = useAgreementList(filters);
  const [draft, setDraft] = useState(filters.q);
  useEffect(() => setDraft(filters.q), [filters.q]);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<TAgreementRow | null>(null);

  useEffect(() => {
    if (list.error)
      toast.error(AGREEMENT_MESSAGES.fetchError, { description: errorMessage(list.error, 'Please try again.') });
  }, [list.error]);

  const remove = useDeleteAgreement({
    onSuccess: () => {
      toast.success(AGREEMENT_MESSAGES.deleted, { description: AGREEMENT_MESSAGES.deletedDescription });
      setDeleting(null);
    },
    onError: (err) => {
      setDeleting(null);
      toast.error(AGREEMENT_MESSAGES.deleteFailed, { description: errorMessage(err, 'Please try again.') });
    },
  });
  const restore = useRestoreAgreement({
    onSuccess: () => toast.success(AGREEMENT_MESSAGES.restored),
    onError: (err) =>
      toast.error(AGREEMENT_MESSAGES.restoreFailed, { description: errorMessage(err, 'Please try again.') }),
  });

  const data = list.data;
  const rows = data?.agreements ?? [];
  const filtered = Boolean(filters.q || filters.status !== 'all');
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const createButton = (label: string) =>
    rights.canCreate ? (
      <Button onClick={() => setCreating(true)}>
        <Plus className="h-4 w-4" aria-hidden /> {label}
      </Button>
    ) : null;

  return (
    <div className="mx-auto max-w-7xl space-y-5">
      <PageHeader
        title="Agreements"
        description="Sponsorship agreements: their terms, dates and value."
        actions={createButton('Create Agreement')}
      />

      {filters.company ? (
        <div className="flex flex-wrap items-center gap-2">
          <ButtonLink to="/dashboard/agreements" variant="outline" size="sm">
            <ArrowLeft className="h-4 w-4" aria-hidden /> All Agreements
          </ButtonLink>
          <Badge tone="brand" className="gap-1 py-1 pl-2.5 pr-1 text-sm">
            <span>
              Filtered by: <span className="font-semibold">{data?.companyName ?? '…'}</span>
            </span>
            <button
              type="button"
              aria-label="Clear company filter"
              className="rounded-full p-0.5 hover:bg-brand-200"
              onClick={() => setFilters({ company: null })}
            >
              <X className="h-3.5 w-3.5" aria-hidden />
            </button>
          </Badge>
        </div>
      ) : null}

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
              aria-label="Search agreements"
              placeholder="Search company or season…"
              value={draft}
              maxLength={SEARCH_MAX}
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
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-3 lg:flex">
          <Select
            aria-label="Filter by status"
            value={filters.status}
            onChange={(e) =>
              setFilters({ status: AGREEMENT_STATUS_FILTERS.find((s) => s === e.target.value) ?? 'all' })
            }
            className="lg:w-36"
          >
            {AGREEMENT_STATUS_FILTERS.map((s) => (
              <option key={s} value={s}>
                {AGREEMENT_STATUS_FILTER_LABELS[s]}
              </option>
            ))}
          </Select>
          <Select
            aria-label="Sort by"
            value={filters.sort}
            onChange={(e) =>
              setFilters({ sort: AGREEMENT_SORT_FIELDS.find((s) => s === e.target.value) ?? 'created_at' })
            }
            className="lg:w-40"
          >
            {AGREEMENT_SORT_FIELDS.map((s) => (
              <option key={s} value={s}>
                {AGREEMENT_SORT_LABELS[s]}
              </option>
            ))}
          </Select>
          <Select
            aria-label="Sort order"
            value={filters.order}
            onChange={(e) => setFilters({ order: SORT_ORDERS.find((o) => o === e.target.value) ?? 'desc' })}
            className="lg:w-40"
          >
            {SORT_ORDERS.map((o) => (
              <option key={o} value={o}>
                {SORT_ORDER_LABELS[o]}
              </option>
            ))}
          </Select>
        </div>
      </div>

      <Tabs
        value={filters.tab}
        onValueChange={(v) => setFilters({ tab: AGREEMENT_TABS.find((t) => t === v) ?? 'all' })}
      >
        <TabsList aria-label="Agreement tabs">
          {AGREEMENT_TABS.map((t) => (
            <TabsTrigger key={t} value={t} className="max-sm:gap-1.5 max-sm:px-2.5">
              {AGREEMENT_TAB_LABELS[t]}
              <span
                className={cn(
                  'rounded-full px-1.5 py-0.5 text-xs tabular-nums sm:px-2',
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
            <ErrorState onRetry={() => void list.refetch()}>The agreements could not be loaded.</ErrorState>
          ) : (
            <Card className={cn('overflow-hidden', list.isPlaceholderData && 'opacity-70 transition-opacity')}>
              {list.isPending ? (
                <Loading>Loading agreements...</Loading>
              ) : rows.length === 0 ? (
                <EmptyState
                  icon={FileSignature}
                  title={AGREEMENT_MESSAGES.empty}
                  className="p-12"
                  action={createButton('Create New Agreement')}
                >
                  {filtered || filters.tab !== 'all' || filters.company
                    ? 'Try another search, status or tab.'
                    : 'Agreements are created from accepted quotes, or directly.'}
                </EmptyState>
              ) : (
                <AgreementRows
                  agreements={rows}
                  deletedTab={filters.tab === 'deleted'}
                  rights={rights}
                  today={today()}
                  onDelete={setDeleting}
                  onRestore={(a) => restore.mutate(a.id)}
                />
              )}
            </Card>
          )}
          {data && data.total > data.pageSize ? (
            <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-2 pt-1">
              <p className="text-xs text-slate-500">
                Showing {(data.page - 1) * data.pageSize + 1}–{Math.min(data.page * data.pageSize, data.total)} of{' '}
                {data.total} agreements
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

      <CreateAgreementDialog open={creating} onOpenChange={setCreating} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete Agreement"
        message={AGREEMENT_MESSAGES.deleteConfirm}
        confirmLabel="Delete Agreement"
        danger
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
      />
    </div>
  );
}
