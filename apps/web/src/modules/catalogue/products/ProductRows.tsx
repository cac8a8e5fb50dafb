import { PRODUCT_STATUS_LABELS, productStatus, revenueShareText } from '@pennant/shared/catalogue/rules';
import type { TProduct } from '@pennant/shared/catalogue/schemas';
import { formatMoney } from '@pennant/shared/money';
import { Copy, MapPin, Pencil, Trash2 } from 'lucide-react';
import { Badge } from '@/components/ui/Badge';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '@/components/ui/Table';
import { IconAction } from '../parts';

export interface TProductRowRights {
  canCreate: boolean;
  canEdit: boolean;
  canDelete: boolean;
}

interface TProductRowsProps {
  products: TProduct[];
  rights: TProductRowRights;
  /** The product being duplicated, if any (its button waits). */
  duplicatingId: string | null;
  onDuplicate: (product: TProduct) => void;
  onEdit: (product: TProduct) => void;
  onDelete: (product: TProduct) => void;
}

function PriceText({ product }: { product: TProduct }) {
  if (productStatus(product) === 'needs_price')
    return <Badge tone="warning">{PRODUCT_STATUS_LABELS.needs_price}</Badge>;
  return <span className="tabular-nums">{formatMoney(product.recurringPriceCents ?? 0)}</span>;
}

function SetupFeeText({ product }: { product: TProduct }) {
  return product.setupFeeCents ? (
    <span className="tabular-nums">{formatMoney(product.setupFeeCents)}</span>
  ) : (
    <span className="text-slate-500">—</span>
  );
}

function TypeText({ product }: { product: TProduct }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      <span>{product.adTypeLabel ?? <span className="text-slate-500">—</span>}</span>
      {product.adTypeIsCustom ? <Badge tone="accent">Custom</Badge> : null}
    </span>
  );
}

function NameDetails({ product }: { product: TProduct }) {
  if (!product.isLimited && !product.seasonLabel) return null;
  return (
    <span className="mt-1 flex flex-wrap items-center gap-1.5 text-xs text-slate-500">
      {product.isLimited ? <Badge tone="brand">Limited</Badge> : null}
      {product.isLimited && product.locationText ? (
        <span className="inline-flex items-center gap-1">
          <MapPin className="h-3 w-3" aria-hidden /> {product.locationText}
        </span>
      ) : null}
      {product.seasonLabel ? <span>Season {product.seasonLabel}</span> : null}
    </span>
  );
}

function RowActions({
  product,
  rights,
  duplicatingId,
  onDuplicate,
  onEdit,
  onDelete,
}: Omit<TProductRowsProps, 'products'> & { product: TProduct }) {
  return (
    <div className="flex items-center justify-end gap-1">
      {rights.canCreate ? (
        <IconAction
          label={`Duplicate ${product.name}`}
          title="Duplicate"
          icon={Copy}
          disabled={duplicatingId !== null}
          onClick={() => onDuplicate(product)}
        />
      ) : null}
      {rights.canEdit ? (
        <IconAction label={`Edit ${product.name}`} title="Edit" icon={Pencil} onClick={() => onEdit(product)} />
      ) : null}
      {rights.canDelete ? (
        <IconAction
          label={`Delete ${product.name}`}
          title="Delete"
          icon={Trash2}
          danger
          onClick={() => onDelete(product)}
        />
      ) : null}
    </div>
  );
}

/** The products as a table from 768 px, as cards on a phone (only one of the two is displayed). */
export function ProductRows(props: TProductRowsProps) {
  const { products, ...actions } = props;
  const anyAction = actions.rights.canCreate || actions.rights.canEdit || actions.rights.canDelete;
  return (
    <>
      <div className="hidden md:block">
        <Table aria-label="Products">
          <TableHead>
            <TableRow>
              <TableHeaderCell>Product Name</TableHeaderCell>
              <TableHeaderCell>Type</TableHeaderCell>
              <TableHeaderCell className="text-right">Price</TableHeaderCell>
              <TableHeaderCell className="text-right">Setup Fee</TableHeaderCell>
              <TableHeaderCell>Revenue Share</TableHeaderCell>
              <TableHeaderCell className="text-right">Actions</TableHeaderCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {products.map((p) => (
              <TableRow key={p.id} className="hover:bg-slate-50/70">
                <TableCell className="max-w-72">
                  <span className="block break-words font-medium text-slate-900">{p.name}</span>
                  <NameDetails product={p} />
                </TableCell>
                <TableCell>
                  <TypeText product={p} />
                </TableCell>
                <TableCell className="text-right">
                  <PriceText product={p} />
                </TableCell>
                <TableCell className="text-right">
                  <SetupFeeText product={p} />
                </TableCell>
                <TableCell>{revenueShareText(p, formatMoney)}</TableCell>
                <TableCell className="py-1.5">{anyAction ? <RowActions product={p} {...actions} /> : null}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <ul aria-label="Products" className="divide-y divide-slate-100 md:hidden">
        {products.map((p) => (
          <li key={p.id} className="space-y-2 px-4 py-3">
            <div className="flex items-start justify-between gap-2">
              <div className="min-w-0">
                <p className="break-words font-medium text-slate-900">{p.name}</p>
                <p className="mt-0.5 text-sm text-slate-600">
                  <TypeText product={p} />
                </p>
                <NameDetails product={p} />
              </div>
              {anyAction ? <RowActions product={p} {...actions} /> : null}
            </div>
            <dl className="grid grid-cols-3 gap-2 text-sm">
              <div>
                <dt className="text-xs text-slate-500">Price</dt>
                <dd>
                  <PriceText product={p} />
                </dd>
              </div>
              <div>
                <dt className="text-xs text-slate-500">Setup Fee</dt>
                <dd>
                  <SetupFeeText product={p} />
                </dd>
              </div>
              <div>
                <dt className="text-xs text-slate-500">Revenue Share</dt>
                <dd>{revenueShareText(p, formatMoney)}</dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}
