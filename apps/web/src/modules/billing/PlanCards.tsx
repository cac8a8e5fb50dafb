import type { TPaidPlan } from '@pennant/shared/billing/schemas';
import { isPremiumKey, PLAN_FEATURES, PLAN_PRICES, type TPlanState } from '@pennant/shared/organization/plans';
import { Check } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { cn } from '@/lib/cn';

function PlanCard(props: {
  name: string;
  blurb: string;
  price: string;
  per: string;
  note: string;
  features: readonly string[];
  current: boolean;
  featured?: boolean;
  action?: ReactNode;
}) {
  const titleId = useId();
  return (
    <article
      aria-labelledby={titleId}
      className={cn(
        'flex flex-col rounded-xl border bg-white p-5 shadow-sm sm:p-6',
        props.featured ? 'border-2 border-brand-600' : 'border-slate-200',
      )}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={titleId} className="text-lg font-semibold text-slate-900">
          {props.name}
        </h3>
        {props.current ? <Badge tone="brand">Current plan</Badge> : null}
      </div>
      <p className="mt-1 text-sm text-slate-600">{props.blurb}</p>
      <p className="mt-4 flex flex-wrap items-baseline gap-x-1.5">
        <span className="text-3xl font-bold tracking-tight text-slate-900">{props.price}</span>
        <span className="text-sm text-slate-500">{props.per}</span>
      </p>
      <p className="mt-1 text-sm text-slate-500">{props.note}</p>
      <ul aria-label={`${props.name} plan features`} className="mt-5 flex-1 space-y-2 text-sm text-slate-700">
        {props.features.map((feature) => (
          <li key={feature} className="flex items-start gap-2">
            <Check className="mt-0.5 h-4 w-4 shrink-0 text-green-600" aria-hidden /> {feature}
          </li>
        ))}
      </ul>
      {props.action ? <div className="mt-6">{props.action}</div> : null}
    </article>
  );
}

interface TPlanCardsProps {
  plan: TPlanState;
  /** Starts the checkout of the monthly or the yearly plan. */
  onCheckout: (planKey: TPaidPlan) => void;
  /** The plan whose checkout is being started, while it is. */
  pending?: TPaidPlan | null;
  /** False when the member's roles do not allow payments: the buttons are shown disabled with a note. */
  canPay?: boolean;
}

/**
 * The Free and Premium plan cards of Settings → Billing, printed from the plan matrix
 * (PLAN_FEATURES, PLAN_PRICES), the same one every gate asks. A free organization upgrades from
 * the Premium card, monthly or yearly.
 */
export function PlanCards({ plan, onCheckout, pending = null, canPay = true }: TPlanCardsProps) {
  const premium = isPremiumKey(plan.planKey);
  const month = PLAN_PRICES.premium_month;
  const year = PLAN_PRICES.premium_year;
  const busy = pending !== null;
  return (
    <div className="grid gap-4 md:grid-cols-2 md:gap-6">
      <PlanCard
        name="Free"
        blurb="For small clubs getting organized."
        price="$0"
        per="per month"
        note="Free forever"
        features={PLAN_FEATURES.free}
        current={!premium}
      />
      <PlanCard
        name="Premium"
        blurb="Everything a growing program needs."
        price={month.label}
        per={`per ${month.per}`}
        note={`Or ${year.label} per ${year.per} — save 2 months`}
        features={PLAN_FEATURES.premium}
        current={premium}
        featured
        action={
          premium ? null : (
            <div className="space-y-2">
              <Button
                className="w-full"
                onClick={() => onCheckout('premium_month')}
                disabled={!canPay || busy}
                aria-busy={pending === 'premium_month'}
                data-plan="premium_month"
              >
                {pending === 'premium_month' ? 'Starting checkout…' : `Upgrade Monthly — ${month.label}/${month.per}`}
              </Button>
              <Button
                className="w-full"
                variant="outline"
                onClick={() => onCheckout('premium_year')}
                disabled={!canPay || busy}
                aria-busy={pending === 'premium_year'}
              >
                {pending === 'premium_year' ? 'Starting checkout…' : `Upgrade Yearly — ${year.label}/${year.per}`}
              </Button>
              {canPay ? null : (
                <p className="text-xs text-slate-500">Only the owner or a member with the payment right can upgrade.</p>
              )}
            </div>
          )
        }
      />
    </div>
  );
}
