import {
  COMPANY_CATEGORIES,
  COMPANY_CATEGORY_LABELS,
  COMPANY_SORT_FIELDS,
  COMPANY_STATUSES,
  companyStatusLabel,
  IMPORT_MESSAGES,
  parseStatusFilter,
  type TCompany,
  type TCompanyStatus,
} from '@pennant/shared/companies/schemas';
import { Building2, Plus, Upload } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { UpgradeDialog } from '@/components/plan/UpgradeDialog';
import { Button } from '@/components/ui/Button';
import { ButtonLink } from '@/components/ui/ButtonLink';
import { Card } from '@/components/ui/Card';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { EmptyState } from '@/components/ui/EmptyState';
import { ErrorState } from '@/components/ui/ErrorState';
import { PageHeader } from '@/components/ui/PageHeader';
import { Loading } from '@/components/ui/Spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/Tabs';
import { errorMessage } from '@/lib/api';
import { cn } from '@/lib/cn';
import { useSession } from '@/lib/session';
import { AddNoteDialog } from './AddNoteDialog';
import {
  flattenCompanies,
  type TCompanyListFilters,
  useBulkChangeStatus,
  useChangeCompanyStatus,
  useCompanyList,
  useDeleteCompany,
} from './companies-api';
import { ImportWizard } from './import/ImportWizard';
import { useBulkImportAllowed } from './import/useBulkImportAllowed';
import { BulkStatusBar } from './list/BulkStatusBar';
import { CompanyRows } from './list/CompanyRows';
import { CompanyToolbar } from './list/CompanyToolbar';
import { usePlanLimit } from './usePlanLimit';

/** The list's filters live in the address, so Back and shared links keep them (`?tab=sponsors`). */
function useListFilters(): [TCompanyListFilters, (patch: Partial<TCompanyListFilters>) => void] {
  const [params, setParams] = useSearchParams();
  const filters = useMemo<TCompanyListFilters>(() => {
    const tab = params.get('tab');
    const sort = params.get('sort');
    const status = parseStatusFilter(params.get('status') ?? undefined).filter((s): s is TCompanyStatus =>
      (COMPANY_STATUSES as readonly string[]).includes(s),
    );
    return {
      category: COMPANY_CATEGORIES.find((c) => c === tab) ?? 'all',
      search: params.get('search') ?? '',
      status,
      sort: COMPANY_SORT_FIELDS.find((f) => f === sort) ?? 'created_at',
      dir: params.get('dir') === 'asc' ? 'asc' : 'desc',
    };
  }, [params]);
  const update = (patch: Partial<TCompanyListFilters>) => {
    const next = { ...filters, ...patch };
    const p = new URLSearchParams();
    if (next.category !== 'all') p.set('tab', next.category);
    if (next.search) p.set('search', next.search);
    if (next.status.length) p.set('status', next.status.join(','));
    if (next.sort !== 'created_at' || next.dir !== 'desc') {
      p.set('sort', next.sort);
      p.set('dir', next.dir);
    }
    setParams(p, { replace: true });
  };
  return [filters, update];
}

