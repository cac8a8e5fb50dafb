import { Mail } from 'lucide-react';
import { PennantLogo } from './PennantMark';
import { Container, SUPPORT_EMAIL } from './SiteUi';

const FOOTER_GROUPS = [
  {
    title: 'Product',
    links: [
      { href: '/#why', label: 'Why Pennant' },
      { href: '/#features', label: 'Features' },
      { href: '/#pricing', label: 'Pricing' },
      { href: '/#faq', label: 'FAQ' },
    ],
  },
  {
    title: 'Resources',
    links: [
      { href: '/how-it-works', label: 'How It Works' },
      { href: '/demo', label: 'Demo' },
      { href: '/success-stories', label: 'Success Stories' },
      { href: '/resources', label: 'Resources' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { href: '/privacy-policy', label: 'Privacy Policy' },
      { href: '/terms-of-service', label: 'Terms of Service' },
      { href: '/cookie-policy', label: 'Cookie Policy' },
    ],
  },
] as const;

export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="bg-slate-900 text-slate-300">
      <Container className="py-14">
        <div className="grid gap-10 md:grid-cols-[1.4fr_repeat(3,1fr)]">
          <div className="max-w-xs">
            <PennantLogo inverted />
            <p className="mt-4 text-sm leading-relaxed text-slate-400">
              Sponsorship and fundraising software for booster clubs, youth and school teams, and alumni groups — run by
              volunteers, for volunteers.
            </p>
            <a
              href={`mailto:${SUPPORT_EMAIL}`}
              className="mt-5 inline-flex items-center gap-2 text-sm font-medium text-white hover:text-accent-400"
            >
              <Mail className="size-4" aria-hidden="true" />
              {SUPPORT_EMAIL}
            </a>
          </div>
          <nav aria-label="Footer" className="grid grid-cols-2 gap-8 sm:grid-cols-3 md:col-span-3">
            {FOOTER_GROUPS.map((group) => (
              <div key={group.title}>
                <h2 className="text-sm font-semibold tracking-wide text-white">{group.title}</h2>
                <ul className="mt-4 space-y-3 text-sm">
                  {group.links.map((link) => (
                    <li key={link.href}>
                      <a href={link.href} className="transition-colors hover:text-white">
                        {link.label}
                      </a>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </nav>
        </div>
        <div className="mt-12 flex flex-col gap-2 border-t border-slate-800 pt-6 text-xs text-slate-400 sm:flex-row sm:justify-between">
          <p>© {year} Pennant. All rights reserved.</p>
          <p>Built for the volunteers who keep youth, school and alumni sports running.</p>
        </div>
      </Container>
    </footer>
  );
}
