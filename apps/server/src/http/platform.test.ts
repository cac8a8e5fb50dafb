import { once } from 'node:events';
import { serve } from '@hono/node-server';
import { expect, it } from 'vitest';
import { withPlatform } from '../db/tenant';
import { recordEmail } from '../emails/outgoing.repo';
import { listOutbox } from '../integrations/mail/outbox';
import { enqueueEmails, sendEmailJob } from '../jobs/send-email.job';
import { ownerWithOrg } from '../test/fixtures';
import { forEachDatabase } from '../test/harness';

forEachDatabase('platform', (env) => {
  it('answers health and readiness', async () => {
    const c = env().client();
    expect((await c.get('/healthz')).status).toBe(200);
    expect((await c.get('/readyz')).body).toEqual({ ok: true });
  });

  it('publishes an OpenAPI document listing the routes, and a readable reference', async () => {
    const doc = await env().client().get<{ paths: Record<string, unknown> }>('/api/openapi.json');
    expect(Object.keys(doc.body.paths)).toEqual(
      expect.arrayContaining(['/api/auth/sign-in', '/api/onboarding/organization']),
    );
    const page = await env().client().get<string>('/api/docs');
    expect(page.status).toBe(200);
    expect(page.body.replaceAll('<wbr>', '')).toContain('/api/auth/sign-up');
  });

  it('answers an unknown API route and a malformed body with JSON errors, not a 500', async () => {
    const c = env().client();
    expect((await c.get('/api/nope')).body).toMatchObject({ error: { code: 'unauthenticated' } });
    await ownerWithOrg(c, 'Unknown Route Club');
    expect((await c.get('/api/nope')).body).toMatchObject({ error: { code: 'not_found' } });
    const bad = await c.request('POST', '/api/auth/sign-in', undefined, { 'content-type': 'application/json' });
    expect(bad.status).toBe(400);
  });

  it('refuses an oversized JSON body with a 400', async () => {
    const res = await env()
      .client()
      .post('/api/auth/sign-in', { email: 'a@b.co', password: 'x'.repeat(2 * 1024 * 1024) });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: { message: 'Request body is too large' } });
  });

  /**
   * The headers every reply carries, whichever way the app is served: a page (the app, the site,
   * the API's docs, the health check) the page set; the API's JSON, downloads and stream a
   * policy that loads nothing, no caching and no framing.
   */
  const expectSecurityHeaders = (path: string, headers: Headers) => {
    const isApi = path.startsWith('/api/') && path !== '/api/docs';
    expect(headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(headers.get('x-request-id')).toBeTruthy();
    // Local mode is plain http: no HSTS.
    expect(headers.get('strict-transport-security')).toBeNull();
    if (isApi) {
      expect(headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(headers.get('x-frame-options')).toBe('DENY');
      // The stream's own (server-sent events) stays.
      expect(headers.get('cache-control')).toBe(path === '/api/events' ? 'no-cache' : 'no-store');
      // What only a rendered page reads is not sent with data.
      expect(headers.get('referrer-policy')).toBeNull();
      expect(headers.get('x-dns-prefetch-control')).toBeNull();
    } else {
      expect(headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(headers.get('referrer-policy')).toBe('no-referrer');
      expect(headers.get('cross-origin-opener-policy')).toBe('same-origin');
    }
  };

  it('sends security headers, a content security policy and a request id on every kind of reply', async () => {
    const c = env().client();
    await ownerWithOrg(c, 'Headers Club');
    // A JSON list, a JSON error, a 401 before the body, plain text and the OpenAPI page.
    const paths = ['/healthz', '/api/companies', '/api/nope', '/api/docs'];
    for (const path of paths) expectSecurityHeaders(path, (await c.get(path)).headers);
    expectSecurityHeaders('/api/companies', (await env().client().get('/api/companies')).headers);
  });

  it('sends the same headers when served over HTTP by Node.js, as npm start serves it', async () => {
    const c = env().client();
    await ownerWithOrg(c, 'Served Headers Club');
    const cookie = [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const server = serve({ fetch: env().app.fetch, port: 0, hostname: '127.0.0.1' });
    await once(server, 'listening');
    const address = server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const get = (path: string, headers: Record<string, string> = {}) =>
      fetch(`http://127.0.0.1:${address.port}${path}`, { headers });
    try {
      const asked: [string, Record<string, string>][] = [
        ['/healthz', {}],
        ['/api/companies', { cookie }],
        ['/api/companies', { cookie, 'accept-encoding': 'gzip' }],
        ['/api/nope', { cookie }],
        ['/api/companies', {}],
        ['/api/docs', {}],
        ['/api/events', { cookie }],
      ];
      const replies: Response[] = [];
      for (const [path, headers] of asked) replies.push(await get(path, headers));
      expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 404, 401, 200, 200]);
      for (const [i, res] of replies.entries()) expectSecurityHeaders(asked[i]?.[0] ?? '', res.headers);
      // The reply's own headers are its own: one content type each, the list's JSON and the stream's.
      expect(replies[1]?.headers.get('content-type')).toBe('application/json');
      expect(replies[6]?.headers.get('content-type')).toContain('text/event-stream');
      expect((await replies[1]?.json()) as unknown).toMatchObject({ companies: [] });
      await replies[6]?.body?.cancel();
      // The signed-in session and a caller's request id are read from the request as it came.
      const traced = await get('/api/companies', { cookie, 'x-request-id': 'lb-7f3a.trace:42_x' });
      expect(traced.status).toBe(200);
      expect(traced.headers.get('x-request-id')).toBe('lb-7f3a.trace:42_x');
    } finally {
      server.close();
    }
  });

  it('keeps a caller’s request id that looks like one, and replaces an over-long or odd one', async () => {
    const c = env().client();
    const kept = await c.request('GET', '/healthz', undefined, { 'x-request-id': 'lb-7f3a.trace:42_x' });
    expect(kept.headers.get('x-request-id')).toBe('lb-7f3a.trace:42_x');
    for (const odd of ['x'.repeat(129), 'a b', 'id<script>', '']) {
      const res = await c.request('GET', '/healthz', undefined, { 'x-request-id': odd });
      expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    }
  });

  it('sends a recorded e-mail once even when its job runs twice, and shows it in the mailbox', async () => {
    const { deps } = env();
    const key = `test:${Date.now()}`;
    const id = await withPlatform(deps.db, deps.log, 'test', (tx) =>
      recordEmail(tx, {
        orgId: null,
        idempotencyKey: key,
        to: ['treasurer@example.com'],
        subject: `Price sheet ${key}`,
        html: '<p>Hello <b>there</b></p>',
        fromName: 'Jo Smith via Pennant',
        attachments: [
          {
            name: 'sheet.pdf',
            contentType: 'application/pdf',
            contentBase64: Buffer.from('%PDF-1.4').toString('base64'),
          },
        ],
      }),
    );
    expect(id).toBeTruthy();
    const again = await withPlatform(deps.db, deps.log, 'test', (tx) =>
      recordEmail(tx, { orgId: null, idempotencyKey: key, to: ['x@example.com'], subject: 'dup', html: '' }),
    );
    expect(again).toBeNull();
    await enqueueEmails(deps, [id]);
    await sendEmailJob(deps).handler({ emailId: id });
    const sent = listOutbox(env().dataDir).filter((m) => m.subject === `Price sheet ${key}`);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.from).toContain('Jo Smith via Pennant');

    const page = await env().client().get<string>('/dev/mailbox');
    expect(page.body).toContain(`Price sheet ${key}`);
    expect(page.body).toContain('treasurer@example.com');
    const file = sent[0]?.attachments[0]?.file ?? '';
    const download = await env().client().get<string>(`/dev/mailbox/files/${file}`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain('sheet.pdf');
  });

  it('streams organization events to its members only', async () => {
    const a = env().client();
    const { orgId } = await ownerWithOrg(a, 'Events A');
    expect((await env().client().get('/api/events')).status).toBe(401);
    const headers = new Headers({ cookie: [...a.cookies].map(([k, v]) => `${k}=${v}`).join('; ') });
    const res = await env().app.request('http://localhost:3999/api/events', { headers });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const reader = res.body?.getReader();
    if (!reader) throw new Error('no stream');
    const decoder = new TextDecoder();
    let text = '';
    setTimeout(() => env().deps.hub.publish(orgId, { topic: 'invites' }), 50);
    while (!text.includes('"topic":"invites"')) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value);
    }
    await reader.cancel();
    expect(text).toContain('event: change');
  });
});
