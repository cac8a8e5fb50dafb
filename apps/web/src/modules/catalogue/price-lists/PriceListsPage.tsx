import type { TDocumentLink, TPriceList } from '@pennant/shared/catalogue/schemas';
import { Download, ListChecks, Pencil, Plus, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { EmptyState } from '@/components/ui/EmptyState';
import { ErrorState } from '@/components/ui/ErrorState';
import { PageHeader } from '@/components/ui/PageHeader';
import { Loading, Spinner } from '@/components/ui/Spinner';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '@/components/ui/Table';
import { ApiError, errorMessage } from '@/lib/api';
import { useSession } from '@/lib/session';
import { useCreatePriceSheet, useDeletePriceList, usePriceLists } from '../catalogue-api';
import { IconAction } from '../parts';
import { PriceListDrawer } from './PriceListDrawer';

/** Hands the stored PDF to the browser as a download (same origin, so `download` names the file). */
export function downloadFile(link: Pick<TDocumentLink, 'url' | 'fileName'>): void {
  const a = document.createElement('a');
  a.href = link.url;
  a.download = link.fileName;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
}

function sheetFailure(err: Error, list: TPriceList): string {
  if (err instanceof ApiError && err.status === 404) return `Could not find price list with ID ${list.id}`;
  return errorMessage(err, 'No usable content returned from price sheet generator');
}

interface TActionsProps {
  list: TPriceList;
  canEdit: boolean;
  canDelete: boolean;
  generating: boolean;
  busy: boolean;
  onDownload: (list: TPriceList) => void;
  onEdit: (list: TPriceList) => void;
  onDelete: (list: TPriceList) => void;
}

function RowActions({ list, canEdit, canDelete, generating, busy, onDownload, onEdit, onDelete }: TActionsProps) {
  return (
    <div className="flex items-center justify-end gap-1">
      <Button
        variant="outline"
        size="sm"
        aria-label={generating ? 'Generating PDF...' : `Download ${list.name}`}
        aria-busy={generating}
        disabled={busy}
        onClick={() => onDownload(list)}
      >
        {generating ? <Spinner size="sm" /> : <Download className="h-4 w-4" aria-hidden />}
        {generating ? 'Generating PDF...' : 'Download'}
      </Button>
      {canEdit ? (
        <IconAction label={`Edit ${list.name}`} title="Edit" icon={Pencil} onClick={() => onEdit(list)} />
      ) : null}
      {canDelete ? (
        <IconAction label={`Delete ${list.name}`} title="Delete" icon={Trash2} danger onClick={() => onDelete(list)} />
      ) : null}
    </div>
  );
}

const itemCount = (list: TPriceList) => `${list.items.length} ${list.items.length === 1 ? 'item' : 'items'}`;

/** /dashboard/price-lists: the price lists, their PDF price sheets, and the drawer that makes them. */
export function PriceListsPage() {
  useEffect(() => {
    document.title = 'Price Lists — Pennant';
  }, []);
  const session = useSession();
  // Spec §6: price lists are created, edited and deleted by admins and sponsorship leads only.
  const rights = session.permissions.price_lists;
  const list = usePriceLists();
  const lists = list.data ?? [];
  const [drawer, setDrawer] = useState<{ priceList: TPriceList | null } | null>(null);
  const [deleting, setDeleting] = useState<TPriceList | null>(null);

  const sheet = useCreatePriceSheet({
    onSuccess: (link) => downloadFile(link),
    onError: (err, priceList) => toast.error('Failed to generate PDF', { description: sheetFailure(err, priceList) }),
  });
  const remove = useDeletePriceList({
    onSuccess: (_r, priceList) => {
      toast.success('Price list deleted', { description: priceList.name });
      setDeleting(null);
    },
    onError: (err) => {
      setDeleting(null);
      toast.error('Failed to delete price list', { description: errorMessage(err, 'Please try again.') });
    },
  });

  const actions = {
    canEdit: rights.canEdit,
    canDelete: rights.canDelete,
    busy: sheet.isPending,
    onDownload: (l: TPriceList) => sheet.mutate(l),
    onEdit: (l: TPriceList) => setDrawer({ priceList: l }),
    onDelete: setDeleting,
  };
  const generatingId = sheet.isPending ? (sheet.variables?.id ?? null) : null;

  return (
    <div className="mx-auto max-w-7xl space-y-5">
      <PageHeader
        title="Price Lists"
        description="Menus of products and bundles at their display prices, downloadable as a PDF price sheet."
        actions={
          rights.canCreate ? (
            <Button onClick={() => setDrawer({ priceList: null })}>
              <Plus className="h-4 w-4" aria-hidden /> Create Price List
            </Button>
          ) : null
        }
      />

      {list.isError && !list.data ? (
        <ErrorState onRetry={() => void list.refetch()}>Error fetching price lists</ErrorState>
      ) : (
        <Card className="overflow-hidden">
          {list.isPending ? (
            <Loading>Loading price lists...</Loading>
          ) : lists.length === 0 ? (
            <EmptyState
              icon={ListChecks}
              title="No price lists yet"
              action={
                rights.canCreate ? (
                  <Button variant="outline" size="sm" onClick={() => setDrawer({ priceList: null })}>
                    <Plus className="h-4 w-4" aria-hidden /> Create Price List
                  </Button>
                ) : null
              }
            >
              {rights.canCreate ? 'Pick products and bundles, set their prices, and download a price sheet.' : null}
            </EmptyState>
          ) : (
            <>
              <div className="hidden md:block">
                <Table aria-label="Price Lists">
                  <TableHead>
                    <TableRow>
                      <TableHeaderCell>Name</TableHeaderCell>
                      <TableHeaderCell>Season</TableHeaderCell>
                      <TableHeaderCell>Items</TableHeaderCell>
                      <TableHeaderCell className="text-right">Actions</TableHeaderCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {lists.map((l) => (
                      <TableRow key={l.id} className="hover:bg-slate-50/70">
                        <TableCell className="font-medium text-slate-900">{l.name}</TableCell>
                        <TableCell>{l.seasonLabel}</TableCell>
                        <TableCell className="tabular-nums">{l.items.length}</TableCell>
                        <TableCell className="py-1.5">
                          <RowActions list={l} generating={generatingId === l.id} {...actions} />
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </div>
              <ul aria-label="Price Lists" className="divide-y divide-slate-100 md:hidden">
                {lists.map((l) => (
                  <li key={l.id} className="space-y-2 px-4 py-3">
                    <div className="min-w-0">
                      <p className="break-words font-medium text-slate-900">{l.name}</p>
                      <p className="text-xs text-slate-500">
                        Season {l.seasonLabel} · {itemCount(l)}
                      </p>
                    </div>
                    <RowActions list={l} generating={generatingId === l.id} {...actions} />
                  </li>
                ))}
              </ul>
            </>
          )}
        </Card>
      )}

      <PriceListDrawer
        open={drawer !== null}
        onOpenChange={(open) => !open && setDrawer(null)}
        priceList={drawer?.priceList ?? null}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete Price List"
        message={`Are you sure you want to delete ${deleting?.name ?? 'this price list'}?`}
        confirmLabel="Delete Price List"
        danger
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
    </div>
  );
}
