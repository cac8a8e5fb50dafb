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

/**
 * The Free and Premium plan cards of Settings → Billing, printed from the plan matrix
 * (PLAN_FEATURES, PLAN_PRICES), the same one every gate asks.
 */
export function PlanCards({ plan, onUpgrade }: { plan: TPlanState; onUpgrade: () => void }) {
  const premium = isPremiumKey(plan.planKey);
  const month = PLAN_PRICES.premium_month;
  const year = PLAN_PRICES.premium_year;
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
            <Button className="w-full" onClick={onUpgrade}>
              Upgrade to Premium
            </Button>
          )
        }
      />
    </div>
  );
}
