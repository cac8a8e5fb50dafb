import { useSessionQuery } from '@/lib/session';
import { ImpersonationBannerView } from './ImpersonationBannerView';
import { useStoredImpersonation } from './impersonation-store';
import { useExitImpersonationFlow } from './useImpersonationActions';

/**
 * The red banner over every page while an admin impersonates an organization: shown while the
 * record is kept in the browser, or, when the browser lost it, while the session says the server
 * still acts for that organization (so an admin is never left without the way out).
 */
export function ImpersonationBanner() {
  const stored = useStoredImpersonation();
  const { data: session } = useSessionQuery();
  const { exit, exiting } = useExitImpersonationFlow();
  const record = stored ?? session?.impersonation ?? null;
  if (!record) return null;
  return <ImpersonationBannerView record={record} onExit={exit} exiting={exiting} />;
}
