import { COMPANY_STATUSES, companyStatusLabel, type TCompanyStatus } from '@pennant/shared/companies/schemas';
import { X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Select } from '@/components/ui/Field';

interface TBulkStatusBarProps {
  count: number;
  busy: boolean;
  onApply: (status: TCompanyStatus) => void;
  onClear: () => void;
}

/** Shown while rows are selected: pick a status for all of them (a confirm follows). */
export function BulkStatusBar({ count, busy, onApply, onClear }: TBulkStatusBarProps) {
  const [status, setStatus] = useState<TCompanyStatus | ''>('');
  // A phone has the count and Clear on one line, the status and Apply on the next; from 640 px
  // everything is one line.
  return (
    <section
      aria-label="Bulk actions"
      className="flex flex-wrap items-center gap-2 rounded-lg border border-brand-100 bg-brand-50 px-4 py-2.5 sm:flex-nowrap sm:gap-3"
    >
      <p className="min-w-0 flex-1 text-sm font-medium text-brand-800 sm:flex-none">
        {count} {count === 1 ? 'company' : 'companies'} selected
      </p>
      <div className="order-last flex w-full items-center gap-2 sm:order-none sm:ml-auto sm:w-auto">
        <div className="min-w-0 flex-1 sm:w-56 sm:flex-none">
          <Select
            aria-label="New status for selected companies"
            value={status}
            onChange={(e) => setStatus(COMPANY_STATUSES.find((s) => s === e.target.value) ?? '')}
            className="h-9 bg-white"
          >
            <option value="">Change status to…</option>
            {COMPANY_STATUSES.map((s) => (
              <option key={s} value={s}>
                {companyStatusLabel(s)}
              </option>
            ))}
          </Select>
        </div>
        <Button size="sm" className="h-9" disabled={!status || busy} onClick={() => status && onApply(status)}>
          Apply
        </Button>
      </div>
      <Button size="sm" variant="ghost" className="h-9" onClick={onClear} disabled={busy}>
        <X className="h-4 w-4" aria-hidden /> Clear
      </Button>
    </section>
  );
}
