/** Pages served by the lightweight public-site bundle, never the dashboard's code. */
export const SITE_PATHS = [
  '/',
  '/demo',
  '/how-it-works',
  '/success-stories',
  '/resources',
  '/privacy-policy',
  '/terms-of-service',
  '/cookie-policy',
  // Where campaign e-mails lead (spec 002 §2.7, §2.8): no account needed, so no dashboard code.
  '/donate',
  '/donate/success',
  '/donate/cancel',
  '/unsubscribe',
] as const;

export type TSitePath = (typeof SITE_PATHS)[number];

/** The site path a request path names (a trailing slash ignored), or null for the app's paths. */
export function sitePathOf(pathname: string): TSitePath | null {
  const p = pathname.replace(/\/+$/, '') || '/';
  return SITE_PATHS.find((s) => s === p) ?? null;
}

export function isSitePath(pathname: string): boolean {
  return sitePathOf(pathname) !== null;
}
