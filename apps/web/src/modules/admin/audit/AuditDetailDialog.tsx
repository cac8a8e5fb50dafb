import type { TAuditEntry } from '@pennant/shared/admin/schemas';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { formatDateTime } from '@/lib/format';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-1 gap-0.5 sm:grid-cols-[10rem_1fr] sm:gap-3">
      <dt className="text-sm font-medium text-slate-500">{label}</dt>
      <dd className="min-w-0 break-words text-sm text-slate-900">{children}</dd>
    </div>
  );
}

const shown = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : String(v));

/** One audit entry in full: who, what, on whom, from where, and every detail untruncated. */
export function AuditDetailDialog({ entry, onClose }: { entry: TAuditEntry | null; onClose: () => void }) {
  const details = entry ? Object.entries(entry.details) : [];
  return (
    <Dialog
      open={entry !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Audit Log Entry"
      className="max-w-2xl"
      footer={
        <Button variant="outline" onClick={onClose}>
          Close
        </Button>
      }
    >
      {entry ? (
        <dl className="space-y-3">
          <Row label="Date">{formatDateTime(entry.createdAt)}</Row>
          <Row label="Admin">{shown(entry.adminEmail)}</Row>
          <Row label="Action">
            <Badge tone="brand" className="font-mono">
              {entry.action}
            </Badge>
          </Row>
          <Row label="Target User">{shown(entry.targetUserEmail)}</Row>
          <Row label="Target Organization">{shown(entry.targetOrgName)}</Row>
          <Row label="IP Address">{shown(entry.ipAddress)}</Row>
          <Row label="User Agent">
            <span className="font-mono text-xs">{shown(entry.userAgent)}</span>
          </Row>
          <Row label="Details">
            {details.length === 0 ? (
              '—'
            ) : (
              <ul className="space-y-1 rounded-md bg-slate-50 p-2 font-mono text-xs">
                {details.map(([key, value]) => (
                  <li key={key} className="break-all">
                    <span className="text-slate-500">{key}:</span> {shown(value)}
                  </li>
                ))}
              </ul>
            )}
          </Row>
        </dl>
      ) : null}
    </Dialog>
  );
}
