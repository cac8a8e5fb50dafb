import { Menu, X } from 'lucide-react';
import { Dialog as D } from 'radix-ui';
import { type ReactNode, useState } from 'react';
import { useFocusReturn } from '@/components/ui/focus-return';
import { ImpersonationBanner } from '@/modules/admin/impersonation/ImpersonationBanner';

export interface TShellFrameProps {
  /** The mark at the top of the sidebar: compact for the icon rail. */
  brand: (opts: { compact: boolean }) => ReactNode;
  /** The sidebar's links: as an icon rail, or with labels (onNavigate closes the phone drawer). */
  nav: (opts: { rail: boolean; onNavigate?: () => void }) => ReactNode;
  /** The phone drawer's accessible name and description. */
  drawerLabel: string;
  drawerDescription: string;
  /** The page's name in the top bar. */
  title: string;
  /** The top bar's right end (plan badge, links, the user menu). */
  headerEnd: ReactNode;
  /** Shown above every page (the frozen organization's banner). */
  notice?: ReactNode;
  children: ReactNode;
}

/**
 * The signed-in frame the app and the admin console share: a sidebar with labels from 1050 px, an
 * icon rail from 768 px, and below 768 px a slide-in drawer opened from the top bar; the sticky
 * impersonation banner and top bar; the page.
 */
export function ShellFrame({
  brand,
  nav,
  drawerLabel,
  drawerDescription,
  title,
  headerEnd,
  notice,
  children,
}: TShellFrameProps) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const returnFocus = useFocusReturn(drawerOpen);
  return (
    <div className="min-h-screen bg-slate-50">
      <aside className="fixed inset-y-0 left-0 z-30 hidden w-16 flex-col overflow-y-auto bg-slate-900 md:flex lg:w-60">
        <div className="flex h-16 items-center justify-center px-4 lg:justify-start">
          <span className="lg:hidden">{brand({ compact: true })}</span>
          <span className="hidden lg:inline">{brand({ compact: false })}</span>
        </div>
        <div className="lg:hidden">{nav({ rail: true })}</div>
        <div className="hidden lg:block">{nav({ rail: false })}</div>
      </aside>

      <D.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
        <D.Portal>
          <D.Overlay className="fixed inset-0 z-40 bg-slate-900/50 md:hidden" />
          <D.Content
            onCloseAutoFocus={returnFocus}
            aria-label={drawerLabel}
            className="fixed inset-y-0 left-0 z-50 w-72 overflow-y-auto bg-slate-900 shadow-xl md:hidden"
          >
            <D.Title className="sr-only">{drawerLabel}</D.Title>
            <D.Description className="sr-only">{drawerDescription}</D.Description>
            <div className="flex h-16 items-center justify-between px-4">
              {brand({ compact: false })}
              <D.Close className="rounded p-1 text-slate-300 hover:text-white" aria-label="Close navigation">
                <X className="h-6 w-6" />
              </D.Close>
            </div>
            {nav({ rail: false, onNavigate: () => setDrawerOpen(false) })}
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
            <div className="ml-auto flex items-center gap-3">{headerEnd}</div>
          </header>
        </div>
        <main className="p-4 sm:p-6">
          {notice}
          {children}
        </main>
      </div>
    </div>
  );
}
