import { BILLING_MESSAGES, type TPaidPlan } from '@pennant/shared/billing/schemas';
import { toast } from 'sonner';
import { SubscriptionBanner } from '@/components/plan/SubscriptionBanner';
import { useCurrentPlan } from '@/components/plan/usePlan';
import { ApiError, errorMessage } from '@/lib/api';
import { useSession } from '@/lib/session';
import { useCreateCheckout, useOpenBillingPortal } from './billing-api';
import { PlanCards } from './PlanCards';

const PLANS_ID = 'billing-plans';

/** The browser leaves for the payment provider's page (checkout or portal). */
function goTo(url: string): void {
  window.location.assign(url);
}

/** The free banner's upgrade button brings the Premium card's checkout buttons into view. */
function showPlans(): void {
  const section = document.getElementById(PLANS_ID);
  section?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  section?.querySelector<HTMLButtonElement>('button[data-plan="premium_month"]')?.focus({ preventScroll: true });
}

/**
 * Settings → Billing (spec §2): the plan banner plus the Free and Premium plan cards. Upgrading
 * starts a checkout (monthly or yearly) and sends the browser to the payment page; Manage
 * Subscription, Reactivate and Resolve Now open the payment provider's billing portal. The plan
 * itself is refetched every minute and on the 'billing' realtime topic, so a webhook's change shows.
 */
export function BillingTab() {
  const plan = useCurrentPlan();
  const canPay = useSession().permissions.payment;

  const checkout = useCreateCheckout({
    onSuccess: ({ url }) => {
      if (!url) {
        toast.error(BILLING_MESSAGES.checkoutErrorTitle, { description: BILLING_MESSAGES.noCheckoutUrl });
        return;
      }
      goTo(url);
    },
    onError: (err) =>
      toast.error(BILLING_MESSAGES.checkoutErrorTitle, {
        description: errorMessage(err, BILLING_MESSAGES.noCheckoutUrl),
      }),
  });

  const portal = useOpenBillingPortal({
    onSuccess: ({ url }) => {
      if (!url) {
        toast.error(BILLING_MESSAGES.portalFailed);
        return;
      }
      goTo(url);
    },
    onError: (err) =>
      toast.error(BILLING_MESSAGES.portalFailed, {
        description:
          err instanceof ApiError && err.status === 409
            ? BILLING_MESSAGES.noCustomer
            : errorMessage(err, 'Please try again.'),
      }),
  });

  const startCheckout = (planKey: TPaidPlan) => {
    if (checkout.isPending) return;
    checkout.mutate(planKey);
  };
  const openPortal = () => {
    if (portal.isPending) return;
    portal.mutate();
  };

  return (
    <div className="space-y-6">
      <SubscriptionBanner plan={plan} onUpgrade={showPlans} onManage={openPortal} />
      <section id={PLANS_ID} aria-labelledby="plans-title" className="scroll-mt-6 space-y-4">
        <h2 id="plans-title" className="text-lg font-semibold text-slate-900">
          Plans
        </h2>
        <PlanCards
          plan={plan}
          onCheckout={startCheckout}
          pending={checkout.isPending ? (checkout.variables ?? null) : null}
          canPay={canPay}
        />
      </section>
    </div>
  );
}
