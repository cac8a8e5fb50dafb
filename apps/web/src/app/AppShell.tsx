import { Menu, X } from 'lucide-react';
import { Dialog as D } from 'radix-ui';
import { useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useRealtime } from '@/lib/realtime';
import { useSession } from '@/lib/session';
import { useTimezoneAutoDetect } from '@/lib/useTimezoneAutoDetect';
import { FrozenOrgBanner } from '@/modules/admin/FrozenOrgBanner';
import { ImpersonationBanner } from '@/modules/admin/impersonation/ImpersonationBanner';
import { pageTitle } from './navigation';
import { PlanBadge } from './PlanBadge';
import { Logo, SidebarNav } from './Sidebar';
import { UserMenu } from './UserMenu';

/**
 * Signed-in layout. Sidebar with labels from 1050 px, an icon rail from 768 px, and below
 * 768 px a slide-in drawer opened from the top bar.
 */
export function AppShell() {
  const { pathname } = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const title = pageTitle(pathname);
  useRealtime();
  useTimezoneAutoDetect(useSession().user.id);

  return (
    <div className="min-h-screen bg-slate-50">
      <aside className="fixed inset-y-0 left-0 z-30 hidden w-16 flex-col overflow-y-auto bg-slate-900 md:flex lg:w-60">
        <div className="flex h-16 items-center justify-center px-4 lg:justify-start">
          <span className="lg:hidden">
            <Logo compact />
          </span>
          <span className="hidden lg:inline">
            <Logo />
          </span>
        </div>
        <div className="lg:hidden">
          <SidebarNav rail />
        </div>
        <div className="hidden lg:block">
          <SidebarNav />
        </div>
      </aside>

      <D.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
        <D.Portal>
          <D.Overlay className="fixed inset-0 z-40 bg-slate-900/50 md:hidden" />
          <D.Content
            aria-label="Navigation"
            className="fixed inset-y-0 left-0 z-50 w-72 overflow-y-auto bg-slate-900 shadow-xl md:hidden"
          >
            <D.Title className="sr-only">Navigation</D.Title>
            <D.Description className="sr-only">Go to an area of Pennant</D.Description>
            <div className="flex h-16 items-center justify-between px-4">
              <Logo />
              <D.Close className="rounded p-1 text-slate-300 hover:text-white" aria-label="Close navigation">
                <X className="h-6 w-6" />
              </D.Close>
            </div>
            <SidebarNav onNavigate={() => setDrawerOpen(false)} />
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
              <PlanBadge />
              <UserMenu />
            </div>
          </header>
        </div>
        <main className="p-4 sm:p-6">
          <FrozenOrgBanner />
          <Outlet />
        </main>
      </div>
    </div>
  );
}
