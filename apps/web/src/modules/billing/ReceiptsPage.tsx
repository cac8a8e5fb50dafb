import { useEffect } from 'react';
import { PremiumGate } from '@/components/plan/PremiumGate';
import { usePlanAllows } from '@/components/plan/usePlan';
import { Card } from '@/components/ui/Card';
import { PageHeader } from '@/components/ui/PageHeader';
import { ReceiptsList, ReceiptsTable } from './ReceiptsTable';

/**
 * /dashboard/receipts (spec §2): the subscription's receipts, for an active Premium organization.
 * Any other plan sees the premium overlay over an empty table (and nothing is fetched).
 */
export function ReceiptsPage() {
  const allowed = usePlanAllows('receipts');
  useEffect(() => {
    document.title = 'Receipts — Pennant';
  }, []);
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <PageHeader title="Receipts" description="Your Premium subscription's paid invoices, newest first." />
      {allowed ? (
        <ReceiptsList />
      ) : (
        <PremiumGate feature="receipts" label="Receipts">
          <Card>
            <ReceiptsTable receipts={[]} />
          </Card>
        </PremiumGate>
      )}
    </div>
  );
}
