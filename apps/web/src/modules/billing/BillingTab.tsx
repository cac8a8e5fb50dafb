import { useState } from 'react';
import { SubscriptionBanner } from '@/components/plan/SubscriptionBanner';
import { UpgradeDialog } from '@/components/plan/UpgradeDialog';
import { useCurrentPlan } from '@/components/plan/usePlan';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { PlanCards } from './PlanCards';

/**
 * Settings → Billing (spec §2): the plan banner plus the Free and Premium plan cards. Checkout and
 * the billing portal arrive with the payments issue; until then their buttons say so.
 */
export function BillingTab() {
  const plan = useCurrentPlan();
  const [upgradeOpen, setUpgradeOpen] = useState(false);
  const [manageOpen, setManageOpen] = useState(false);
  return (
    <div className="space-y-6">
      <SubscriptionBanner plan={plan} onUpgrade={() => setUpgradeOpen(true)} onManage={() => setManageOpen(true)} />
      <section aria-labelledby="plans-title" className="space-y-4">
        <h2 id="plans-title" className="text-lg font-semibold text-slate-900">
          Plans
        </h2>
        <PlanCards plan={plan} onUpgrade={() => setUpgradeOpen(true)} />
      </section>
      <UpgradeDialog open={upgradeOpen} onOpenChange={setUpgradeOpen} context="upgrade" />
      <Dialog
        open={manageOpen}
        onOpenChange={setManageOpen}
        title="Manage Subscription"
        description="Billing system upgrade in progress."
        footer={<Button onClick={() => setManageOpen(false)}>Close</Button>}
      >
        <p className="text-sm text-slate-700">
          Online billing will be back shortly. Your subscription and your data are safe in the meantime.
        </p>
      </Dialog>
    </div>
  );
}
