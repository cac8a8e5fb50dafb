import { impersonationElapsed } from '@pennant/shared/admin/rules';
import { ADMIN_MESSAGES, type TImpersonation } from '@pennant/shared/admin/schemas';
import { Clock, ShieldAlert } from 'lucide-react';
import { Button } from '@/components/ui/Button';
import { useNow } from './useNow';

interface TBannerViewProps {
  record: TImpersonation;
  onExit: () => void;
  exiting: boolean;
}

/**
 * Spec 001 §2: red and sticky, 'Admin Impersonation Mode', 'Viewing as {org}', the minutes since
 * it started (or 'just now'), refreshed every minute, and Exit Impersonation.
 */
export function ImpersonationBannerView({ record, onExit, exiting }: TBannerViewProps) {
  const now = useNow();
  return (
    <section
      aria-label={ADMIN_MESSAGES.bannerTitle}
      className="flex flex-wrap items-center gap-x-4 gap-y-2 bg-red-700 px-4 py-2 text-sm text-white sm:px-6"
    >
      <ShieldAlert className="hidden h-5 w-5 shrink-0 sm:block" aria-hidden />
      <div className="flex min-w-0 flex-1 flex-wrap items-center gap-x-3 gap-y-0.5">
        <p className="font-semibold">{ADMIN_MESSAGES.bannerTitle}</p>
        <p className="min-w-0 truncate">{ADMIN_MESSAGES.bannerViewing(record.orgName)}</p>
        <p className="inline-flex items-center gap-1 text-red-100">
          <Clock className="h-3.5 w-3.5" aria-hidden />
          <span>{impersonationElapsed(record.impersonatedAt, new Date(now))}</span>
        </p>
      </div>
      <Button
        size="sm"
        variant="outline"
        className="border-white bg-white text-red-700 hover:bg-red-50"
        onClick={onExit}
        disabled={exiting}
      >
        {ADMIN_MESSAGES.exitImpersonation}
      </Button>
    </section>
  );
}
