import { progressBarPercent } from '@pennant/shared/fundraising/rules';
import { FUNDRAISING_MESSAGES, type TPlayerProgress } from '@pennant/shared/fundraising/schemas';
import { formatMoney } from '@pennant/shared/money';
import { CheckCircle2, Users } from 'lucide-react';
import { Badge } from '@/components/ui/Badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/Card';
import { EmptyState } from '@/components/ui/EmptyState';
import { ErrorState } from '@/components/ui/ErrorState';
import { Progress } from '@/components/ui/Progress';
import { Skeleton } from '@/components/ui/Skeleton';
import { useCampaignProgress, usePlayerProgress } from '../fundraising-api';
import { StatTile } from './parts';

/** A player is at goal at 100% or more (§9). */
const atGoal = (p: Pick<TPlayerProgress, 'goalCents' | 'progressPercentage'>) =>
  p.goalCents !== null && p.goalCents > 0 && p.progressPercentage >= 100;

function PlayerCard({ player: p }: { player: TPlayerProgress }) {
  const reached = atGoal(p);
  return (
    <li>
      <Card className="h-full p-4" data-testid="player-progress">
        <div className="flex items-start justify-between gap-2">
          <h3 className="min-w-0 break-words font-medium text-slate-900">{p.name}</h3>
          {reached ? (
            <Badge tone="success" className="gap-1">
              <CheckCircle2 className="h-3.5 w-3.5" aria-hidden /> At goal
            </Badge>
          ) : null}
        </div>
        <p className="mt-2 text-2xl font-semibold tabular-nums text-slate-900">{formatMoney(p.raisedCents)}</p>
        <p className="text-sm text-slate-600">
          {p.goalCents === null ? 'No goal set' : `of ${formatMoney(p.goalCents, true)} goal`}
        </p>
        <div className="mt-3 flex items-baseline justify-between gap-2 text-xs text-slate-600">
          <span>
            {p.contactCount} {p.contactCount === 1 ? 'contact' : 'contacts'}
          </span>
          <span className="font-medium tabular-nums">{p.progressPercentage}%</span>
        </div>
        <Progress
          value={progressBarPercent(p.progressPercentage)}
          aria-label={`${p.name}: ${p.progressPercentage}% of goal`}
          className="mt-1 h-2"
          indicatorClassName={reached ? 'bg-green-600' : undefined}
        />
      </Card>
    </li>
  );
}

function ProgressSkeleton({ label }: { label: string }) {
  return (
    <div aria-busy="true" className="space-y-3">
      <p role="status" className="sr-only">
        {label}
      </p>
      <Skeleton className="h-16" />
      <div className="grid gap-3 sm:grid-cols-2">
        <Skeleton className="h-36" />
        <Skeleton className="h-36" />
      </div>
    </div>
  );
}

/**
 * Player campaigns (§2.4): the overview (raised, players at goal) and a card per player. The
 * figures refetch every minute and at once when a donation arrives (the realtime topic).
 */
export function PlayerProgressSection({ campaignId }: { campaignId: string }) {
  const progress = usePlayerProgress(campaignId);
  const players = progress.data?.players ?? [];
  const raised = players.reduce((sum, p) => sum + p.raisedCents, 0);
  const reached = players.filter(atGoal).length;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Player Progress</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {progress.isPending ? (
          <ProgressSkeleton label="Loading player progress..." />
        ) : progress.isError && !progress.data ? (
          <ErrorState onRetry={() => void progress.refetch()}>{FUNDRAISING_MESSAGES.playerProgressFailed}</ErrorState>
        ) : players.length === 0 ? (
          <EmptyState icon={Users} title="No players in this campaign yet." className="p-6" />
        ) : (
          <>
            <dl className="grid grid-cols-2 gap-3">
              <StatTile label="Total Raised" value={formatMoney(raised)} />
              <StatTile label="Players at Goal" value={`${reached} of ${players.length}`} />
            </dl>
            <ul aria-label="Players" className="grid gap-3 sm:grid-cols-2">
              {players.map((p) => (
                <PlayerCard key={p.id} player={p} />
              ))}
            </ul>
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** Alumni campaigns: the paid total against the campaign's goal. */
export function CampaignProgressCard({ campaignId }: { campaignId: string }) {
  const progress = useCampaignProgress(campaignId);
  const p = progress.data;
  const percentage = p?.progressPercentage ?? 0;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Campaign Progress</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {progress.isPending ? (
          <ProgressSkeleton label="Loading campaign progress..." />
        ) : progress.isError || !p ? (
          <ErrorState onRetry={() => void progress.refetch()}>{FUNDRAISING_MESSAGES.campaignProgressFailed}</ErrorState>
        ) : (
          <>
            <div>
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <p className="text-3xl font-semibold tabular-nums text-slate-900">{formatMoney(p.raisedCents)}</p>
                <p className="text-sm text-slate-600">
                  {p.goalCents === null ? 'No goal set' : `of ${formatMoney(p.goalCents, true)} goal · ${percentage}%`}
                </p>
              </div>
              {p.goalCents ? (
                <Progress
                  value={progressBarPercent(percentage)}
                  aria-label={`${percentage}% of goal raised`}
                  className="mt-2 h-3"
                  indicatorClassName={percentage >= 100 ? 'bg-green-600' : undefined}
                />
              ) : null}
            </div>
            <dl className="grid grid-cols-3 gap-3">
              <StatTile label="Donations" value={p.donationCount} />
              <StatTile label="Donors" value={p.donorCount} />
              <StatTile label="Contacts" value={p.contactCount} />
            </dl>
          </>
        )}
      </CardContent>
    </Card>
  );
}
