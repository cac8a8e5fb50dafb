import { FREE_LIMITS, PLAN_PRICES } from '@pennant/shared/plans';
import { Check, Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';

interface TUpgradeDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Why the dialog opened, e.g. the server's plan-limit message. */
  reason?: string;
}

const PREMIUM_PERKS = [
  'Unlimited sponsors and team members',
  'Invoicing and card processing',
  'Advanced reporting and custom templates',
  'Fundraising campaigns and AI assistance',
];

/** Spec §5: over a plan limit, the 'Upgrade Your Plan' dialog shows ('Billing system upgrade in progress'). */
export function UpgradeDialog({ open, onOpenChange, reason }: TUpgradeDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Upgrade Your Plan"
      description={reason ?? 'You have reached a limit of the Free plan.'}
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Not Now
          </Button>
          <Link
            to="/dashboard/settings?tab=billing"
            className={buttonClasses('primary')}
            onClick={() => onOpenChange(false)}
          >
            View Plans & Billing
          </Link>
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
          The Free plan includes up to {FREE_LIMITS.activeSponsors} sponsors and {FREE_LIMITS.teamMembers} team member.
          Premium ({PLAN_PRICES.premium_month.label} a month or {PLAN_PRICES.premium_year.label} a year) adds:
        </p>
        <ul className="space-y-1.5">
          {PREMIUM_PERKS.map((perk) => (
            <li key={perk} className="flex items-center gap-2">
              <Check className="h-4 w-4 text-green-600" aria-hidden /> {perk}
            </li>
          ))}
        </ul>
      </div>
    </Dialog>
  );
}
