import { includedProducts, nextSeasonLabel } from '@pennant/shared/catalogue/rules';
import { BUNDLE_SEASON_FILTERS, type TBundle, type TBundleSeasonFilter } from '@pennant/shared/catalogue/schemas';
import { formatMoney } from '@pennant/shared/money';
import { Layers, Pencil, Plus, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { EmptyState } from '@/components/ui/EmptyState';
import { ErrorState } from '@/components/ui/ErrorState';
import { Select } from '@/components/ui/Field';
import { PageHeader } from '@/components/ui/PageHeader';
import { Loading } from '@/components/ui/Spinner';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '@/components/ui/Table';
import { errorMessage } from '@/lib/api';
import { useSession } from '@/lib/session';
import { useBundles, useDeleteBundle } from '../catalogue-api';
import { IconAction } from '../parts';
import { useCurrentSeason } from '../seasons';
import { BundleDrawer } from './BundleDrawer';

function seasonFilterLabel(filter: TBundleSeasonFilter, current: string): string {
  if (filter === 'current') return `Current Season (${current})`;
  if (filter === 'next') return `Next Season (${nextSeasonLabel(current)})`;
  return 'All Seasons';
}

interface TRowActionsProps {
  bundle: TBundle;
  canEdit: boolean;
  canDelete: boolean;
  onEdit: (b: TBundle) => void;
  onDelete: (b: TBundle) => void;
}

function RowActions({ bundle, canEdit, canDelete, onEdit, onDelete }: TRowActionsProps) {
  return (
    <div className="flex items-center justify-end gap-1">
      {canEdit ? (
        <IconAction label={`Edit ${bundle.name}`} title="Edit" icon={Pencil} onClick={() => onEdit(bundle)} />
      ) : null}
      {canDelete ? (
        <IconAction
          label={`Delete ${bundle.name}`}
          title="Delete"
          icon={Trash2}
          danger
          onClick={() => onDelete(bundle)}
        />
      ) : null}
    </div>
  );
}

/** /dashboard/bundles: the season's bundles, with the bundle drawer. */
export function BundlesPage() {
  useEffect(() => {
    document.title = 'Bundles — Pennant';
  }, []);
  const session = useSession();
  const rights = session.permissions.bundles;
  const current = useCurrentSeason();
  const [season, setSeason] = useState<TBundleSeasonFilter>('current');
  const list = useBundles(season);
  const bundles = list.data?.bundles ?? [];
  // An empty season may still leave bundles in others: that tells 'none found' from 'none at all'.
  const anyAtAll = useBundles('all', { enabled: season !== 'all' && list.isSuccess && bundles.length === 0 });
  const noneAtAll = season === 'all' ? bundles.length === 0 : anyAtAll.data?.bundles.length === 0;
  const [drawer, setDrawer] = useState<{ bundle: TBundle | null } | null>(null);
  const [deleting, setDeleting] = useState<TBundle | null>(null);
  const editor = rights.canEdit || rights.canDelete;

  const remove = useDeleteBundle({
    onSuccess: (_r, bundle) => {
      toast.success('Bundle deleted', { description: bundle.name });
      setDeleting(null);
    },
    onError: (err) => {
      setDeleting(null);
      toast.error(`Error deleting bundle: ${errorMessage(err, 'An unexpected error occurred')}`);
    },
  });
  const actions = {
    canEdit: rights.canEdit,
    canDelete: rights.canDelete,
    onEdit: (bundle: TBundle) => setDrawer({ bundle }),
    onDelete: setDeleting,
  };

  return (
    <div className="mx-auto max-w-7xl space-y-5">
      <PageHeader
        title="Bundles"
        description="Products sold together at one package price."
        actions={
          <Button onClick={() => setDrawer({ bundle: null })} disabled={!rights.canCreate}>
            <Plus className="h-4 w-4" aria-hidden /> New Bundle
          </Button>
        }
      />

      <div className="flex items-center gap-2">
        <label htmlFor="bundle-season" className="text-sm font-medium text-slate-700">
          Season
        </label>
        <Select
          id="bundle-season"
          value={season}
          onChange={(e) => setSeason(BUNDLE_SEASON_FILTERS.find((f) => f === e.target.value) ?? 'current')}
          className="w-auto min-w-52"
        >
          {BUNDLE_SEASON_FILTERS.map((f) => (
            <option key={f} value={f}>
              {seasonFilterLabel(f, current)}
            </option>
          ))}
        </Select>
      </div>

      {list.isError && !list.data ? (
        <ErrorState onRetry={() => void list.refetch()}>
          Error loading bundles: {errorMessage(list.error, 'Unknown error')}
        </ErrorState>
      ) : (
        <Card className="overflow-hidden">
          {list.isPending ? (
            <Loading>Loading bundles...</Loading>
          ) : bundles.length === 0 ? (
            anyAtAll.isFetching ? (
              <Loading>Loading bundles...</Loading>
            ) : (
              <EmptyState
                icon={Layers}
                title={noneAtAll ? 'No bundles available. Create some bundles first.' : 'No bundles found'}
              >
                {noneAtAll ? null : 'Try another season.'}
              </EmptyState>
            )
          ) : (
            <>
              <div className="hidden md:block">
                <Table aria-label="Bundles">
                  <TableHead>
                    <TableRow>
                      <TableHeaderCell>Bundle Name</TableHeaderCell>
                      <TableHeaderCell>Season</TableHeaderCell>
                      <TableHeaderCell>Included Products</TableHeaderCell>
                      <TableHeaderCell className="text-right">Package Price</TableHeaderCell>
                      {editor ? <TableHeaderCell className="text-right">Actions</TableHeaderCell> : null}
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {bundles.map((b) => (
                      <TableRow key={b.id} className="hover:bg-slate-50/70">
                        <TableCell className="font-medium text-slate-900">{b.name}</TableCell>
                        <TableCell>{b.seasonLabel}</TableCell>
                        <TableCell className="max-w-md text-slate-600">{includedProducts(b)}</TableCell>
                        <TableCell className="text-right tabular-nums">{formatMoney(b.packagePriceCents)}</TableCell>
                        {editor ? (
                          <TableCell className="py-1.5">
                            <RowActions bundle={b} {...actions} />
                          </TableCell>
                        ) : null}
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </div>
              <ul aria-label="Bundles" className="divide-y divide-slate-100 md:hidden">
                {bundles.map((b) => (
                  <li key={b.id} className="space-y-1.5 px-4 py-3">
                    <div className="flex items-start justify-between gap-2">
                      <div className="min-w-0">
                        <p className="break-words font-medium text-slate-900">{b.name}</p>
                        <p className="text-xs text-slate-500">Season {b.seasonLabel}</p>
                      </div>
                      <div className="flex items-center gap-2">
                        <span className="font-medium tabular-nums text-slate-900">
                          {formatMoney(b.packagePriceCents)}
                        </span>
                        {editor ? <RowActions bundle={b} {...actions} /> : null}
                      </div>
                    </div>
                    <p className="text-sm text-slate-600">{includedProducts(b)}</p>
                  </li>
                ))}
              </ul>
            </>
          )}
        </Card>
      )}

      <BundleDrawer
        open={drawer !== null}
        onOpenChange={(open) => !open && setDrawer(null)}
        bundle={drawer?.bundle ?? null}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete Bundle"
        message={`Are you sure you want to delete ${deleting?.name ?? 'this bundle'}?`}
        confirmLabel="Delete Bundle"
        danger
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
    </div>
  );
}
