import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { OpenAPIHono } from '@hono/zod-openapi';
import { NUL_MESSAGE } from '@pennant/shared/fields';
import { isSitePath } from '@pennant/shared/public-routes';
import { bodyLimit } from 'hono/body-limit';
import { hasDevMailbox } from './config';
import type { TDeps } from './deps';
import { AppError } from './errors';
import { apiCompression } from './http/api-compression';
import { renderDocs } from './http/docs';
import { embeddedDatabaseQueue } from './http/embedded-queue';
import type { TAppEnv } from './http/env';
import { handleError } from './http/errors';
import { requestHeader, setReplyDefaults } from './http/node-bindings';
import { isPublicApiPath } from './http/public-paths';
import { CachedRouter } from './http/route-cache';
import { checkSameOrigin } from './http/same-origin';
import { securityHeaders } from './http/security-headers';
import { builtFiles, builtPage, CACHE_IMMUTABLE, CACHE_REVALIDATE } from './http/static-files';
import { adminRoutes } from './modules/admin/admin.routes';
import { mountAdminCliBridge } from './modules/admin/admin-cli-bridge';
import { agreementRoutes } from './modules/agreements/agreements.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes';
import { companyRoutes } from './modules/companies/companies.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { mountMailbox } from './modules/dev/mailbox.routes';
import { mountPaymentsSimulator } from './modules/dev/payments-simulator.routes';
import { mountDevPlan } from './modules/dev/plan.routes';
import { fileRoutes } from './modules/files/files.routes';
import { fundraisingRoutes } from './modules/fundraising/fundraising.routes';
import { mountHealth } from './modules/health/health.routes';
import { invoiceRoutes } from './modules/invoices/invoices.routes';
import { onboardingRoutes } from './modules/onboarding/onboarding.routes';
import { organizationRoutes } from './modules/organizations/organizations.routes';
import { outreachRoutes } from './modules/outreach/outreach.routes';
import { paymentRoutes } from './modules/payments/payments.routes';
import { quoteRoutes } from './modules/quotes/quotes.routes';
import { sessionRoutes } from './modules/session/session.routes';
import { eventRoutes } from './realtime/events.routes';

export function webDistDir(): string {
  return process.env.PENNANT_WEB_DIST ?? resolve(import.meta.dirname, '../../web/dist');
}

/** A request id from the caller: up to 128 letters, digits and - _ . : (a uuid, a trace id). */
const REQUEST_ID = /^[\w.:-]{1,128}$/;

