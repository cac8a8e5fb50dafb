import { ArrowLeft, Menu, X } from 'lucide-react';
import { Dialog as D } from 'radix-ui';
import { useState } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { Logo } from '@/app/Sidebar';
import { UserMenu } from '@/app/UserMenu';
import { cn } from '@/lib/cn';
import { useSession } from '@/lib/session';
import { ADMIN_NAV, adminPageTitle } from './admin-nav';
import { ImpersonationBanner } from './impersonation/ImpersonationBanner';

function AdminNav({ rail = false, onNavigate }: { rail?: boolean; onNavigate?: () => void }) {
  return (
    <nav aria-label="Admin" className="flex flex-col gap-5 px-3 py-4">
      <ul className="space-y-0.5">
        {ADMIN_NAV.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              end={item.to === '/admin'}
              onClick={onNavigate}
              title={rail ? item.label : undefined}
              aria-label={rail ? item.label : undefined}
              className={({ isActive }) =>
                cn(
                  'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors',
                  rail && 'justify-center px-0',
                  isActive ? 'bg-brand-600 text-white' : 'text-slate-300 hover:bg-slate-800 hover:text-white',
                )
              }
            >
              <item.icon className="h-5 w-5 shrink-0" aria-hidden />
              {rail ? null : <span>{item.label}</span>}
            </NavLink>
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
  const [drawerOpen, setDrawerOpen] = useState(false);
  const title = adminPageTitle(pathname);

  return (
    <div className="min-h-screen bg-slate-50">
      <aside className="fixed inset-y-0 left-0 z-30 hidden w-16 flex-col overflow-y-auto bg-slate-900 md:flex lg:w-60">
        <div className="flex h-16 items-center justify-center px-4 lg:justify-start">
          <span className="lg:hidden">
            <ConsoleMark compact />
          </span>
          <span className="hidden lg:inline">
            <ConsoleMark />
          </span>
        </div>
        <div className="lg:hidden">
          <AdminNav rail />
        </div>
        <div className="hidden lg:block">
          <AdminNav />
        </div>
      </aside>

      <D.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
        <D.Portal>
          <D.Overlay className="fixed inset-0 z-40 bg-slate-900/50 md:hidden" />
          <D.Content
            aria-label="Admin navigation"
            className="fixed inset-y-0 left-0 z-50 w-72 overflow-y-auto bg-slate-900 shadow-xl md:hidden"
          >
            <D.Title className="sr-only">Admin navigation</D.Title>
            <D.Description className="sr-only">Go to a page of the admin console</D.Description>
            <div className="flex h-16 items-center justify-between px-4">
              <ConsoleMark />
              <D.Close className="rounded p-1 text-slate-300 hover:text-white" aria-label="Close navigation">
                <X className="h-6 w-6" />
              </D.Close>
            </div>
            <AdminNav onNavigate={() => setDrawerOpen(false)} />
          </D.Content>
        </D.Portal>
      </D.Root>

      <div className="md:pl-16 lg:pl-60">
        <div className="sticky top-0 z-20">
          <ImpersonationBanner />
          <header className="flex h-16 items-center gap-3 border-b border-slate-200 bg-white/95 px-4 backdrop-blur sm:px-6">
            <button
              type="button"
              className="rounded-md p-2 text-slate-700 hover:bg-slate-100 md:hidden"
              aria-label="Open navigation"
              onClick={() => setDrawerOpen(true)}
            >
              <Menu className="h-5 w-5" />
            </button>
            <p className="truncate text-lg font-semibold text-slate-900">{title}</p>
            <div className="ml-auto flex items-center gap-3">
              {session.org ? (
                <Link
                  to="/dashboard"
                  className="hidden items-center gap-1 text-sm font-medium text-brand-700 hover:underline sm:inline-flex"
                >
                  <ArrowLeft className="h-4 w-4" aria-hidden /> Back to {session.org.name}
                </Link>
              ) : null}
              <UserMenu />
            </div>
          </header>
        </div>
        <main className="p-4 sm:p-6">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
