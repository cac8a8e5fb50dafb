import { pageCount, showingOrganizations } from '@pennant/shared/admin/rules';
import { ADMIN_LIMITS, ADMIN_MESSAGES, type TAdminOrg, type TAdminOrgUpdate } from '@pennant/shared/admin/schemas';
import { isPremiumKey } from '@pennant/shared/organization/plans';
import { Building2, Eye, LayoutGrid, List } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { EmptyState } from '@/components/ui/EmptyState';
import { ErrorState } from '@/components/ui/ErrorState';
import { PageHeader } from '@/components/ui/PageHeader';
import { Switch } from '@/components/ui/Switch';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '@/components/ui/Table';
import { errorMessage } from '@/lib/api';
import { cn } from '@/lib/cn';
import { useMediaQuery } from '@/lib/useMediaQuery';
import { useAdminOrganizations, useUpdateOrganization } from '../admin-api';
import { useStartImpersonationFlow } from '../impersonation/useImpersonationActions';
import { Pagination } from '../Pagination';
import { formatCount, TableSkeleton } from '../parts';
import { SearchInput } from '../SearchInput';
import { useDebouncedValue } from '../useDebouncedValue';

type TView = 'table' | 'cards';

const WORKFLOW_LABELS = { basic: 'Basic', advanced: 'Advanced' } as const;

interface TRowActions {
  /** The organization as shown: a change in flight is shown already made. */
  shown: (org: TAdminOrg) => TAdminOrg;
  busy: (org: TAdminOrg) => boolean;
  setPremium: (org: TAdminOrg, premium: boolean) => void;
  setFrozen: (org: TAdminOrg, frozen: boolean) => void;
  impersonate: (org: TAdminOrg) => void;
  impersonating: string | null;
}

function PlanToggle({ org, actions }: { org: TAdminOrg; actions: TRowActions }) {
  const id = useId();
  const premium = isPremiumKey(org.planKey);
  return (
    <span className="inline-flex items-center gap-2">
      <Switch
        id={id}
        checked={premium}
        disabled={actions.busy(org)}
        onCheckedChange={(on) => actions.setPremium(org, on)}
        aria-label={`Premium plan for ${org.name}`}
      />
      <label htmlFor={id} className={cn('text-sm', premium ? 'font-medium text-amber-700' : 'text-slate-600')}>
        {premium ? 'Premium' : 'Free'}
      </label>
    </span>
  );
}

function StatusToggle({ org, actions }: { org: TAdminOrg; actions: TRowActions }) {
  const id = useId();
  return (
    <span className="inline-flex items-center gap-2">
      <Switch
        id={id}
        checked={org.frozen}
        disabled={actions.busy(org)}
        onCheckedChange={(on) => actions.setFrozen(org, on)}
        aria-label={`Freeze ${org.name}`}
        className="data-[state=checked]:bg-sky-600"
      />
      <label htmlFor={id} className={cn('text-sm', org.frozen ? 'font-medium text-sky-700' : 'text-green-700')}>
        {org.frozen ? 'Frozen' : 'Active'}
      </label>
    </span>
  );
}

function ImpersonateButton({ org, actions }: { org: TAdminOrg; actions: TRowActions }) {
  return (
    <Button
      variant="outline"
      size="sm"
      onClick={() => actions.impersonate(org)}
      disabled={org.frozen || actions.impersonating !== null}
      title={org.frozen ? ADMIN_MESSAGES.frozenImpersonation : `View Pennant as ${org.name}`}
      aria-label={`Impersonate ${org.name}`}
    >
      <Eye className="h-4 w-4" aria-hidden />
      {actions.impersonating === org.id ? 'Starting...' : 'Impersonate'}
    </Button>
  );
}

