import { agreementTotalCents } from '@pennant/shared/agreements/rules';
import { AGREEMENT_MESSAGES, type TAgreementLine } from '@pennant/shared/agreements/schemas';
import { formatMoney } from '@pennant/shared/money';
import { Package } from 'lucide-react';
import { Card } from '@/components/ui/Card';
import { EmptyState } from '@/components/ui/EmptyState';

/**
 * Line Items: each item with 'qty x unit price', its total and '+ setup' fee (charged once per
 * unit), then the total, setup fees included (spec §2).
 */
export function LineItemsTab({ lines }: { lines: TAgreementLine[] }) {
  if (lines.length === 0) {
    return (
      <Card>
        <EmptyState icon={Package} title={AGREEMENT_MESSAGES.noLines} />
      </Card>
    );
  }
  return (
    <Card className="overflow-hidden">
      <ul aria-label="Line items" className="divide-y divide-slate-100">
        {lines.map((line) => (
          <li key={line.id} className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 px-5 py-4">
            <div className="min-w-0">
              <p className="break-words font-medium text-slate-900">{line.itemName}</p>
              <p className="text-sm text-slate-600">
                {line.qty} x {formatMoney(line.unitPriceCents)}
              </p>
            </div>
            <div className="text-right">
              <p className="font-medium tabular-nums text-slate-900">{formatMoney(line.qty * line.unitPriceCents)}</p>
              {line.setupFeeCents > 0 ? (
                <p className="text-xs text-slate-500">+ {formatMoney(line.setupFeeCents * line.qty)} setup</p>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
      <div className="flex items-center justify-between gap-4 border-t border-slate-200 bg-slate-50 px-5 py-4">
        <span className="font-medium text-slate-700">Total</span>
        <span className="text-lg font-semibold tabular-nums text-slate-900">
          {formatMoney(agreementTotalCents(lines), true)}
        </span>
      </div>
    </Card>
  );
}
