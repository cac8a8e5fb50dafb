import type { TSystemHealth } from '@pennant/shared/admin/schemas';
import { Badge } from '@/components/ui/Badge';
import { Progress } from '@/components/ui/Progress';

/** 'Healthy' or 'Degraded', with the share of jobs that succeeded. */
export function HealthStatus({ health }: { health: TSystemHealth }) {
  return (
    <div className="space-y-2">
      <div className="flex items-center justify-between gap-2">
        {health.healthy ? <Badge tone="success">Healthy</Badge> : <Badge tone="danger">Degraded</Badge>}
        <span className="text-sm font-medium text-slate-700">{health.healthPercent.toFixed(1)}% succeeded</span>
      </div>
      <Progress
        value={health.healthPercent}
        aria-label="Jobs that succeeded"
        indicatorClassName={health.healthy ? 'bg-green-600' : 'bg-red-600'}
      />
    </div>
  );
}
