import { agreementStatusLabel, isoDay } from '@pennant/shared/agreements/rules';
import { PENDING_TOOLTIP } from '@pennant/shared/agreements/schemas';
import { formatMoney } from '@pennant/shared/money';
import { parseISO } from 'date-fns';
import { Tooltip } from 'radix-ui';
import { Badge } from '@/components/ui/Badge';

/** Today as 'YYYY-MM-DD' in the browser's own calendar (the expiring and expired rules compare days). */
export function today(): string {
  return isoDay(new Date());
}

/** A calendar day ('2026-03-01') as people read it ('Mar 1, 2026'), with no time zone shift. */
export function formatDay(day: string): string {
  const date = parseISO(day);
  if (Number.isNaN(date.getTime())) return day;
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}

/** An agreement's value in whole dollars (spec §9), or a dash when it has none. */
export function agreementValueText(cents: number | null | undefined): string {
  return cents === null || cents === undefined ? '—' : formatMoney(cents, true);
}

type TTone = 'neutral' | 'brand' | 'success' | 'warning' | 'danger' | 'accent';
const STATUS_TONES: Record<string, TTone> = {
  active: 'success',
  draft: 'neutral',
  pending: 'accent',
  pending_signature: 'accent',
  expired: 'warning',
  cancelled: 'danger',
  terminated: 'danger',
  invoiced: 'brand',
  closed: 'neutral',
};

/** The status as its label (spec §4); 'Pending' explains itself in a tooltip ('Pending signature'). */
export function AgreementStatusBadge({ status }: { status: string }) {
  const badge = <Badge tone={STATUS_TONES[status] ?? 'neutral'}>{agreementStatusLabel(status)}</Badge>;
  if (status !== 'pending' && status !== 'pending_signature') return badge;
  return (
    <Tooltip.Provider delayDuration={200}>
      <Tooltip.Root>
        <Tooltip.Trigger asChild>
          {/* A button, so the tooltip reaches keyboard users too. */}
          <button
            type="button"
            className="inline-flex cursor-default rounded-full focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            {badge}
          </button>
        </Tooltip.Trigger>
        <Tooltip.Portal>
          <Tooltip.Content
            sideOffset={4}
            className="z-50 rounded-md bg-slate-900 px-2 py-1 text-xs text-white shadow-md"
          >
            {PENDING_TOOLTIP}
            <Tooltip.Arrow className="fill-slate-900" />
          </Tooltip.Content>
        </Tooltip.Portal>
      </Tooltip.Root>
    </Tooltip.Provider>
  );
}
