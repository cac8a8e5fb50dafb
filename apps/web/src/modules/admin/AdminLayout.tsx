import { ArrowLeft } from 'lucide-react';
import { Link, Outlet, useLocation } from 'react-router';
import { ShellFrame } from '@/app/ShellFrame';
import { Logo, SidebarLink } from '@/app/Sidebar';
import { UserMenu } from '@/app/UserMenu';
import { useSession } from '@/lib/session';
import { ADMIN_NAV, adminPageTitle } from './admin-nav';

function AdminNav({ rail = false, onNavigate }: { rail?: boolean; onNavigate?: () => void }) {
  return (
    <nav aria-label="Admin" className="flex flex-col gap-5 px-3 py-4">
      <ul className="space-y-0.5">
        {ADMIN_NAV.map((item) => (
          <li key={item.to}>
            <SidebarLink
              to={item.to}
              end={item.to === '/admin'}
              label={item.label}
              icon={item.icon}
              rail={rail}
              onNavigate={onNavigate}
            />
          </li>
        ))}
      </ul>
    </nav>
  );
}

function ConsoleMark({ compact = false }: { compact?: boolean }) {
  return (
    <span className="flex flex-col">
      <Logo compact={compact} />
      {compact ? null : (
        <span className="ml-10 text-xs font-semibold uppercase tracking-wider text-amber-300">Admin Console</span>
      )}
    </span>
  );
}

/**
 * The platform console's frame (behind AdminGuard): its own sidebar of the six admin pages, the
 * same breakpoints as the app shell (labels from 1050 px, an icon rail from 768 px, a drawer
 * below), and a way back to the organization's app for an admin who belongs to one.
 */
export function AdminLayout() {
  const { pathname } = useLocation();
  const session = useSession();
  return (
    <ShellFrame
      brand={({ compact }) => <ConsoleMark compact={compact} />}
      nav={({ rail, onNavigate }) => <AdminNav rail={rail} onNavigate={onNavigate} />}
      drawerLabel="Admin navigation"
      drawerDescription="Go to a page of the admin console"
      title={adminPageTitle(pathname)}
      headerEnd={
        <>
          {session.org ? (
            <Link
              to="/dashboard"
              className="hidden items-center gap-1 text-sm font-medium text-brand-700 hover:underline sm:inline-flex"
            >
              <ArrowLeft className="h-4 w-4" aria-hidden /> Back to {session.org.name}
            </Link>
          ) : null}
          <UserMenu />
        </>
      }
    >
      <Outlet />
    </ShellFrame>
  );
}
