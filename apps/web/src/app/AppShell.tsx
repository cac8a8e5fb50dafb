import { Outlet, useLocation } from 'react-router';
import { useRealtime } from '@/lib/realtime';
import { useSession } from '@/lib/session';
import { useTimezoneAutoDetect } from '@/lib/useTimezoneAutoDetect';
import { FrozenOrgBanner } from '@/modules/admin/FrozenOrgBanner';
import { pageTitle } from './navigation';
import { PlanBadge } from './PlanBadge';
import { ShellFrame } from './ShellFrame';
import { Logo, SidebarNav } from './Sidebar';
import { UserMenu } from './UserMenu';

/** Signed-in layout: the shared frame with the app's sidebar, plan badge and the frozen banner. */
export function AppShell() {
  const { pathname } = useLocation();
  useRealtime();
  useTimezoneAutoDetect(useSession().user.id);

  return (
    <ShellFrame
      brand={({ compact }) => <Logo compact={compact} />}
      nav={({ rail, onNavigate }) => <SidebarNav rail={rail} onNavigate={onNavigate} />}
      drawerLabel="Navigation"
      drawerDescription="Go to an area of Pennant"
      title={pageTitle(pathname)}
      headerEnd={
        <>
          <PlanBadge />
          <UserMenu />
        </>
      }
      notice={<FrozenOrgBanner />}
    >
      <Outlet />
    </ShellFrame>
  );
}
