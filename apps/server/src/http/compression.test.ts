import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get as httpGet, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { serve } from '@hono/node-server';
import { afterAll, describe, expect, it } from 'vitest';
import { ownerWithOrg } from '../test/fixtures';
import { forEachDatabase } from '../test/harness';
import { COMPRESS_THRESHOLD } from './api-compression';
import { chooseEncoding } from './static-files';

/**
 * Compression and caching, end to end through the app: the web build's precompressed files by
 * Accept-Encoding, their cache headers, and gzip for the API's larger replies but never its
 * event stream. The web build is a small stand-in written here (PENNANT_WEB_DIST).
 */

const ASSET = '/assets/app-Ab12Cd34.js';
const TINY = '/assets/tiny-Ef56Gh78.js';
const assetText = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{id:${i},name:"row ${i}"}`).join(',')}];\n`;
const siteHtml = `<!doctype html><html><head><title>Pennant</title>${'<meta name="x" content="site page">'.repeat(60)}</head><body><div id="root"></div></body></html>`;
const appHtml = '<!doctype html><html><head><title>Pennant app</title></head><body><div id="root"></div></body></html>';

const dist = mkdtempSync(join(tmpdir(), 'pennant-dist-'));
mkdirSync(join(dist, 'assets'));
function writeBuilt(name: string, text: string, precompress: boolean) {
  const file = join(dist, name);
  writeFileSync(file, text);
  if (!precompress) return;
  writeFileSync(`${file}.br`, brotliCompressSync(text));
  writeFileSync(`${file}.gz`, gzipSync(text));
}
writeBuilt(ASSET, assetText, true);
writeBuilt(TINY, 'export const x = 1;\n', false);
writeBuilt('site.html', siteHtml, true);
writeBuilt('index.html', appHtml, false);

const previousDist = process.env.PENNANT_WEB_DIST;
process.env.PENNANT_WEB_DIST = dist;
afterAll(() => {
  if (previousDist === undefined) delete process.env.PENNANT_WEB_DIST;
  else process.env.PENNANT_WEB_DIST = previousDist;
  rmSync(dist, { recursive: true, force: true });
});

function decode(body: ArrayBuffer, encoding: string | null): string {
  const bytes = Buffer.from(body);
  if (encoding === 'br') return brotliDecompressSync(bytes).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(bytes).toString('utf8');
  return bytes.toString('utf8');
}

describe('choosing an encoding', () => {
  it('prefers brotli, honours q-values and wildcards, and refuses with q=0', () => {
    const both = ['br', 'gzip'] as const;
    expect(chooseEncoding('gzip, deflate, br, zstd', both)).toBe('br');
    expect(chooseEncoding('gzip', both)).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip', both)).toBe('gzip');
    expect(chooseEncoding('br;q=0.5, gzip;q=0.8', both)).toBe('gzip');
    expect(chooseEncoding('*', both)).toBe('br');
    expect(chooseEncoding('identity', both)).toBeNull();
    expect(chooseEncoding(undefined, both)).toBeNull();
    expect(chooseEncoding('br', ['gzip'])).toBeNull();
  });
});

