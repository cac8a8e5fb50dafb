import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { ErrorScreen } from './ErrorScreen';
import { NotFound } from './NotFound';
import { RequireAuth, RequireOrganization } from './RequireAuth';

/** Public marketing pages are a separate bundle; leave the app for them with a full page load. */
function PublicSite() {
  window.location.replace(window.location.pathname + window.location.search + window.location.hash);
  return null;
}

const redirect = (to: string) => ({ element: <Navigate to={to} replace /> });

const legacy: RouteObject[] = ['', '/dashboard'].flatMap((base) => [
  { path: `${base}/sponsors`, ...redirect('/dashboard/companies') },
  { path: `${base}/sponsors/:id`, ...redirect('/dashboard/companies') },
  { path: `${base}/prospects`, ...redirect('/dashboard/companies') },
  { path: `${base}/prospects/new`, ...redirect('/dashboard/companies/new') },
  { path: `${base}/prospects/:id`, ...redirect('/dashboard/companies') },
  { path: `${base}/contacts`, ...redirect('/dashboard/companies') },
  { path: `${base}/contacts/new`, ...redirect('/dashboard/companies/new') },
  { path: `${base}/contacts/:id`, ...redirect('/dashboard/companies') },
]);

export const routes: RouteObject[] = [
  {
    errorElement: <ErrorScreen />,
    children: [
      { path: '/', element: <PublicSite /> },
      {
        path: '/auth',
        lazy: async () => ({ Component: (await import('@/modules/auth/AuthPage')).AuthPage }),
      },
      {
        path: '/auth/accept-invite',
        lazy: async () => ({ Component: (await import('@/modules/team/AcceptInvitePage')).AcceptInvitePage }),
      },
      {
        path: '/auth/confirm-email',
        lazy: async () => ({ Component: (await import('@/modules/settings/ConfirmEmailPage')).ConfirmEmailPage }),
      },
      ...legacy,
      { path: '/dashboard/settings/pricelists', ...redirect('/dashboard/price-lists') },
      {
        element: <RequireAuth />,
        children: [
          {
            path: '/onboarding',
            lazy: async () => ({ Component: (await import('@/modules/onboarding/OnboardingPage')).OnboardingPage }),
          },
          {
            element: <RequireOrganization />,
            children: [
              {
                lazy: async () => ({ Component: (await import('./AppShell')).AppShell }),
                children: [
                  {
                    path: '/dashboard',
                    lazy: async () => ({
                      Component: (await import('@/modules/dashboard/DashboardPage')).DashboardPage,
                    }),
                  },
                  {
                    path: '/dashboard/reports',
                    lazy: async () => ({
                      Component: (await import('@/modules/dashboard/DashboardPage')).DashboardPage,
                    }),
                  },
                  {
                    path: '/dashboard/companies',
                    lazy: async () => ({
                      Component: (await import('@/modules/companies/CompaniesPage')).CompaniesPage,
                    }),
                  },
                  {
                    path: '/dashboard/companies/new',
                    lazy: async () => ({
                      Component: (await import('@/modules/companies/NewCompanyPage')).NewCompanyPage,
                    }),
                  },
                  {
                    path: '/dashboard/companies/:id',
                    lazy: async () => ({
                      Component: (await import('@/modules/companies/CompanyDetailPage')).CompanyDetailPage,
                    }),
                  },
                  {
                    path: '/dashboard/quotes',
                    lazy: async () => ({ Component: (await import('@/modules/quotes/QuotesPage')).QuotesPage }),
                  },
                  {
                    path: '/dashboard/quotes/new',
                    lazy: async () => ({
                      Component: (await import('@/modules/quotes/QuoteWizardPage')).QuoteWizardPage,
                    }),
                  },
                  {
                    path: '/dashboard/agreements',
                    lazy: async () => ({
                      Component: (await import('@/modules/agreements/AgreementsPage')).AgreementsPage,
                    }),
                  },
                  {
                    // The spec's second name for the same list.
                    path: '/dashboard/contracts',
                    lazy: async () => ({
                      Component: (await import('@/modules/agreements/AgreementsPage')).AgreementsPage,
                    }),
                  },
                  {
                    path: '/dashboard/agreements/new',
                    lazy: async () => ({
                      Component: (await import('@/modules/agreements/NewAgreementPage')).NewAgreementPage,
                    }),
                  },
                  {
                    path: '/dashboard/agreements/:id',
                    lazy: async () => ({
                      Component: (await import('@/modules/agreements/AgreementDetailPage')).AgreementDetailPage,
                    }),
                  },
                  {
                    path: '/dashboard/fundraising',
                    lazy: async () => ({
                      Component: (await import('@/modules/fundraising/FundraisingPage')).FundraisingPage,
                    }),
                  },
                  {
                    path: '/dashboard/fundraising/campaign/:campaignId',
                    lazy: async () => ({
                      Component: (await import('@/modules/fundraising/detail/CampaignDetailPage')).CampaignDetailPage,
                    }),
                  },
                  {
                    path: '/dashboard/fundraising/launch/:campaignId?',
                    lazy: async () => ({
                      Component: (await import('@/modules/fundraising/launch/LaunchPage')).LaunchPage,
                    }),
                  },
                  {
                    path: '/dashboard/invoices',
                    lazy: async () => ({
                      Component: (await import('@/modules/invoices/InvoicesPage')).InvoicesPage,
                    }),
                  },
                  {
                    path: '/dashboard/invoices/new',
                    lazy: async () => ({
                      Component: (await import('@/modules/invoices/NewInvoicePage')).NewInvoicePage,
                    }),
                  },
                  {
                    path: '/dashboard/invoices/:id',
                    lazy: async () => ({
                      Component: (await import('@/modules/invoices/InvoiceDetailPage')).InvoiceDetailPage,
                    }),
                  },
                  {
                    path: '/dashboard/receipts',
                    lazy: async () => ({ Component: (await import('@/modules/billing/ReceiptsPage')).ReceiptsPage }),
                  },
                  {
                    // One route for the list and /new (which opens the drawer), so the page stays mounted.
                    path: '/dashboard/products/new?',
                    lazy: async () => ({
                      Component: (await import('@/modules/catalogue/products/ProductsPage')).ProductsPage,
                    }),
                  },
                  {
                    path: '/dashboard/bundles',
                    lazy: async () => ({
                      Component: (await import('@/modules/catalogue/bundles/BundlesPage')).BundlesPage,
                    }),
                  },
                  {
                    path: '/dashboard/price-lists',
                    lazy: async () => ({
                      Component: (await import('@/modules/catalogue/price-lists/PriceListsPage')).PriceListsPage,
                    }),
                  },
                  {
                    path: '/dashboard/settings',
                    lazy: async () => ({ Component: (await import('@/modules/settings/SettingsPage')).SettingsPage }),
                  },
                  {
                    path: '/stripe-callback',
                    lazy: async () => ({
                      Component: (await import('@/modules/billing/StripeCallbackPage')).StripeCallbackPage,
                    }),
                  },
                ],
              },
            ],
          },
        ],
      },
      {
        path: '/admin',
        lazy: async () => ({ Component: (await import('@/modules/admin/AdminGuard')).AdminGuard }),
        children: [
          {
            lazy: async () => ({ Component: (await import('@/modules/admin/AdminLayout')).AdminLayout }),
            children: [
              {
                index: true,
                lazy: async () => ({
                  Component: (await import('@/modules/admin/dashboard/AdminDashboardPage')).AdminDashboardPage,
                }),
              },
              {
                path: 'system-health',
                lazy: async () => ({
                  Component: (await import('@/modules/admin/dashboard/SystemHealthPage')).SystemHealthPage,
                }),
              },
              {
                path: 'users',
                lazy: async () => ({
                  Component: (await import('@/modules/admin/users/AdminUsersPage')).AdminUsersPage,
                }),
              },
              {
                path: 'orgs',
                lazy: async () => ({ Component: (await import('@/modules/admin/orgs/AdminOrgsPage')).AdminOrgsPage }),
              },
              {
                path: 'ai-config',
                lazy: async () => ({ Component: (await import('@/modules/admin/ai/AiConfigPage')).AiConfigPage }),
              },
              {
                path: 'metrics',
                lazy: async () => ({ Component: (await import('@/modules/admin/metrics/MetricsPage')).MetricsPage }),
              },
              {
                path: 'audit-logs',
                lazy: async () => ({
                  Component: (await import('@/modules/admin/audit/AuditLogsPage')).AuditLogsPage,
                }),
              },
              { path: '*', element: <NotFound /> },
            ],
          },
        ],
      },
      { path: '*', element: <NotFound /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
