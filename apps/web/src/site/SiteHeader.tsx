import { Menu, X } from 'lucide-react';
import { useState } from 'react';
import { PennantLogo } from './PennantMark';
import { ButtonLink, Container, DASHBOARD_URL, SIGNIN_URL, SIGNUP_URL } from './SiteUi';
import { useSignedIn } from './useSignedIn';

const NAV_LINKS = [
  { href: '/#why', label: 'Why Pennant' },
  { href: '/#features', label: 'Features' },
  { href: '/#pricing', label: 'Pricing' },
  { href: '/#faq', label: 'FAQ' },
  { href: '/how-it-works', label: 'How It Works' },
  { href: '/demo', label: 'Demo' },
] as const;

function isCurrent(href: string): boolean {
  return !href.includes('#') && window.location.pathname.replace(/\/+$/, '') === href;
}

function AuthButtons({ signedIn, stacked }: { signedIn: boolean; stacked: boolean }) {
  const width = stacked ? 'w-full' : '';
  if (signedIn) {
    return (
      <ButtonLink href={DASHBOARD_URL} size="sm" className={width}>
        Dashboard
      </ButtonLink>
    );
  }
  return (
    <>
      <ButtonLink href={SIGNIN_URL} variant={stacked ? 'secondary' : 'ghost'} size="sm" className={width}>
        Log In
      </ButtonLink>
      <ButtonLink href={SIGNUP_URL} size="sm" className={width}>
        Get Started Free
      </ButtonLink>
    </>
  );
}

export function SiteHeader() {
  const signedIn = useSignedIn();
  const [open, setOpen] = useState(false);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/90 backdrop-blur">
      <Container className="flex h-16 items-center justify-between gap-4">
        <PennantLogo />

        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-3 text-[13px] font-medium text-slate-600 lg:gap-6 lg:text-sm">
            {NAV_LINKS.map((link) => (
              <li key={link.href}>
                <a
                  href={link.href}
                  aria-current={isCurrent(link.href) ? 'page' : undefined}
                  className="rounded-md whitespace-nowrap transition-colors hover:text-brand-700 aria-[current=page]:text-brand-700"
                >
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>

        <div className="hidden items-center gap-1 md:flex lg:gap-2">
          <AuthButtons signedIn={signedIn} stacked={false} />
        </div>

        <button
          type="button"
          className="inline-flex size-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 md:hidden"
          aria-expanded={open}
          aria-controls="mobile-menu"
          onClick={() => setOpen((value) => !value)}
        >
          {open ? <X className="size-6" aria-hidden="true" /> : <Menu className="size-6" aria-hidden="true" />}
          <span className="sr-only">{open ? 'Close menu' : 'Open menu'}</span>
        </button>
      </Container>

      <div id="mobile-menu" hidden={!open} className="border-t border-slate-200 bg-white md:hidden">
        <Container className="py-4">
          <nav aria-label="Mobile">
            <ul className="space-y-1">
              {NAV_LINKS.map((link) => (
                <li key={link.href}>
                  <a
                    href={link.href}
                    onClick={() => setOpen(false)}
                    aria-current={isCurrent(link.href) ? 'page' : undefined}
                    className="block rounded-lg px-3 py-2.5 font-medium text-slate-700 hover:bg-slate-50 hover:text-brand-700"
                  >
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <div className="mt-4 flex flex-col gap-2 border-t border-slate-100 pt-4">
            <AuthButtons signedIn={signedIn} stacked />
          </div>
        </Container>
      </div>
    </header>
  );
}
