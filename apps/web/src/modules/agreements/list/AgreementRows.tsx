import { agreementNumber, isExpiredAgreement, isExpiringSoon } from '@pennant/shared/agreements/rules';
import { EXPIRING_BADGE, type TAgreementRow } from '@pennant/shared/agreements/schemas';
import { FilePlus2, MoreHorizontal, Receipt, RotateCcw, Trash2 } from 'lucide-react';
import type { MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/DropdownMenu';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '@/components/ui/Table';
import { cn } from '@/lib/cn';
import { AgreementStatusBadge, agreementValueText, formatDay } from '../parts';

export interface TAgreementRowRights {
  canCreate: boolean;
  canDelete: boolean;
}

interface TAgreementRowsProps {
  agreements: TAgreementRow[];
  /** The Deleted tab: rows offer Restore and Delete. */
  deletedTab: boolean;
  rights: TAgreementRowRights;
  today: string;
  onDelete: (agreement: TAgreementRow) => void;
  onRestore: (agreement: TAgreementRow) => void;
}

const detailPath = (a: TAgreementRow) => `/dashboard/agreements/${a.id}`;
/** The invoice form for an agreement, in the spec's own form of the link (§2). */
export const invoicePath = (a: Pick<TAgreementRow, 'id' | 'companyId'>) =>
  `/dashboard/invoices/new?agreementId=${a.id}&companyId=${a.companyId}&source=agreement`;
export const renewalPath = (a: Pick<TAgreementRow, 'companyId'>) => `/dashboard/quotes/new?company_id=${a.companyId}`;

/** A click on a control inside the row does what the control does, not open the agreement. */
function fromControl(e: MouseEvent): boolean {
  const target = e.target as HTMLElement;
  return Boolean(target.closest('a,button,[role="menuitem"],[role="menu"]'));
}

/** The agreements table (spec §2); Start and End Date give way below 768 px. */
export function AgreementRows({ agreements, deletedTab, rights, today, onDelete, onRestore }: TAgreementRowsProps) {
  const navigate = useNavigate();
  return (
    <Table aria-label="Agreements">
      <TableHead>
        <TableRow>
          <TableHeaderCell>Agreement #</TableHeaderCell>
          <TableHeaderCell>Company</TableHeaderCell>
          <TableHeaderCell className="hidden md:table-cell">Start Date</TableHeaderCell>
          <TableHeaderCell className="text-right">Value</TableHeaderCell>
          <TableHeaderCell className="hidden md:table-cell">End Date</TableHeaderCell>
          <TableHeaderCell className="hidden sm:table-cell">Status</TableHeaderCell>
          <TableHeaderCell className="text-right">Actions</TableHeaderCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {agreements.map((a) => {
          const expiring = !deletedTab && isExpiringSoon(a.status, a.endDate, today);
          const expired = isExpiredAgreement(a.status, a.endDate, today);
          const number = agreementNumber(a.id);
          return (
            <TableRow
              key={a.id}
              data-expiring={expiring || undefined}
              data-expired={expired || undefined}
              onClick={(e) => {
                if (!fromControl(e)) navigate(detailPath(a));
              }}
              className={cn(
                'cursor-pointer hover:bg-slate-50',
                expiring && 'bg-amber-50 hover:bg-amber-100/70',
                expired && 'opacity-60',
              )}
            >
              <TableCell className="whitespace-nowrap font-medium">
                <Link
                  to={detailPath(a)}
                  aria-label={number}
                  className="text-slate-900 hover:text-brand-700 hover:underline"
                >
                  {number.replace('Agreement ', '')}
                </Link>
              </TableCell>
              <TableCell className="max-w-56">
                <span className="block break-words">{a.companyName}</span>
                <span className="mt-0.5 block text-xs text-slate-500 md:hidden">
                  {formatDay(a.startDate)} – {formatDay(a.endDate)}
                </span>
                {/* On a phone the status column is hidden: its badges sit under the company. */}
                <span className="mt-1 flex flex-wrap items-center gap-1.5 sm:hidden">
                  <AgreementStatusBadge status={a.status} />
                  {expiring ? <Badge tone="warning">{EXPIRING_BADGE}</Badge> : null}
                </span>
              </TableCell>
              <TableCell className="hidden whitespace-nowrap md:table-cell">{formatDay(a.startDate)}</TableCell>
              <TableCell className="whitespace-nowrap text-right tabular-nums">
                {agreementValueText(a.valueCents)}
              </TableCell>
              <TableCell className="hidden whitespace-nowrap md:table-cell">{formatDay(a.endDate)}</TableCell>
              <TableCell className="hidden sm:table-cell">
                <span className="flex flex-wrap items-center gap-1.5">
                  <AgreementStatusBadge status={a.status} />
                  {expiring ? <Badge tone="warning">{EXPIRING_BADGE}</Badge> : null}
                </span>
              </TableCell>
              <TableCell className="text-right">
                <RowActions
                  agreement={a}
                  number={number}
                  deletedTab={deletedTab}
                  expiring={expiring}
                  rights={rights}
                  onDelete={onDelete}
                  onRestore={onRestore}
                />
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

function RowActions({
  agreement: a,
  number,
  deletedTab,
  expiring,
  rights,
  onDelete,
  onRestore,
}: {
  agreement: TAgreementRow;
  number: string;
  deletedTab: boolean;
  expiring: boolean;
  rights: TAgreementRowRights;
  onDelete: (agreement: TAgreementRow) => void;
  onRestore: (agreement: TAgreementRow) => void;
}) {
  const navigate = useNavigate();
  const deleted = deletedTab || a.deletedAt !== null;
  const canInvoice = !deleted && rights.canCreate && a.status === 'active';
  const canRenew = canInvoice && expiring;
  const canRestore = deleted && rights.canDelete;
  // A deleted agreement is only restored: Pennant never erases an agreement (see decisions.md).
  const canDelete = !deleted && rights.canDelete;
  if (!canInvoice && !canRestore && !canDelete) return <span className="text-slate-500">—</span>;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={`Actions for ${number}`} className="h-8 w-8">
          <MoreHorizontal className="h-4 w-4" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        {canInvoice ? (
          <DropdownMenuItem onSelect={() => navigate(invoicePath(a))}>
            <Receipt className="h-4 w-4" aria-hidden /> Create Invoice
          </DropdownMenuItem>
        ) : null}
        {canRenew ? (
          <DropdownMenuItem onSelect={() => navigate(renewalPath(a))}>
            <FilePlus2 className="h-4 w-4" aria-hidden /> Create Renewal Quote
          </DropdownMenuItem>
        ) : null}
        {canRestore ? (
          <DropdownMenuItem onSelect={() => onRestore(a)}>
            <RotateCcw className="h-4 w-4" aria-hidden /> Restore
          </DropdownMenuItem>
        ) : null}
        {canDelete ? (
          <>
            {canInvoice || canRestore ? <DropdownMenuSeparator /> : null}
            <DropdownMenuItem danger onSelect={() => onDelete(a)}>
              <Trash2 className="h-4 w-4" aria-hidden /> Delete
            </DropdownMenuItem>
          </>
        ) : null}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