function OrgTable({ orgs, actions }: { orgs: TAdminOrg[]; actions: TRowActions }) {
  return (
    <Table aria-label="Organizations">
      <TableHead>
        <TableRow>
          <TableHeaderCell>Organization</TableHeaderCell>
          <TableHeaderCell>Owner</TableHeaderCell>
          <TableHeaderCell className="text-right">Users</TableHeaderCell>
          <TableHeaderCell>Plan</TableHeaderCell>
          <TableHeaderCell>Status</TableHeaderCell>
          <TableHeaderCell className="text-right">
            <span className="sr-only">Actions</span>
          </TableHeaderCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {orgs.map((raw) => {
          const org = actions.shown(raw);
          return (
            <TableRow key={org.id}>
              <TableCell className="max-w-64">
                <p className="truncate font-medium text-slate-900">{org.name}</p>
                <p className="text-xs text-slate-500">
                  Season {org.seasonLabel} · {WORKFLOW_LABELS[org.workflowMode]} workflow
                </p>
              </TableCell>
              <TableCell className="max-w-56 truncate">{org.ownerEmail ?? '—'}</TableCell>
              <TableCell className="text-right tabular-nums">{formatCount(org.userCount)}</TableCell>
              <TableCell>
                <PlanToggle org={org} actions={actions} />
              </TableCell>
              <TableCell>
                <StatusToggle org={org} actions={actions} />
              </TableCell>
              <TableCell className="text-right">
                <ImpersonateButton org={org} actions={actions} />
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

function OrgCards({ orgs, actions }: { orgs: TAdminOrg[]; actions: TRowActions }) {
  return (
    <ul aria-label="Organizations" className="grid grid-cols-1 gap-3 p-3 sm:grid-cols-2 xl:grid-cols-3">
      {orgs.map((raw) => {
        const org = actions.shown(raw);
        return (
          <li key={org.id} className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4">
            <div className="min-w-0">
              <p className="truncate font-semibold text-slate-900">{org.name}</p>
              <p className="truncate text-sm text-slate-600">{org.ownerEmail ?? 'No owner'}</p>
            </div>
            <dl className="grid grid-cols-3 gap-2 text-sm">
              <div>
                <dt className="text-xs text-slate-500">Season</dt>
                <dd className="text-slate-800">{org.seasonLabel}</dd>
              </div>
              <div>
                <dt className="text-xs text-slate-500">Users</dt>
                <dd className="text-slate-800">{formatCount(org.userCount)}</dd>
              </div>
              <div>
                <dt className="text-xs text-slate-500">Workflow</dt>
                <dd className="text-slate-800">{WORKFLOW_LABELS[org.workflowMode]}</dd>
              </div>
            </dl>
            <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 pt-3">
              <PlanToggle org={org} actions={actions} />
              <StatusToggle org={org} actions={actions} />
            </div>
            <ImpersonateButton org={org} actions={actions} />
          </li>
        );
      })}
    </ul>
  );
}

/**
 * /admin/orgs (spec 002 §2.10): search (300 ms), 10 a page, as a table or cards (cards always on
 * a phone), the plan and frozen toggles, and Impersonate (not while frozen).
 */
export function AdminOrgsPage() {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [view, setView] = useState<TView>('table');
  // Below 1050 px (phones, tablets, the icon-rail layout) the cards are the only view.
  const wide = useMediaQuery('(min-width: 1050px)');
  const query = useDebouncedValue(search.trim());
  const pageSize = ADMIN_LIMITS.orgPageSize;
  const list = useAdminOrganizations(query, (page - 1) * pageSize);
  const { start, pendingOrgId } = useStartImpersonationFlow();

  // A new search starts at its first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the settled search changes
  useEffect(() => setPage(1), [query]);

  useEffect(() => {
    if (list.isError) toast.error(ADMIN_MESSAGES.fetchOrgsFailed, { description: errorMessage(list.error, '') });
  }, [list.isError, list.error]);

  const update = useUpdateOrganization({
    onSuccess: (_data, { change }) => {
      if (change.planKey !== undefined) toast.success(ADMIN_MESSAGES.planUpdated(change.planKey));
      else if (change.frozen !== undefined) toast.success(ADMIN_MESSAGES.orgToggled(change.frozen));
    },
    onError: (err, { change }) => {
      const title = change.planKey !== undefined ? ADMIN_MESSAGES.updatePlanFailed : ADMIN_MESSAGES.updateOrgFailed;
      toast.error(title, { description: errorMessage(err, 'Please try again') });
    },
  });
  const inFlight = update.isPending ? update.variables : undefined;
  const change = (org: TAdminOrg, c: TAdminOrgUpdate) => update.mutate({ id: org.id, change: c });

  const actions: TRowActions = {
    shown: (org) =>
      inFlight?.id === org.id
        ? {
            ...org,
            planKey: inFlight.change.planKey ?? org.planKey,
            frozen: inFlight.change.frozen ?? org.frozen,
          }
        : org,
    busy: (org) => inFlight?.id === org.id,
    setPremium: (org, premium) => change(org, { planKey: premium ? 'premium_month' : 'free' }),
    setFrozen: (org, frozen) => change(org, { frozen }),
    impersonate: (org) => start(org.id),
    impersonating: pendingOrgId,
  };

  const data = list.data;
  const orgs = data?.organizations ?? [];
  const total = data?.totalCount ?? 0;

  return (
    <div className="mx-auto max-w-7xl space-y-4">
      <PageHeader title="Organizations" description="Plans, freezes and impersonation for every organization." />

      <div className="flex flex-wrap items-center justify-between gap-3">
        <SearchInput value={search} onChange={setSearch} label="Search organizations" />
        {wide ? (
          <fieldset aria-label="View" className="inline-flex rounded-lg border border-slate-200 bg-white p-0.5">
            {(
              [
                ['table', 'Table', List],
                ['cards', 'Cards', LayoutGrid],
              ] as const
            ).map(([value, label, Icon]) => (
              <button
                key={value}
                type="button"
                aria-pressed={view === value}
                onClick={() => setView(value)}
                className={cn(
                  'inline-flex items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium text-slate-600 hover:text-slate-900',
                  view === value && 'bg-brand-50 text-brand-700',
                )}
              >
                <Icon className="h-4 w-4" aria-hidden /> {label}
              </button>
            ))}
          </fieldset>
        ) : null}
      </div>

      {list.isError ? (
        <ErrorState onRetry={() => void list.refetch()}>
          {ADMIN_MESSAGES.loadOrgsFailed(errorMessage(list.error, 'Unknown error'))}
        </ErrorState>
      ) : (
        <Card className="relative overflow-hidden">
          {list.isPending ? (
            <TableSkeleton rows={6} label="Loading organizations" />
          ) : orgs.length === 0 ? (
            <EmptyState icon={Building2} title={ADMIN_MESSAGES.noOrganizations}>
              {query ? 'Try another name, season or owner e-mail.' : null}
            </EmptyState>
          ) : wide && view === 'table' ? (
            <OrgTable orgs={orgs} actions={actions} />
          ) : (
            <OrgCards orgs={orgs} actions={actions} />
          )}
        </Card>
      )}

      {data && total > 0 ? (
        <div className="flex flex-col items-center gap-3 lg:flex-row lg:justify-between">
          <p className="text-sm text-slate-600" aria-live="polite">
            {showingOrganizations(orgs.length, total)}
          </p>
          {pageCount(total, pageSize) > 1 ? (
            <Pagination
              label="Organization pages"
              page={page}
              pageSize={pageSize}
              total={total}
              onPage={setPage}
              hideRange
            />
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
