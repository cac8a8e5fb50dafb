import {
  matchesProductFilters,
  PRODUCT_MENU_FILTER_LABELS,
  PRODUCT_MENU_FILTERS,
  PRODUCT_STATUS_LABELS,
  PRODUCT_STATUSES,
  type TProductFilters,
  type TProductMenuFilter,
  type TProductStatus,
} from '@pennant/shared/catalogue/rules';
import type { TProduct } from '@pennant/shared/catalogue/schemas';
import { ListFilter, Package, Plus, Search, X } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useMatch, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from '@/components/ui/DropdownMenu';
import { EmptyState } from '@/components/ui/EmptyState';
import { ErrorState } from '@/components/ui/ErrorState';
import { Input, Select } from '@/components/ui/Field';
import { PageHeader } from '@/components/ui/PageHeader';
import { Loading } from '@/components/ui/Spinner';
import { errorMessage } from '@/lib/api';
import { useSession } from '@/lib/session';
import { useAdTypes, useDeleteProduct, useDuplicateProduct, useProducts } from '../catalogue-api';
import { ProductDrawer } from './ProductDrawer';
import { ProductRows } from './ProductRows';

const SEARCH_MAX = 200;
const NEW_PATH = '/dashboard/products/new';

type TFilterState = Required<TProductFilters>;
const NO_FILTERS: TFilterState = { search: '', status: 'all', adTypeId: 'all', season: 'all', menu: 'all' };

/** The seasons and ad types the products have, for the filters. */
function filterChoices(products: TProduct[]) {
  const seasons = [...new Set(products.flatMap((p) => (p.seasonLabel ? [p.seasonLabel] : [])))].sort();
  const types = new Map<string, string>();
  for (const p of products) if (p.masterTypeId && p.adTypeLabel) types.set(p.masterTypeId, p.adTypeLabel);
  return {
    seasons,
    anyWithoutSeason: products.some((p) => p.seasonLabel === null),
    adTypes: [...types].sort((a, b) => a[1].localeCompare(b[1])),
  };
}

