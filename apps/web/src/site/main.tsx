import { sitePathOf, type TSitePath } from '@pennant/shared/public-routes';
import { type ReactNode, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './site.css';
import { LandingPage } from './pages/LandingPage';
import { PlainLayout } from './pages/PlainLayout';
import { SiteLayout } from './SiteLayout';

interface SitePage {
  title: string;
  /** Inner pages are split into their own chunks so the landing page's bundle stays small. */
  load: () => Promise<ReactNode>;
  /** The calm frame of the pages campaign e-mails lead to, instead of the marketing header and footer. */
  plain?: boolean;
}

const LANDING: SitePage = {
  title: 'Pennant — Sponsorships and fundraising for booster clubs',
  load: () => Promise.resolve(<LandingPage />),
};

const PAGES: Record<TSitePath, SitePage> = {
  '/': LANDING,
  '/demo': {
    title: 'Demo — Pennant',
    load: () => import('./pages/DemoPage').then(({ DemoPage }) => <DemoPage />),
  },
  '/how-it-works': {
    title: 'How It Works — Pennant',
    load: () => import('./pages/HowItWorksPage').then(({ HowItWorksPage }) => <HowItWorksPage />),
  },
  '/success-stories': {
    title: 'Success Stories — Pennant',
    load: () => import('./pages/SuccessStoriesPage').then(({ SuccessStoriesPage }) => <SuccessStoriesPage />),
  },
  '/resources': {
    title: 'Resources — Pennant',
    load: () => import('./pages/ResourcesPage').then(({ ResourcesPage }) => <ResourcesPage />),
  },
  '/privacy-policy': {
    title: 'Privacy Policy — Pennant',
    load: () =>
      Promise.all([import('./pages/LegalPage'), import('./legal/privacy')]).then(
        ([{ LegalPage }, { privacyPolicy }]) => <LegalPage doc={privacyPolicy} />,
      ),
  },
  '/terms-of-service': {
    title: 'Terms of Service — Pennant',
    load: () =>
      Promise.all([import('./pages/LegalPage'), import('./legal/terms')]).then(
        ([{ LegalPage }, { termsOfService }]) => <LegalPage doc={termsOfService} />,
      ),
  },
  '/cookie-policy': {
    title: 'Cookie Policy — Pennant',
    load: () =>
      Promise.all([import('./pages/LegalPage'), import('./legal/cookies')]).then(
        ([{ LegalPage }, { cookiePolicy }]) => <LegalPage doc={cookiePolicy} />,
      ),
  },
  '/donate': {
    title: 'Donate — Pennant',
    load: () => import('./donate/DonatePage').then(({ DonatePage }) => <DonatePage />),
    plain: true,
  },
  '/donate/success': {
    title: 'Thank You — Pennant',
    load: () => import('./donate/DonateSuccessPage').then(({ DonateSuccessPage }) => <DonateSuccessPage />),
    plain: true,
  },
  '/donate/cancel': {
    title: 'Donation Cancelled — Pennant',
    load: () => import('./donate/DonateCancelPage').then(({ DonateCancelPage }) => <DonateCancelPage />),
    plain: true,
  },
  '/unsubscribe': {
    title: 'Unsubscribe — Pennant',
    load: () => import('./unsubscribe/UnsubscribePage').then(({ UnsubscribePage }) => <UnsubscribePage />),
    plain: true,
  },
};

function pageFor(pathname: string): SitePage {
  const path = sitePathOf(pathname);
  return path ? PAGES[path] : LANDING;
}

function LoadError() {
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-2xl font-bold text-slate-900">This page didn’t load</h1>
      <p className="mt-3 text-slate-600">Check your connection and reload the page to try again.</p>
    </div>
  );
}

const page = pageFor(window.location.pathname);
document.title = page.title;
document.documentElement.classList.add('scroll-smooth');

const container = document.getElementById('root');
if (container) {
  const root = createRoot(container);
  void page
    .load()
    .catch(() => <LoadError />)
    .then((content) => {
      root.render(
        <StrictMode>
          {page.plain ? <PlainLayout>{content}</PlainLayout> : <SiteLayout>{content}</SiteLayout>}
        </StrictMode>,
      );
    });
}
