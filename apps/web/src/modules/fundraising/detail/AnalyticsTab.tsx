import { FUNDRAISING_LIMITS, FUNDRAISING_MESSAGES, type TDonationAnalytics } from '@pennant/shared/fundraising/schemas';
import { formatMoney } from '@pennant/shared/money';
import { BarChart3, Trophy } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/EmptyState';
import { ErrorState } from '@/components/ui/ErrorState';
import { Loading } from '@/components/ui/Spinner';
import { formatDay } from '../../agreements/parts';
import { useDonationAnalytics } from '../fundraising-api';
import { StatTile } from './parts';

const donationsText = (n: number) => `${n} ${n === 1 ? 'donation' : 'donations'}`;

/**
 * The paid donations by local date as columns. Each day is a list item that says its figures to
 * a screen reader (the bars are decoration) and on hover; a light chart is enough for a month or
 * two of days, and keeps the page free of a charting library.
 */
export function DonationTimeline({ timeline }: { timeline: TDonationAnalytics['timeline'] }) {
  if (timeline.length === 0) return null;
  const max = Math.max(...timeline.map((d) => d.amountCents), 1);
  const first = timeline[0];
  const last = timeline.at(-1);
  return (
    <figure className="space-y-2">
      <figcaption className="text-sm font-medium text-slate-900">Donation Timeline</figcaption>
      <ol
        aria-label="Donations by day"
        className="flex h-40 items-end gap-1 overflow-x-auto border-b border-slate-200 pb-px"
      >
        {timeline.map((d) => {
          const text = `${formatDay(d.date)}: ${formatMoney(d.amountCents)} from ${donationsText(d.count)}`;
          return (
            <li key={d.date} title={text} className="flex h-full min-w-2 max-w-10 flex-1 items-end">
              <span className="sr-only">{text}</span>
              <span
                aria-hidden
                className="w-full rounded-t bg-brand-500 hover:bg-brand-700"
                style={{ height: `${Math.max(2, Math.round((d.amountCents / max) * 100))}%` }}
              />
            </li>
          );
        })}
      </ol>
      {first && last ? (
        <div aria-hidden className="flex justify-between text-xs text-slate-500">
          <span>{formatDay(first.date)}</span>
          {last.date !== first.date ? <span>{formatDay(last.date)}</span> : null}
        </div>
      ) : null}
    </figure>
  );
}

/** The top donors: up to 10 held, 5 shown, the rest behind '+N more donors' (§2.5). */
export function TopDonors({ donors }: { donors: TDonationAnalytics['topDonors'] }) {
  const [expanded, setExpanded] = useState(false);
  const held = donors.slice(0, FUNDRAISING_LIMITS.topDonorsHeld);
  const shown = expanded ? held : held.slice(0, FUNDRAISING_LIMITS.topDonorsShown);
  const more = held.length - FUNDRAISING_LIMITS.topDonorsShown;
  return (
    <section aria-labelledby="top-donors-heading" className="space-y-2">
      <h3 id="top-donors-heading" className="flex items-center gap-2 text-sm font-medium text-slate-900">
        <Trophy className="h-4 w-4 text-amber-500" aria-hidden /> Top Donors
      </h3>
      {held.length === 0 ? (
        <p className="text-sm text-slate-600">No paid donations yet.</p>
      ) : (
        <ol aria-label="Top donors" className="divide-y divide-slate-100 rounded-lg border border-slate-200">
          {shown.map((d, i) => (
            <li key={d.key} className="flex items-center justify-between gap-3 px-3 py-2">
              <div className="min-w-0">
                <p className="break-words text-sm font-medium text-slate-900">
                  <span className="mr-2 text-slate-500">{i + 1}.</span>
                  {d.name}
                </p>
                {d.email ? <p className="break-all text-xs text-slate-500">{d.email}</p> : null}
              </div>
              <div className="shrink-0 text-right">
                <p className="text-sm font-semibold tabular-nums text-slate-900">{formatMoney(d.totalCents)}</p>
                <p className="text-xs text-slate-500">{donationsText(d.donationCount)}</p>
              </div>
            </li>
          ))}
        </ol>
      )}
      {more > 0 ? (
        <Button
          variant="link"
          size="sm"
          className="px-0"
          aria-expanded={expanded}
          onClick={() => setExpanded((v) => !v)}
        >
          {expanded ? 'Show top 5 only' : `+${more} more donors`}
        </Button>
      ) : null}
    </section>
  );
}

/** Analytics (§2.5): totals from paid donations, the timeline by local date, the top donors. */
export function AnalyticsTab({ campaignId }: { campaignId: string }) {
  const analytics = useDonationAnalytics(campaignId);
  if (analytics.isPending) return <Loading>Loading donation analytics...</Loading>;
  if (analytics.isError || !analytics.data) {
    return <ErrorState onRetry={() => void analytics.refetch()}>{FUNDRAISING_MESSAGES.analyticsFailed}</ErrorState>;
  }
  const a = analytics.data;
  return (
    <div className="space-y-5">
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <StatTile label="Total Raised" value={formatMoney(a.totalRaisedCents)} />
        <StatTile label="Donations" value={a.donationCount} />
        <StatTile label="Donors" value={a.donorCount} />
        <StatTile label="Average Donation" value={formatMoney(a.averageDonationCents)} />
      </dl>
      {a.timeline.length === 0 ? (
        <EmptyState icon={BarChart3} title="No paid donations yet." className="p-6">
          The timeline fills in as donations are paid.
        </EmptyState>
      ) : (
        <DonationTimeline timeline={a.timeline} />
      )}
      <TopDonors donors={a.topDonors} />
    </div>
  );
}
