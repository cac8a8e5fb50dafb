import { COMPANY_STATUSES, companyStatusLabel, type TCompanyStatus } from '@pennant/shared/companies/schemas';
import { ChevronDown } from 'lucide-react';
import type { SelectHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

/** Badge colours (Tailwind classes); each status has its own. */
const COMPANY_STATUS_BADGE_CLASSES: Record<TCompanyStatus, string> = {
  prospect: 'bg-slate-100 text-slate-800',
  contacted: 'bg-blue-100 text-blue-800',
  negotiating: 'bg-amber-100 text-amber-800',
  sponsor: 'bg-green-100 text-green-800',
  former_sponsor: 'bg-purple-100 text-purple-800',
  declined: 'bg-orange-100 text-orange-800',
  blacklisted: 'bg-red-100 text-red-800',
};

export function CompanyStatusBadge({ status, className }: { status: TCompanyStatus; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-medium',
        COMPANY_STATUS_BADGE_CLASSES[status],
        className,
      )}
    >
      {companyStatusLabel(status)}
    </span>
  );
}

interface TStatusSelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange'> {
  value: TCompanyStatus;
  onValueChange: (status: TCompanyStatus) => void;
}

/** A native select drawn as the status's badge, so the colour changes with the value. */
export function CompanyStatusSelect({ value, onValueChange, className, ...props }: TStatusSelectProps) {
  return (
    <span className={cn('relative inline-flex rounded-full', COMPANY_STATUS_BADGE_CLASSES[value], className)}>
      <select
        {...props}
        value={value}
        onChange={(e) => {
          const next = COMPANY_STATUSES.find((s) => s === e.target.value);
          if (next) onValueChange(next);
        }}
        className={cn(
          'h-7 cursor-pointer appearance-none rounded-full border-0 bg-transparent py-0 pl-2.5 pr-7 text-xs font-medium text-current',
          'focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500/60 disabled:cursor-not-allowed disabled:opacity-70',
        )}
      >
        {COMPANY_STATUSES.map((s) => (
          <option key={s} value={s} className="bg-white text-slate-900">
            {companyStatusLabel(s)}
          </option>
        ))}
      </select>
      <ChevronDown
        aria-hidden
        className="pointer-events-none absolute right-2 top-1/2 h-3.5 w-3.5 -translate-y-1/2 opacity-70"
      />
    </span>
  );
}
