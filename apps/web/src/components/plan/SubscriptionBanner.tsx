import { subscriptionBanner, type TPlanState } from '@pennant/shared/organization/plans';
import { AlertTriangle, CalendarClock, Crown, Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/Button';
import { ButtonLink } from '@/components/ui/ButtonLink';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/format';
import { useSession } from '@/lib/session';
import { BILLING_TAB_URL } from './UpgradeDialog';

interface TSubscriptionBannerProps {
  plan: TPlanState;
  /** Free: the upgrade prompt's button. */
  onUpgrade: () => void;
  /**
   * Premium: Manage Subscription, Reactivate or Resolve Now. Without it the button is a link to
   * Settings → Billing (as on the dashboard).
   */
  onManage?: () => void;
}

const TONES = {
  info: 'border-brand-100 bg-brand-50 text-slate-800',
  upgrade: 'border-amber-200 bg-gradient-to-r from-amber-50 via-white to-brand-50 text-slate-800',
  warning: 'border-amber-300 bg-amber-50 text-amber-950',
  danger: 'border-red-300 bg-red-50 text-red-950',
} as const;

function Banner(props: { tone: keyof typeof TONES; icon: ReactNode; title: string; text: string; action: ReactNode }) {
  return (
    <section
      aria-labelledby="subscription-banner-title"
      className={cn(
        'flex flex-col gap-3 rounded-xl border p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between sm:p-5',
        TONES[props.tone],
      )}
    >
      <div className="flex min-w-0 items-start gap-3">
        <span className="mt-0.5 shrink-0">{props.icon}</span>
        <div className="min-w-0 space-y-1">
          <h2 id="subscription-banner-title" className="text-base font-semibold">
            {props.title}
          </h2>
          <p className="text-sm opacity-90">{props.text}</p>
        </div>
      </div>
      <div className="shrink-0">{props.action}</div>
    </section>
  );
}

/**
 * The plan banner (spec §4 'Subscription banner'): free shows an upgrade prompt; active premium
 * 'renews on {date}' and Manage Subscription; canceled with a future end 'Premium active until
 * {date}' and Reactivate; any other status 'Subscription payment past due' (or the status) and
 * 'Resolve Now'.
 */
export function SubscriptionBanner({ plan, onUpgrade, onManage }: TSubscriptionBannerProps) {
  const { timezone } = useSession();
  const state = subscriptionBanner(plan);
  const action = (label: string, variant: 'primary' | 'outline' | 'danger') =>
    onManage ? (
      <Button variant={variant} onClick={onManage}>
        {label}
      </Button>
    ) : (
      <ButtonLink to={BILLING_TAB_URL} variant={variant}>
        {label}
      </ButtonLink>
    );

  switch (state.kind) {
    case 'free':
      return (
        <Banner
          tone="upgrade"
          icon={<Sparkles className="h-5 w-5 text-amber-500" aria-hidden />}
          title="You are on the Free plan"
          text="Upgrade to Premium for unlimited sponsors and team members, invoicing and card processing."
          action={<Button onClick={onUpgrade}>Upgrade to Premium</Button>}
        />
      );
    case 'active':
      return (
        <Banner
          tone="info"
          icon={<Crown className="h-5 w-5 text-brand-700" aria-hidden />}
          title="Premium"
          text={
            state.renewsOn
              ? `Your Premium plan renews on ${formatDate(state.renewsOn, timezone)}.`
              : 'Your Premium plan is active.'
          }
          action={action('Manage Subscription', 'outline')}
        />
      );
    case 'canceled':
      return (
        <Banner
          tone="warning"
          icon={<CalendarClock className="h-5 w-5 text-amber-700" aria-hidden />}
          title={`Premium active until ${formatDate(state.activeUntil, timezone)}`}
          text="Your subscription is canceled. Reactivate it to keep Premium after that date."
          action={action('Reactivate', 'primary')}
        />
      );
    case 'attention':
      return (
        <Banner
          tone="danger"
          icon={<AlertTriangle className="h-5 w-5 text-red-600" aria-hidden />}
          title={state.title}
          text="Premium features are paused until the subscription is settled. Your data is safe."
          action={action('Resolve Now', 'danger')}
        />
      );
  }
}
