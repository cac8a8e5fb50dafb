import { QUOTE_STATUS_LABELS, type TQuoteStatus } from '@pennant/shared/quotes/schemas';
import type { ComponentProps } from 'react';
import { Badge } from '@/components/ui/Badge';

type TTone = NonNullable<ComponentProps<typeof Badge>['tone']>;

/** Each status its own colour: open ones blue, won ones green, lost ones red or orange. */
const QUOTE_STATUS_TONES: Record<TQuoteStatus, TTone> = {
  draft: 'neutral',
  sent: 'brand',
  accepted: 'success',
  contracted: 'accent',
  rejected: 'danger',
  expired: 'warning',
  archived: 'neutral',
};

export function QuoteStatusBadge({ status, className }: { status: TQuoteStatus; className?: string }) {
  return (
    <Badge tone={QUOTE_STATUS_TONES[status]} className={className}>
      {QUOTE_STATUS_LABELS[status]}
    </Badge>
  );
}
