import { teamSeatsUsed, usageTone } from '@pennant/shared/organization/plans';
import type { TPlanReply } from '@pennant/shared/organization/schemas';
import { Sparkles } from 'lucide-react';
import { Button } from '@/components/ui/Button';
import { Progress } from '@/components/ui/Progress';
import { Skeleton } from '@/components/ui/Skeleton';

function UsageBar({ label, used, limit, note }: { label: string; used: number; limit: number; note?: string }) {
  const warning = usageTone(used, limit) === 'warning';
  return (
    <div className="space-y-1.5">
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <span className="font-medium text-slate-800">{label}</span>
        <span className={warning ? 'font-semibold text-orange-700' : 'text-slate-600'}>
          {used} of {limit}
        </span>
      </div>
      <Progress
        aria-label={`${label} used`}
        value={limit > 0 ? (used / limit) * 100 : 0}
        indicatorClassName={warning ? 'bg-orange-500' : 'bg-brand-600'}
      />
      {note ? <p className="text-xs text-slate-500">{note}</p> : null}
    </div>
  );
}

/** The free-plan banner: 'Upgrade to Premium' with sponsor and team usage (orange from 80%). */
export function PlanUsageBanner({ plan, onUpgrade }: { plan: TPlanReply | undefined; onUpgrade: () => void }) {
  const seats = plan ? teamSeatsUsed(plan.usage) : 0;
  const pending = plan?.usage.pendingInvites ?? 0;
  return (
    <section
      aria-labelledby="upgrade-banner-title"
      className="rounded-xl border border-amber-200 bg-gradient-to-r from-amber-50 via-white to-brand-50 p-4 shadow-sm sm:p-5"
    >
      <div className="grid gap-5 lg:grid-cols-[minmax(0,1.2fr)_minmax(0,1fr)_minmax(0,1fr)] lg:items-center">
        <div className="space-y-2">
          <h2 id="upgrade-banner-title" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
            <Sparkles className="h-5 w-5 text-amber-500" aria-hidden /> Upgrade to Premium
          </h2>
          <p className="text-sm text-slate-600">
            Unlimited sponsors and teammates, invoicing, card payments and finance reports.
          </p>
          <Button size="sm" onClick={onUpgrade}>
            See Premium
          </Button>
        </div>
        {plan ? (
          <>
            {plan.usage.sponsorLimit !== null ? (
              <UsageBar label="Sponsors" used={plan.usage.activeSponsors} limit={plan.usage.sponsorLimit} />
            ) : null}
            {plan.usage.teamLimit !== null ? (
              <UsageBar
                label="Team members"
                used={seats}
                limit={plan.usage.teamLimit}
                note={pending > 0 ? `Includes ${pending} pending invite${pending === 1 ? '' : 's'}` : undefined}
              />
            ) : null}
          </>
        ) : (
          <>
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
          </>
        )}
      </div>
    </section>
  );
}
