import {
  DONATION_FILTERS,
  FUNDRAISING_MESSAGES,
  type TDonationFilter,
  type TDonationRow,
} from '@pennant/shared/fundraising/schemas';
import { formatMoney } from '@pennant/shared/money';
import { Download, ExternalLink, HandCoins } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Button, buttonClasses } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/EmptyState';
import { ErrorState } from '@/components/ui/ErrorState';
import { Loading } from '@/components/ui/Spinner';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '@/components/ui/Table';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format';
import { donationExportHref, flattenDonations, useCampaignDonations } from '../fundraising-api';
import { DonationStatusBadge, FilterButtons } from './parts';

const FILTER_LABELS: Record<TDonationFilter, string> = { all: 'All', paid: 'Paid', pending: 'Pending' };

/** The payment in the provider's dashboard, under the connected account when it is known (§7.3). */
export function paymentDashboardUrl(paymentIntentId: string, accountId: string | null): string {
  const id = encodeURIComponent(paymentIntentId);
  return accountId
    ? `https://dashboard.stripe.com/${encodeURIComponent(accountId)}/payments/${id}`
    : `https://dashboard.stripe.com/payments/${id}`;
}

function DonationRow({
  donation: d,
  accountId,
  timeZone,
}: {
  donation: TDonationRow;
  accountId: string | null;
  timeZone: string;
}) {
  const donor = d.donorName ?? 'Anonymous';
  return (
    <TableRow data-status={d.status}>
      <TableCell className="hidden whitespace-nowrap text-slate-600 sm:table-cell">
        {formatDateTime(d.createdAt, timeZone)}
      </TableCell>
      <TableCell className="min-w-28">
        <p className="break-words font-medium text-slate-900">{donor}</p>
        {d.donorEmail ? <p className="break-all text-xs text-slate-500">{d.donorEmail}</p> : null}
        {d.playerName ? <p className="text-xs text-slate-500 md:hidden">For {d.playerName}</p> : null}
        <p className="text-xs text-slate-500 sm:hidden">{formatDateTime(d.createdAt, timeZone)}</p>
      </TableCell>
      <TableCell className="whitespace-nowrap text-right font-medium tabular-nums text-slate-900">
        {formatMoney(d.amountCents)}
        {/* Phones: the status sits under the amount. */}
        <span className="mt-1 block sm:hidden">
          <DonationStatusBadge status={d.status} />
        </span>
      </TableCell>
      <TableCell className="hidden sm:table-cell">
        <DonationStatusBadge status={d.status} />
      </TableCell>
      <TableCell className="hidden md:table-cell">{d.playerName ?? '—'}</TableCell>
      <TableCell className="text-right">
        {d.stripePaymentIntentId ? (
          <a
            href={paymentDashboardUrl(d.stripePaymentIntentId, accountId)}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 text-sm text-brand-700 hover:underline"
            aria-label={`View the ${formatMoney(d.amountCents)} payment from ${donor} in Stripe (opens in a new tab)`}
          >
            <ExternalLink className="h-4 w-4" aria-hidden /> <span className="hidden sm:inline">Stripe</span>
          </a>
        ) : (
          <span className="text-slate-500">—</span>
        )}
      </TableCell>
    </TableRow>
  );
}

/** An export as a link: the server writes the file (decisions.md, "Donation exports"); disabled while there is nothing to export. */
function ExportLink({ href, disabled, children }: { href: string; disabled: boolean; children: ReactNode }) {
  const content = (
    <>
      <Download className="h-4 w-4" aria-hidden /> {children}
    </>
  );
  if (disabled) {
    return (
      <Button variant="outline" size="sm" disabled>
        {content}
      </Button>
    );
  }
  return (
    <a href={href} download className={buttonClasses('outline', 'sm')}>
      {content}
    </a>
  );
}

/**
 * Donation Details (§2.5): the list (all, paid or pending, newest first) 20 at a time with 'Load
 * More Donations', each linked to the payment at the provider, and the two CSV exports of the
 * filter, written by the server.
 */
export function DonationDetailsTab({ campaignId, timeZone }: { campaignId: string; timeZone: string }) {
  const [filter, setFilter] = useState<TDonationFilter>('all');
  const list = useCampaignDonations(campaignId, filter);
  const { donations: rows, total, stripeAccountId } = flattenDonations(list.data);
  const nothing = list.isPending || list.isPlaceholderData || total === 0;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <FilterButtons
          label="Filter donations by status"
          options={DONATION_FILTERS.map((f) => ({ value: f, label: FILTER_LABELS[f] }))}
          value={filter}
          onChange={setFilter}
        />
        <div className="flex flex-wrap gap-2">
          <ExportLink href={donationExportHref(campaignId, filter, 'donations')} disabled={nothing}>
            Export Donations CSV
          </ExportLink>
          <ExportLink href={donationExportHref(campaignId, filter, 'donor-summary')} disabled={nothing}>
            Export Donor Summary
          </ExportLink>
        </div>
      </div>
      {list.isPending ? (
        <Loading>Loading donations...</Loading>
      ) : list.isError && !list.data ? (
        <ErrorState onRetry={() => void list.refetch()}>{FUNDRAISING_MESSAGES.detailsFailed}</ErrorState>
      ) : rows.length === 0 ? (
        <EmptyState icon={HandCoins} title="No donations found." className="p-6" />
      ) : (
        <Table aria-label="Donations" className={cn(list.isPlaceholderData && 'opacity-70 transition-opacity')}>
          <TableHead>
            <TableRow>
              <TableHeaderCell className="hidden sm:table-cell">Date</TableHeaderCell>
              <TableHeaderCell>Donor</TableHeaderCell>
              <TableHeaderCell className="text-right">Amount</TableHeaderCell>
              <TableHeaderCell className="hidden sm:table-cell">Status</TableHeaderCell>
              <TableHeaderCell className="hidden md:table-cell">Player</TableHeaderCell>
              <TableHeaderCell className="text-right">
                <span className="sr-only">Payment</span>
              </TableHeaderCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((d) => (
              <DonationRow key={d.id} donation={d} accountId={stripeAccountId} timeZone={timeZone} />
            ))}
          </TableBody>
        </Table>
      )}
      {rows.length > 0 ? (
        <div className="flex flex-col items-center gap-2 pt-1">
          <p className="text-xs text-slate-500">
            Showing {rows.length.toLocaleString('en-US')} of {total.toLocaleString('en-US')}{' '}
            {total === 1 ? 'donation' : 'donations'}
          </p>
          {list.hasNextPage ? (
            <Button variant="outline" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
              {list.isFetchingNextPage ? 'Loading...' : 'Load More Donations'}
            </Button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