/** /dashboard/products (and /dashboard/products/new, which opens the drawer). */
export function ProductsPage() {
  useEffect(() => {
    document.title = 'Products — Pennant';
  }, []);
  const session = useSession();
  const rights = session.permissions.products;
  const navigate = useNavigate();
  const creating = useMatch(NEW_PATH) !== null;
  const list = useProducts();
  const adTypes = useAdTypes();
  const [filters, setFilters] = useState<TFilterState>(NO_FILTERS);
  const [editing, setEditing] = useState<TProduct | null>(null);
  const [deleting, setDeleting] = useState<TProduct | null>(null);

  useEffect(() => {
    if (adTypes.isError) toast.error('Error loading ad types');
  }, [adTypes.isError]);

  const products = list.data ?? [];
  const choices = useMemo(() => filterChoices(list.data ?? []), [list.data]);
  const shown = useMemo(() => (list.data ?? []).filter((p) => matchesProductFilters(p, filters)), [list.data, filters]);
  const patch = (p: Partial<TFilterState>) => setFilters((f) => ({ ...f, ...p }));
  const filtered = JSON.stringify(filters) !== JSON.stringify(NO_FILTERS);

  const duplicate = useDuplicateProduct({
    onSuccess: (copy) => toast.success('Product duplicated', { description: copy.name }),
    onError: () => toast.error('An error occurred while duplicating the product'),
  });
  const remove = useDeleteProduct({
    onSuccess: (_r, product) => {
      toast.success('Product deleted', { description: product.name });
      setDeleting(null);
    },
    onError: (err) => {
      setDeleting(null);
      toast.error('Error deleting product', { description: errorMessage(err, 'Please try again.') });
    },
  });

  const drawerOpen = creating || editing !== null;
  const closeDrawer = () => {
    setEditing(null);
    if (creating) navigate('/dashboard/products');
  };

  return (
    <div className="mx-auto max-w-7xl space-y-5">
      <PageHeader
        title="Products"
        description="The ads and packages your club sells, with their prices."
        actions={
          <Button onClick={() => navigate(NEW_PATH)} disabled={!rights.canCreate || list.isPending}>
            <Plus className="h-4 w-4" aria-hidden /> New Product
          </Button>
        }
      />

      <div className="flex flex-col gap-3 lg:flex-row lg:items-center">
        <div className="relative min-w-0 flex-1">
          <Search
            aria-hidden
            className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400"
          />
          <Input
            type="search"
            aria-label="Search products"
            placeholder="Search name, type or location…"
            value={filters.search}
            maxLength={SEARCH_MAX}
            onChange={(e) => patch({ search: e.target.value })}
            className="pl-9 pr-9 [&::-webkit-search-cancel-button]:hidden"
          />
          {filters.search ? (
            <button
              type="button"
              aria-label="Clear search"
              className="absolute right-2 top-1/2 -translate-y-1/2 rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-700"
              onClick={() => patch({ search: '' })}
            >
              <X className="h-4 w-4" />
            </button>
          ) : null}
        </div>
        <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
          <Select
            aria-label="Filter by status"
            value={filters.status}
            onChange={(e) => patch({ status: PRODUCT_STATUSES.find((s) => s === e.target.value) ?? 'all' })}
            className="sm:w-40"
          >
            <option value="all">All Statuses</option>
            {PRODUCT_STATUSES.map((s: TProductStatus) => (
              <option key={s} value={s}>
                {PRODUCT_STATUS_LABELS[s]}
              </option>
            ))}
          </Select>
          <Select
            aria-label="Filter by season"
            value={filters.season}
            onChange={(e) => patch({ season: e.target.value })}
            className="sm:w-36"
          >
            <option value="all">All Seasons</option>
            {choices.seasons.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
            {choices.anyWithoutSeason ? <option value="none">No season</option> : null}
          </Select>
          <Select
            aria-label="Filter by ad type"
            value={filters.adTypeId}
            onChange={(e) => patch({ adTypeId: e.target.value })}
            className="sm:w-44"
          >
            <option value="all">All Ad Types</option>
            {choices.adTypes.map(([id, label]) => (
              <option key={id} value={id}>
                {label}
              </option>
            ))}
          </Select>
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button variant="outline" aria-label={`Show: ${PRODUCT_MENU_FILTER_LABELS[filters.menu]}`}>
                <ListFilter className="h-4 w-4" aria-hidden />
                <span className="truncate">{PRODUCT_MENU_FILTER_LABELS[filters.menu]}</span>
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent className="w-56">
              <DropdownMenuLabel>Show</DropdownMenuLabel>
              <DropdownMenuRadioGroup
                value={filters.menu}
                onValueChange={(v) => patch({ menu: PRODUCT_MENU_FILTERS.find((f) => f === v) ?? 'all' })}
              >
                {PRODUCT_MENU_FILTERS.map((f: TProductMenuFilter) => (
                  <DropdownMenuRadioItem key={f} value={f}>
                    {PRODUCT_MENU_FILTER_LABELS[f]}
                  </DropdownMenuRadioItem>
                ))}
              </DropdownMenuRadioGroup>
            </DropdownMenuContent>
          </DropdownMenu>
        </div>
      </div>

      {list.isError && !list.data ? (
        <ErrorState onRetry={() => void list.refetch()}>Failed to load products</ErrorState>
      ) : (
        <Card className="overflow-hidden">
          {list.isPending ? (
            <Loading>Loading products...</Loading>
          ) : products.length === 0 ? (
            <EmptyState icon={Package} title="No products available. Create some products first." />
          ) : shown.length === 0 ? (
            <EmptyState
              icon={Package}
              title="No products match these filters"
              action={
                filtered ? (
                  <Button variant="outline" size="sm" onClick={() => setFilters(NO_FILTERS)}>
                    Clear filters
                  </Button>
                ) : null
              }
            />
          ) : (
            <ProductRows
              products={shown}
              rights={rights}
              duplicatingId={duplicate.isPending ? (duplicate.variables?.id ?? null) : null}
              onDuplicate={(p) => duplicate.mutate(p)}
              onEdit={setEditing}
              onDelete={setDeleting}
            />
          )}
        </Card>
      )}
      {shown.length > 0 && filtered ? (
        <p className="text-center text-xs text-slate-500">
          Showing {shown.length} of {products.length} {products.length === 1 ? 'product' : 'products'}
        </p>
      ) : null}

      <ProductDrawer open={drawerOpen} onOpenChange={(open) => !open && closeDrawer()} product={editing} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete Product"
        message={`Are you sure you want to delete ${deleting?.name ?? 'this product'}? This action cannot be undone.`}
        confirmLabel="Delete Product"
        danger
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
    </div>
  );
}