export function createApp(deps: TDeps, opts: { isReady?: () => boolean } = {}) {
  // Hono's router, its matches remembered per method and path (route-cache.ts).
  const app = new OpenAPIHono<TAppEnv>({ router: new CachedRouter() });
  app.onError(handleError);

  app.use('*', async (c, next) => {
    // A caller's (or a load balancer's) request id is kept only when it looks like one: it goes
    // into every log line and back in a header, so an 8 KB or control-character value is replaced.
    const given = requestHeader(c, 'x-request-id');
    const requestId = given && REQUEST_ID.test(given) ? given : randomUUID();
    c.set('requestId', requestId);
    c.set('deps', deps);
    if (!setReplyDefaults(c, [['X-Request-Id', requestId]])) c.header('X-Request-Id', requestId);
    const started = performance.now();
    await next();
    const ms = Math.round(performance.now() - started);
    if (!c.req.path.startsWith('/assets/')) {
      deps.log.info({ requestId, method: c.req.method, path: c.req.path, status: c.res.status, ms }, 'request');
    }
  });
  app.use('*', securityHeaders({ hsts: deps.config.publicUrl.startsWith('https://') }));

  // A NUL byte in a path or query string is refused before anything else reads it.
  app.use('/api/*', async (c, next) => {
    if (c.req.url.includes('%00') || c.req.url.includes('\0')) throw new AppError('bad_request', NUL_MESSAGE);
    await next();
  });

  // Larger replies go gzipped to clients that accept it; the event stream never (api-compression.ts).
  app.use('/api/*', apiCompression());

  // JSON bodies are small; file uploads (multipart) carry their own, larger limit on their route.
  // Reads carry no body: asking a GET for its body would build a whole Request for nothing.
  const jsonLimit = bodyLimit({
    maxSize: 1024 * 1024,
    onError: () => {
      throw new AppError('bad_request', 'Request body is too large');
    },
  });
  app.use('/api/*', (c, next) =>
    c.req.method === 'GET' || c.req.method === 'HEAD' || c.req.header('content-type')?.includes('multipart/form-data')
      ? next()
      : jsonLimit(c, next),
  );

  // On the embedded database, requests take turns in arrival order (embedded-queue.ts).
  if (deps.database.kind === 'pglite') app.use('/api/*', embeddedDatabaseQueue());

  // Mutations must come from our own pages; then who is asking; then, before any body is read,
  // a signed-out request to a route that needs a session is a 401.
  app.use('/api/*', async (c, next) => {
    checkSameOrigin(c, deps.config);
    const found = await deps.sessions.check(requestHeader(c, 'cookie'), c.req.method, () => c.req.raw.headers);
    c.set('authUser', found?.user ?? null);
    c.set('sessionToken', found?.token ?? null);
    if (found?.member) c.set('member', found.member);
    if (!found && !isPublicApiPath(c.req.method, c.req.path)) {
      throw new AppError('unauthenticated', 'Please sign in');
    }
    try {
      await next();
    } finally {
      // Whatever a write changed in sessions, users, memberships or organizations, this node's
      // next read sees at once; other nodes hear it from the database's NOTIFY (session-cache.ts).
      if (c.req.method !== 'GET' && c.req.method !== 'HEAD') await deps.sessions.sync();
    }
  });

  mountHealth(app, opts.isReady ?? (() => true));
  app.route('/api', authRoutes);
  app.route('/api', sessionRoutes);
  app.route('/api', onboardingRoutes);
  app.route('/api', organizationRoutes);
  app.route('/api', dashboardRoutes);
  app.route('/api', companyRoutes);
  app.route('/api', catalogueRoutes);
  app.route('/api', quoteRoutes);
  app.route('/api', agreementRoutes);
  app.route('/api', invoiceRoutes);
  app.route('/api', fundraisingRoutes);
  app.route('/api', outreachRoutes);
  app.route('/api', paymentRoutes);
  app.route('/api', fileRoutes);
  app.route('/api', eventRoutes);
  app.route('/api', adminRoutes);

  app.doc31('/api/openapi.json', {
    openapi: '3.1.0',
    info: { title: 'Pennant', version: '0.1.0', description: 'Sponsorship and fundraising for sports organizations' },
  });
  app.get('/api/docs', async (c) => {
    const doc = await (await app.request('/api/openapi.json')).json();
    return c.html(renderDocs(doc));
  });
  app.all('/api/*', () => {
    throw new AppError('not_found', 'No such API route');
  });

  // Developer surfaces exist only in local mode; on a public PUBLIC_URL these paths are the SPA's 404.
  if (hasDevMailbox(deps.config) && deps.mailer.transport === 'outbox') mountMailbox(app);
  // The payment simulator's checkout, portal and onboarding pages (when it is the provider).
  if (deps.config.localMode) mountPaymentsSimulator(app, deps);
  // The plan switch stands in for the payment simulator (a later issue) in local mode only.
  if (deps.config.localMode) mountDevPlan(app);
  app.all('/dev/*', (c) => c.text('Not found', 404));
  // `npm run admin` while this server holds the embedded database (admin-cli-bridge.ts).
  if (deps.database.kind === 'pglite' && !deps.config.databaseUrl) mountAdminCliBridge(app, deps);

  mountWeb(app);
  return app;
}

/**
 * The built web app: hashed assets cached for a year, public pages and the SPA by their entries,
 * each sent precompressed (brotli or gzip) when the browser accepts it (static-files.ts).
 */
function mountWeb(app: OpenAPIHono<TAppEnv>): void {
  const dist = webDistDir();
  // Vite names everything under /assets/ by its content hash: a changed file is a new URL.
  app.use(
    '/assets/*',
    builtFiles(dist, () => CACHE_IMMUTABLE),
  );
  // Paths with an extension are files of the build (favicon, site.webmanifest); the rest are pages.
  const files = builtFiles(dist, (path) => (/\.html$/i.test(path) ? CACHE_REVALIDATE : undefined));
  app.use('*', (c, next) => (/\.[a-z0-9]+$/i.test(c.req.path) ? files(c, next) : next()));
  const site = builtPage(dist, 'site.html');
  const spa = builtPage(dist, 'index.html');
  app.get('*', (c) => {
    const page = isSitePath(c.req.path) ? site : spa;
    if (!page) return c.text('The web app is not built yet. Run `npm start` (it builds) or `npm run build`.', 503);
    return page.send(c);
  });
}
