import { campaignLengthDays, showLastUpdated } from '@pennant/shared/fundraising/rules';
import { CAMPAIGN_TYPE_LABELS, type TCampaignDetail } from '@pennant/shared/fundraising/schemas';
import { formatMoney } from '@pennant/shared/money';
import { Activity, CalendarDays, type LucideIcon, Target, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/Card';
import { formatDate } from '@/lib/format';
import { formatDay } from '../../agreements/parts';
import { campaignStatusLabel } from '../list/CampaignRows';

/** 'Goal per Player' for player campaigns (the goal is each player's, §9), 'Total Goal' for alumni. */
export const goalLabel = (c: Pick<TCampaignDetail, 'campaignType'>) =>
  c.campaignType === 'player' ? 'Goal per Player' : 'Total Goal';

const goalText = (cents: number | null) => (cents === null ? 'No goal' : formatMoney(cents, true));
const day = (value: string) => formatDay(value.slice(0, 10));

function SummaryCard({
  icon: Icon,
  title,
  value,
  hint,
}: {
  icon: LucideIcon;
  title: string;
  value: ReactNode;
  hint?: ReactNode;
}) {
  return (
    <Card className="min-w-0 p-4">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-sm font-medium text-slate-600">{title}</h2>
        <Icon className="h-4 w-4 shrink-0 text-slate-400" aria-hidden />
      </div>
      <p className="mt-1 break-words text-xl font-semibold text-slate-900">{value}</p>
      {hint ? <p className="mt-0.5 break-words text-xs text-slate-500">{hint}</p> : null}
    </Card>
  );
}

/** The four cards (§2.4): Goal, Duration, Players or Contacts, Status. */
export function CampaignCards({ campaign: c }: { campaign: TCampaignDetail }) {
  const days = campaignLengthDays(c.startsAt.slice(0, 10), c.endsAt.slice(0, 10));
  return (
    <section aria-label="Campaign summary" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <SummaryCard icon={Target} title="Goal" value={goalText(c.goalCents)} hint={goalLabel(c)} />
      <SummaryCard
        icon={CalendarDays}
        title="Duration"
        value={days === null ? '—' : `${days} ${days === 1 ? 'day' : 'days'}`}
        hint={`${day(c.startsAt)} – ${day(c.endsAt)}`}
      />
      {c.campaignType === 'player' ? (
        <SummaryCard icon={Users} title="Players" value={c.players.length} hint="Player campaign" />
      ) : (
        <SummaryCard icon={Users} title="Contacts" value={c.contactCount} hint="Alumni campaign" />
      )}
      <SummaryCard
        icon={Activity}
        title="Status"
        value={c.status === 'sent' ? 'Campaign Active' : campaignStatusLabel(c.status)}
      />
    </section>
  );
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5 py-2">
      <dt className="text-sm text-slate-600">{term}</dt>
      <dd className="text-sm font-medium text-slate-900">{children}</dd>
    </div>
  );
}

/** The Campaign Details card; last updated only when it is more than 60 s after created (§2.4). */
export function CampaignDetailsCard({ campaign: c, timeZone }: { campaign: TCampaignDetail; timeZone: string }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Campaign Details</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="divide-y divide-slate-100">
          <Row term="Type">{CAMPAIGN_TYPE_LABELS[c.campaignType]}</Row>
          <Row term="Created">{formatDate(c.createdAt, timeZone)}</Row>
          {showLastUpdated(c.createdAt, c.updatedAt) ? (
            <Row term="Last Updated">{formatDate(c.updatedAt, timeZone)}</Row>
          ) : null}
          <Row term="Start Date">{day(c.startsAt)}</Row>
          <Row term="End Date">{day(c.endsAt)}</Row>
          <Row term={goalLabel(c)}>{goalText(c.goalCents)}</Row>
        </dl>
      </CardContent>
    </Card>
  );
}