forEachDatabase('compression and caching', (env) => {
  const fetchApp = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
    env().app.request(`http://localhost:3999${path}`, { method, headers });

  it('sends a hashed asset brotli, gzip or plain by Accept-Encoding, cached for a year', async () => {
    for (const [accept, encoding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
      ['', null],
      ['identity', null],
    ] as const) {
      const res = await fetchApp(ASSET, accept ? { 'accept-encoding': accept } : {});
      expect(res.status).toBe(200);
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
      expect(res.headers.get('vary')).toBe('Accept-Encoding');
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const body = await res.arrayBuffer();
      expect(Number(res.headers.get('content-length'))).toBe(body.byteLength);
      expect(decode(body, encoding)).toBe(assetText);
    }
  });

  it('sends a file with no compressed copy as it is, and answers HEAD without a body', async () => {
    const tiny = await fetchApp(TINY, { 'accept-encoding': 'br, gzip' });
    expect(tiny.headers.get('content-encoding')).toBeNull();
    expect(tiny.headers.get('vary')).toBeNull();
    expect(await tiny.text()).toBe('export const x = 1;\n');

    const head = await fetchApp(ASSET, { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('content-encoding')).toBe('br');
    expect(Number(head.headers.get('content-length'))).toBe(brotliCompressSync(assetText).byteLength);
    expect((await head.arrayBuffer()).byteLength).toBe(0);
  });

  it('sends the pages precompressed and to be revalidated every time', async () => {
    const site = await fetchApp('/', { 'accept-encoding': 'br, gzip' });
    expect(site.headers.get('content-encoding')).toBe('br');
    expect(site.headers.get('content-type')).toBe('text/html; charset=UTF-8');
    expect(site.headers.get('vary')).toBe('Accept-Encoding');
    expect(site.headers.get('cache-control')).toBe('no-cache');
    expect(decode(await site.arrayBuffer(), 'br')).toBe(siteHtml);

    const plain = await fetchApp('/');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(siteHtml);

    const again = await fetchApp('/', { 'if-none-match': site.headers.get('etag') ?? '' });
    expect(again.status).toBe(304);

    for (const path of ['/companies', '/index.html']) {
      const spa = await fetchApp(path, { 'accept-encoding': 'br, gzip' });
      expect(spa.status).toBe(200);
      expect(spa.headers.get('cache-control')).toBe('no-cache');
      expect(spa.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await spa.text()).toBe(appHtml);
    }
  });

  it('gzips a large JSON reply for a client that accepts it, and leaves small ones alone', async () => {
    const large = await fetchApp('/api/openapi.json', { 'accept-encoding': 'gzip, deflate, br' });
    expect(large.status).toBe(200);
    expect(large.headers.get('content-encoding')).toBe('gzip');
    expect(large.headers.get('content-type')).toMatch(/^application\/json/);
    expect(large.headers.get('vary')).toContain('Accept-Encoding');
    const doc = JSON.parse(decode(await large.arrayBuffer(), 'gzip')) as { openapi: string };
    expect(doc.openapi).toBe('3.1.0');

    const plain = await fetchApp('/api/openapi.json');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(((await plain.json()) as { openapi: string }).openapi).toBe('3.1.0');

    const small = await fetchApp('/api/session', { 'accept-encoding': 'gzip' });
    expect(small.status).toBe(200);
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(Number(small.headers.get('content-length'))).toBeLessThan(COMPRESS_THRESHOLD);
    expect(await small.json()).toBeTruthy();
  });

  it('never compresses the event stream, even served by the Node server', async () => {
    const client = env().client();
    await ownerWithOrg(client, 'Compression Events');
    const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

    const inApp = await fetchApp('/api/events', { cookie, 'accept-encoding': 'gzip, deflate, br' });
    expect(inApp.headers.get('content-type')).toContain('text/event-stream');
    expect(inApp.headers.get('content-encoding')).toBeNull();
    await inApp.body?.cancel();

    // Over a real socket: the first event arrives at once, plain, while the stream stays open;
    // and a large JSON reply arrives gzipped through the same server.
    const server = serve({ fetch: env().app.fetch, port: 0, hostname: '127.0.0.1' });
    try {
      await new Promise<void>((done) => (server.listening ? done() : server.once('listening', () => done())));
      const { port } = server.address() as AddressInfo;
      const open = (path: string, headers: Record<string, string>) =>
        new Promise<IncomingMessage>((done, fail) => {
          httpGet({ host: '127.0.0.1', port, path, headers, agent: false }, done).once('error', fail);
        });

      const events = await open('/api/events', { cookie, 'accept-encoding': 'gzip, deflate, br' });
      expect(events.headers['content-type']).toContain('text/event-stream');
      expect(events.headers['content-encoding']).toBeUndefined();
      const first = await new Promise<string>((done) => events.once('data', (chunk: Buffer) => done(chunk.toString())));
      expect(first).toContain('event: ready');
      events.destroy();

      const doc = await open('/api/openapi.json', { 'accept-encoding': 'gzip' });
      expect(doc.headers['content-encoding']).toBe('gzip');
      const chunks: Buffer[] = [];
      for await (const chunk of doc) chunks.push(chunk as Buffer);
      expect(JSON.parse(gunzipSync(Buffer.concat(chunks)).toString('utf8')).openapi).toBe('3.1.0');
    } finally {
      await new Promise((done) => server.close(done));
    }
  });
});
