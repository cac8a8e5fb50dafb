import type { TPlanFeature } from '@pennant/shared/organization/plans';
import { Lock } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { cn } from '@/lib/cn';
import { UpgradeDialog } from './UpgradeDialog';
import { usePlanAllows } from './usePlan';

interface TPremiumGateProps {
  /** The plan matrix's feature that unlocks the content, e.g. 'cardProcessing'. */
  feature: TPlanFeature;
  /** What is locked, in words, e.g. 'Payment Setup'. */
  label: string;
  children: ReactNode;
  className?: string;
}

/**
 * Spec §4: premium features unlock only as the plan matrix says (premium, status active); otherwise an overlay
 * prompts an upgrade. The content stays visible behind the overlay but cannot be used.
 */
export function PremiumGate({ feature, label, children, className }: TPremiumGateProps) {
  const allowed = usePlanAllows(feature);
  const [open, setOpen] = useState(false);
  if (allowed) return <>{children}</>;
  return (
    <div className={cn('relative', className)}>
      <div inert className="pointer-events-none select-none opacity-40 blur-[1px]" aria-hidden>
        {children}
      </div>
      <div className="absolute inset-0 flex items-center justify-center p-4">
        <div className="flex max-w-sm flex-col items-center gap-3 rounded-xl border border-slate-200 bg-white/95 p-6 text-center shadow-lg">
          <span className="flex h-10 w-10 items-center justify-center rounded-full bg-amber-100 text-amber-700">
            <Lock className="h-5 w-5" aria-hidden />
          </span>
          <p className="text-base font-semibold text-slate-900">{label} is a Premium feature</p>
          <p className="text-sm text-slate-600">Upgrade to Premium to unlock it for your organization.</p>
          <Button onClick={() => setOpen(true)}>Upgrade to Premium</Button>
        </div>
      </div>
      <UpgradeDialog open={open} onOpenChange={setOpen} context="upgrade" />
    </div>
  );
}