export function CompaniesPage() {
  useEffect(() => {
    document.title = 'Companies — Pennant';
  }, []);
  const session = useSession();
  const rights = session.permissions.companies;
  const [filters, setFilters] = useListFilters();
  const list = useCompanyList(filters);
  const companies = useMemo(() => flattenCompanies(list.data), [list.data]);
  const first = list.data?.pages[0];
  const planLimit = usePlanLimit();

  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [noteFor, setNoteFor] = useState<TCompany | null>(null);
  const [deleting, setDeleting] = useState<TCompany | null>(null);
  const [bulkTarget, setBulkTarget] = useState<TCompanyStatus | null>(null);
  const [importOpen, setImportOpen] = useState(false);
  // Bulk import is premium: on another plan the button opens the upgrade dialog instead.
  const bulkImportAllowed = useBulkImportAllowed();
  const [importUpgrade, setImportUpgrade] = useState(false);

  // A new search, filter or tab starts a new selection.
  const filterKey = JSON.stringify(filters);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the filters
  useEffect(() => setSelected(new Set()), [filterKey]);

  const statusChange = useChangeCompanyStatus({
    onSuccess: (_r, { company, status }) =>
      toast.success('Status Updated', { description: `${company.name} is now ${companyStatusLabel(status)}.` }),
    onError: (err) => {
      if (!planLimit.handle(err))
        toast.error('Status Update Failed', { description: errorMessage(err, 'Please try again.') });
    },
  });

  const remove = useDeleteCompany({
    onSuccess: (_r, company) => {
      toast.success('Company Deleted', { description: `${company.name} was deleted.` });
      setDeleting(null);
      setSelected((s) => {
        const next = new Set(s);
        next.delete(company.id);
        return next;
      });
    },
    onError: (err) => toast.error('Delete Failed', { description: errorMessage(err, 'Please try again.') }),
  });

  const bulk = useBulkChangeStatus({
    onSuccess: (r, { status }) => {
      toast.success('Bulk Update Complete', {
        description: `${r.updated} ${r.updated === 1 ? 'company' : 'companies'} set to ${companyStatusLabel(status)}.`,
      });
      setSelected(new Set());
      setBulkTarget(null);
    },
    onError: (err) => {
      setBulkTarget(null);
      if (!planLimit.handle(err))
        toast.error('Bulk Update Failed', { description: errorMessage(err, 'Please try again.') });
    },
  });

  if (list.isError && !list.data) {
    return (
      <div className="mx-auto max-w-7xl space-y-4">
        <PageHeader title="Companies" />
        <ErrorState onRetry={() => void list.refetch()}>
          Error loading companies: {errorMessage(list.error, 'Unknown error')}
        </ErrorState>
      </div>
    );
  }

  const toggle = (id: string, checked: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (checked) next.add(id);
      else next.delete(id);
      return next;
    });
  const toggleAll = (checked: boolean) => setSelected(checked ? new Set(companies.map((c) => c.id)) : new Set());
  const filtered = Boolean(filters.search || filters.status.length);

  return (
    <div className="mx-auto max-w-7xl space-y-5">
      <PageHeader
        title="Companies"
        description="Prospects, sponsors and everyone in between."
        actions={
          <>
            <Button
              variant="outline"
              onClick={() => (bulkImportAllowed ? setImportOpen(true) : setImportUpgrade(true))}
              disabled={!rights.canCreate}
            >
              <Upload className="h-4 w-4" aria-hidden /> Import Companies
            </Button>
            {rights.canCreate ? (
              <ButtonLink to="/dashboard/companies/new" variant="primary">
                <Plus className="h-4 w-4" aria-hidden /> Add Company
              </ButtonLink>
            ) : (
              <Button disabled>
                <Plus className="h-4 w-4" aria-hidden /> Add Company
              </Button>
            )}
          </>
        }
      />

      <CompanyToolbar
        search={filters.search}
        onSearch={(search) => setFilters({ search })}
        status={filters.status.length === 1 ? (filters.status[0] ?? '') : ''}
        onStatus={(s) => setFilters({ status: s ? [s] : [] })}
        sort={filters.sort}
        dir={filters.dir}
        onSort={(sort, dir) => setFilters({ sort, dir })}
      />

      <Tabs
        value={filters.category}
        onValueChange={(v) => setFilters({ category: COMPANY_CATEGORIES.find((c) => c === v) ?? 'all' })}
      >
        <TabsList aria-label="Company categories">
          {COMPANY_CATEGORIES.map((c) => (
            <TabsTrigger key={c} value={c} className="max-sm:gap-1.5 max-sm:px-2.5">
              {COMPANY_CATEGORY_LABELS[c]}
              <span
                className={cn(
                  'rounded-full px-1.5 py-0.5 text-xs tabular-nums sm:px-2',
                  c === filters.category ? 'bg-brand-100 text-brand-800' : 'bg-slate-100 text-slate-600',
                )}
              >
                {first ? first.counts[c] : '–'}
              </span>
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value={filters.category} className="space-y-3">
          {selected.size > 0 ? (
            <BulkStatusBar
              count={selected.size}
              busy={bulk.isPending}
              onApply={setBulkTarget}
              onClear={() => setSelected(new Set())}
            />
          ) : null}
          <Card className={cn('overflow-hidden', list.isPlaceholderData && 'opacity-70 transition-opacity')}>
            {list.isPending ? (
              <Loading>Loading companies...</Loading>
            ) : companies.length === 0 ? (
              <EmptyState icon={Building2} title="No companies found" className="p-12">
                {filtered || filters.category !== 'all'
                  ? 'Try another search, status or tab.'
                  : 'Add your first company or import a spreadsheet of prospects.'}
              </EmptyState>
            ) : (
              <CompanyRows
                companies={companies}
                selected={selected}
                onToggle={toggle}
                onToggleAll={toggleAll}
                onStatus={(company, status) => statusChange.mutate({ company, status })}
                onAddNote={setNoteFor}
                onDelete={setDeleting}
                rights={{
                  canEdit: rights.canEdit,
                  canDelete: rights.canDelete,
                  canCreateNote: rights.canCreate,
                  canCreateQuote: session.permissions.quotes.canCreate,
                }}
                timeZone={session.timezone}
              />
            )}
          </Card>
          {companies.length > 0 && first ? (
            <div className="flex flex-col items-center gap-2 pt-1">
              <p className="text-xs text-slate-500">
                Showing {companies.length} of {first.totalCount} {first.totalCount === 1 ? 'company' : 'companies'}
              </p>
              {list.hasNextPage ? (
                <Button variant="outline" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
                  {list.isFetchingNextPage ? 'Loading...' : 'Load More Companies'}
                </Button>
              ) : null}
            </div>
          ) : null}
        </TabsContent>
      </Tabs>

      <AddNoteDialog company={noteFor} onOpenChange={(open) => !open && setNoteFor(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete Company"
        message="Are you sure you want to delete this company? This action cannot be undone."
        confirmLabel="Delete Company"
        danger
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
      <ConfirmDialog
        open={bulkTarget !== null}
        onOpenChange={(open) => !open && setBulkTarget(null)}
        title="Change Status"
        message={`Are you sure you want to change the status of ${selected.size} companies to ${bulkTarget ? companyStatusLabel(bulkTarget) : ''}?`}
        confirmLabel="Update Status"
        busy={bulk.isPending}
        onConfirm={() => bulkTarget && bulk.mutate({ ids: [...selected], status: bulkTarget })}
      />
      <ImportWizard open={importOpen} onOpenChange={setImportOpen} />
      <UpgradeDialog open={importUpgrade} onOpenChange={setImportUpgrade} reason={IMPORT_MESSAGES.planRequired} />
      {planLimit.dialog}
    </div>
  );
}
