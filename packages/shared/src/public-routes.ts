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
] as const;

export function isSitePath(pathname: string): boolean {
  const p = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (SITE_PATHS as readonly string[]).includes(p);
}
