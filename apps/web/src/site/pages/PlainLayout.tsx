import type { ReactNode } from 'react';
import { PennantMark } from '../PennantMark';

/**
 * The calm frame of the pages a donor or a contact lands on from an e-mail (donate, thanks,
 * cancelled, unsubscribed): the Pennant mark, one card, no marketing header or footer.
 */
export function PlainLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-14 w-full max-w-xl items-center px-4">
          <a
            href="/"
            className="inline-flex items-center gap-2 rounded-md text-base font-bold tracking-tight text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          >
            <PennantMark className="size-7" />
            <span>Pennant</span>
          </a>
        </div>
      </header>
      <main id="main" className="flex-1 px-4 py-8 md:py-12">
        <div className="mx-auto w-full max-w-xl">{children}</div>
      </main>
      <footer className="px-4 pb-6 text-center text-xs text-slate-500">
        Pennant: fundraising for volunteer-run sports organizations
      </footer>
    </div>
  );
}

/** The page's one card. */
export function PlainCard({ children }: { children: ReactNode }) {
  return <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm md:p-8">{children}</div>;
}

/** The red alert every error of these pages shows in (spec 002 §8.3). */
export function ErrorAlert({ children }: { children: ReactNode }) {
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
      {children}
    </div>
  );
}

const BUTTON =
  'inline-flex w-full items-center justify-center rounded-lg px-5 py-3 text-base font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 sm:w-auto';

export const PRIMARY_BUTTON = `${BUTTON} bg-brand-600 text-white shadow-sm hover:bg-brand-700 disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-600 disabled:shadow-none`;
export const SECONDARY_BUTTON = `${BUTTON} border border-slate-300 bg-white text-slate-900 shadow-sm hover:border-brand-500 hover:text-brand-700`;

/** A link that looks like a button. */
export function LinkButton({
  href,
  children,
  variant = 'primary',
}: {
  href: string;
  children: ReactNode;
  variant?: 'primary' | 'secondary';
}) {
  return (
    <a href={href} className={variant === 'primary' ? PRIMARY_BUTTON : SECONDARY_BUTTON}>
      {children}
    </a>
  );
}
