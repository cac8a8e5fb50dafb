import { planBadge } from '@pennant/shared/organization/plans';
import { Badge } from '@/components/ui/Badge';
import { useSession } from '@/lib/session';

export function PlanBadge() {
  const badge = planBadge(useSession().plan);
  if (badge.kind === 'free') return <Badge tone="neutral">{badge.label}</Badge>;
  if (badge.kind === 'premium') return <Badge tone="accent">{badge.label}</Badge>;
  return (
    <Badge tone="accent">
      {badge.label} <span className="ml-1 text-red-600">({badge.status.replace(/_/g, ' ')})</span>
    </Badge>
  );
}
