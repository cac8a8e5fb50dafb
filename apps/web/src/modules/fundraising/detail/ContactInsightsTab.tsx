import {
  FUNDRAISING_MESSAGES,
  INSIGHT_FILTERS,
  type TContactInsight,
  type TInsightFilter,
} from '@pennant/shared/fundraising/schemas';
import { formatMoney } from '@pennant/shared/money';
import { Users } from 'lucide-react';
import { useState } from 'react';
import { Card } from '@/components/ui/Card';
import { EmptyState } from '@/components/ui/EmptyState';
import { ErrorState } from '@/components/ui/ErrorState';
import { Loading } from '@/components/ui/Spinner';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '@/components/ui/Table';
import { formatDate } from '@/lib/format';
import { useContactInsights } from '../fundraising-api';
import { FilterButtons, Pager, ReminderStatusBadge, StatTile } from './parts';

const FILTER_LABELS: Record<TInsightFilter, string> = {
  all: 'All',
  eligible: 'Eligible',
  donated: 'Donated',
  opted_out: 'Opted out',
  no_email: 'No email',
};

/** The share of contacts sent the campaign e-mail, one decimal (the stats card's delivery rate). */
export function deliveryRate(emailsSent: number, totalContacts: number): number {
  return totalContacts > 0 ? Math.round((emailsSent / totalContacts) * 1000) / 10 : 0;
}

function InsightRow({ row: r, timeZone }: { row: TContactInsight; timeZone: string }) {
  return (
    <TableRow>
      <TableCell className="min-w-28">
        <p className="break-words font-medium text-slate-900">{r.name}</p>
        <p className="break-all text-xs text-slate-500 md:hidden">{r.email ?? 'No email'}</p>
        {/* Phones: the e-mailed and donation columns fold under the name. */}
        <p className="text-xs text-slate-500 sm:hidden">
          {r.receivedCampaignEmail ? 'E-mailed' : 'Not e-mailed'} · {r.donationsMade}{' '}
          {r.donationsMade === 1 ? 'donation' : 'donations'}
          {r.emailOptOut ? ' · Opted out' : ''}
        </p>
      </TableCell>
      <TableCell className="hidden break-all md:table-cell">{r.email ?? '—'}</TableCell>
      <TableCell className="hidden sm:table-cell">{r.receivedCampaignEmail ? 'Yes' : 'No'}</TableCell>
      <TableCell className="hidden text-right tabular-nums sm:table-cell">{r.donationsMade}</TableCell>
      <TableCell className="whitespace-nowrap text-right tabular-nums">{formatMoney(r.totalDonatedCents)}</TableCell>
      <TableCell className="hidden lg:table-cell">
        {r.emailOptOut ? (r.optOutAt ? `Yes (${formatDate(r.optOutAt, timeZone)})` : 'Yes') : 'No'}
      </TableCell>
      <TableCell>
        <ReminderStatusBadge status={r.reminderStatus} />
      </TableCell>
    </TableRow>
  );
}

/**
 * Contact Insights (§2.5): who was e-mailed, who gave, who opted out, and whether reminders still
 * go to them; filtered and paged by the server, 10 rows a page.
 */
export function ContactInsightsTab({ campaignId, timeZone }: { campaignId: string; timeZone: string }) {
  const [filter, setFilter] = useState<TInsightFilter>('all');
  const [page, setPage] = useState(1);
  const insights = useContactInsights(campaignId, filter, page);
  const data = insights.data;

  if (insights.isPending) return <Loading>Loading contact insights...</Loading>;
  if (insights.isError && !data) {
    return <ErrorState onRetry={() => void insights.refetch()}>{FUNDRAISING_MESSAGES.insightsFailed}</ErrorState>;
  }
  if (!data) return null;
  const totalPages = Math.max(1, Math.ceil(data.total / data.pageSize));
  const rate = deliveryRate(data.stats.emailsSent, data.stats.totalContacts);

  return (
    <div className="space-y-4">
      <Card className="p-4">
        <dl className="grid grid-cols-3 gap-3">
          <StatTile label="Contacts" value={data.stats.totalContacts} />
          <StatTile label="Emails Sent" value={data.stats.emailsSent} />
          <StatTile label="Delivery rate" value={`${rate}%`} />
        </dl>
      </Card>
      <FilterButtons
        label="Filter contacts"
        options={INSIGHT_FILTERS.map((f) => ({ value: f, label: FILTER_LABELS[f], count: data.counts[f] }))}
        value={filter}
        onChange={(f) => {
          setFilter(f);
          setPage(1);
        }}
      />
      {insights.isError ? (
        <ErrorState onRetry={() => void insights.refetch()}>{FUNDRAISING_MESSAGES.insightsFailed}</ErrorState>
      ) : data.rows.length === 0 ? (
        <EmptyState icon={Users} title="No contacts match this filter." className="p-6" />
      ) : (
        <>
          <Table aria-label="Contact insights" aria-busy={insights.isPlaceholderData}>
            <TableHead>
              <TableRow>
                <TableHeaderCell>Name</TableHeaderCell>
                <TableHeaderCell className="hidden md:table-cell">Email</TableHeaderCell>
                <TableHeaderCell className="hidden sm:table-cell">E-mailed</TableHeaderCell>
                <TableHeaderCell className="hidden text-right sm:table-cell">Donations</TableHeaderCell>
                <TableHeaderCell className="text-right">
                  <span className="sm:hidden">Given</span>
                  <span className="hidden sm:inline">Total Donated</span>
                </TableHeaderCell>
                <TableHeaderCell className="hidden lg:table-cell">Opted Out</TableHeaderCell>
                <TableHeaderCell>Reminders</TableHeaderCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.rows.map((r) => (
                <InsightRow key={r.contactId} row={r} timeZone={timeZone} />
              ))}
            </TableBody>
          </Table>
          <p className="text-center text-xs text-slate-500">
            Showing {(data.page - 1) * data.pageSize + 1}–{(data.page - 1) * data.pageSize + data.rows.length} of{' '}
            {data.total}
          </p>
          <Pager label="Contact insights pages" page={page} totalPages={totalPages} onPage={setPage} />
        </>
      )}
    </div>
  );
}
