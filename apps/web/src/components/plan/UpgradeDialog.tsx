import { FREE_LIMITS, PLAN_FEATURES, PLAN_PRICES, teamMembersLabel } from '@pennant/shared/organization/plans';
import { Check, Sparkles } from 'lucide-react';
import { useLocation } from 'react-router';
import { Button } from '@/components/ui/Button';
import { ButtonLink } from '@/components/ui/ButtonLink';
import { Dialog } from '@/components/ui/Dialog';
import { type TUpgradeContext, upgradeDescription } from './upgrade-copy';

export const BILLING_TAB_URL = '/dashboard/settings?tab=billing';

interface TUpgradeDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** 'upgrade' unless a limit was hit. */
  context?: TUpgradeContext;
  /** The message of the limit that was hit or the feature that is locked, e.g. the server's plan-limit message. */
  reason?: string;
}

function onBillingTab(pathname: string, search: string): boolean {
  return pathname === '/dashboard/settings' && new URLSearchParams(search).get('tab') === 'billing';
}

/** Spec §5: over a plan limit, the 'Upgrade Your Plan' dialog shows ('Billing system upgrade in progress'). */
export function UpgradeDialog({ open, onOpenChange, context = 'upgrade', reason }: TUpgradeDialogProps) {
  const location = useLocation();
  const showPlansLink = !onBillingTab(location.pathname, location.search);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Upgrade Your Plan"
      description={upgradeDescription(context, reason)}
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Not Now
          </Button>
          {showPlansLink ? (
            <ButtonLink to={BILLING_TAB_URL} variant="primary" onClick={() => onOpenChange(false)}>
              View Plans & Billing
            </ButtonLink>
          ) : null}
        </>
      }
    >
      <div className="space-y-4 text-sm text-slate-700">
        <p
          role="status"
          className="flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-amber-900"
        >
          <Sparkles className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          <span>
            <strong className="font-semibold">Billing system upgrade in progress.</strong> Online upgrades will be back
            shortly; your data is safe and nothing is lost.
          </span>
        </p>
        <p>
          The Free plan includes up to {FREE_LIMITS.activeSponsors} active sponsors and{' '}
          {teamMembersLabel(FREE_LIMITS.teamMembers)}. Premium ({PLAN_PRICES.premium_month.label} a month or{' '}
          {PLAN_PRICES.premium_year.label} a year) adds:
        </p>
        <ul aria-label="Premium features" className="grid gap-x-4 gap-y-1.5 sm:grid-cols-2">
          {PLAN_FEATURES.premium.map((feature) => (
            <li key={feature} className="flex items-center gap-2">
              <Check className="h-4 w-4 shrink-0 text-green-600" aria-hidden /> {feature}
            </li>
          ))}
        </ul>
      </div>
    </Dialog>
  );
}
