import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EXPIRED_LINK_MESSAGE } from '@pennant/shared/files/contract';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import type { TTestEnv } from '../../test/harness';
import { forEachDatabase } from '../../test/harness';
import { attachmentDisposition, isFileKey, type TFileStore } from './file-store';
import { createLocalFileStore, localFilesDir } from './local';
import { createS3FileStore } from './s3';

const PDF = new Uint8Array(Buffer.from('%PDF-1.7\n% a test file\n%%EOF\n'));
const HOUR = 3_600_000;

/** GET a link of the local store through the app, as a browser would (binary body kept). */
async function download(env: TTestEnv, url: string) {
  const res = await env.app.request(url.replace(/^https?:\/\/[^/]+/, 'http://localhost:3999'));
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
}

function errorMessage(bytes: Uint8Array): string {
  const parsed: unknown = JSON.parse(Buffer.from(bytes).toString('utf8'));
  if (typeof parsed === 'object' && parsed && 'error' in parsed) {
    const { error } = parsed;
    if (typeof error === 'object' && error && 'message' in error && typeof error.message === 'string') {
      return error.message;
    }
  }
  return '';
}

describe('file keys', () => {
  it('accepts paths of plain segments and refuses anything that could leave the store', () => {
    expect(isFileKey('org/0f8fad5b-d9cb-469f-a165-70867728950e/price-sheets/x/1712345678901.pdf')).toBe(true);
    for (const bad of [
      '',
      '../etc/passwd',
      'org/../../x',
      '/abs',
      'a//b',
      'a/./b',
      'a\\b',
      'a/b/',
      '.hidden',
      'a\0b',
    ]) {
      expect(isFileKey(bad), bad).toBe(false);
    }
    expect(isFileKey(`a/${'x'.repeat(600)}`)).toBe(false);
  });

  it('writes a download header that a quote or accent in the name cannot break', () => {
    expect(attachmentDisposition('Spring-Menu-2026-price-sheet.pdf')).toBe(
      `attachment; filename="Spring-Menu-2026-price-sheet.pdf"; filename*=UTF-8''Spring-Menu-2026-price-sheet.pdf`,
    );
    expect(attachmentDisposition('Café "A".pdf')).toBe(
      `attachment; filename="Caf_ _A_.pdf"; filename*=UTF-8''Caf%C3%A9%20%22A%22.pdf`,
    );
  });
});

describe('configuration', () => {
  const base = { NODE_ENV: 'test', LOG_LEVEL: 'silent', SESSION_SECRET: 'x'.repeat(40) };
  let dataDir = '';
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'pennant-files-config-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps files in DATA_DIR without S3 settings', () => {
    expect(loadConfig({ ...base, DATA_DIR: dataDir }).files).toEqual({ store: 'local' });
  });

  it('takes an S3-compatible bucket when all its settings are given', () => {
    const config = loadConfig({
      ...base,
      DATA_DIR: dataDir,
      S3_BUCKET: 'pennant-docs',
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(config.files).toEqual({
      store: 's3',
      bucket: 'pennant-docs',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9000',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
  });

  it('stops with one line naming what is missing when only some S3 settings are given', () => {
    expect(() => loadConfig({ ...base, DATA_DIR: dataDir, S3_BUCKET: 'pennant-docs', S3_REGION: 'eu-west-1' })).toThrow(
      /^Invalid configuration: S3 file storage needs S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY together; S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY are not set\. [^\n]*$/,
    );
    expect(() => loadConfig({ ...base, DATA_DIR: dataDir, S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(
      /S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY are not set/,
    );
    expect(() => loadConfig({ ...base, DATA_DIR: dataDir, S3_ENDPOINT: 'ftp://x' })).toThrow(
      /S3_ENDPOINT must be an http/,
    );
  });
});

forEachDatabase('local file store through GET /api/files/{token}', (env) => {
  const key = 'org/00000000-0000-4000-8000-000000000001/price-sheets/list/1700000000000.pdf';
  const fileName = 'Spring-Menu-2026-price-sheet.pdf';

  beforeAll(async () => {
    await env().deps.files.put(key, PDF, 'application/pdf');
  });

  it('is the store the tests get: the local disk in the temporary data directory', () => {
    expect(env().deps.files.kind).toBe('local');
  });

  it('serves the file by its signed link, as a download nobody caches', async () => {
    const link = await env().deps.files.signedUrl(key, { fileName });
    expect(link.url).toMatch(/^http:\/\/localhost:3999\/api\/files\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    const left = Date.parse(link.expiresAt) - Date.now();
    expect(left).toBeGreaterThan(14 * 60_000);
    expect(left).toBeLessThanOrEqual(15 * 60_000);
    const res = await download(env(), link.url);
    expect(res.status).toBe(200);
    expect(res.bytes).toEqual(PDF);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-length')).toBe(String(PDF.length));
    expect(res.headers.get('content-disposition')).toBe(attachmentDisposition(fileName));
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });

  it('needs no session: the link is the permission', async () => {
    const link = await env().deps.files.signedUrl(key, { fileName });
    const res = await env().client().request('GET', new URL(link.url).pathname);
    expect(res.status).toBe(200);
  });

  it('refuses a tampered token with 403 and the expired-link message', async () => {
    const link = await env().deps.files.signedUrl(key, { fileName });
    const token = link.url.split('/api/files/')[1] ?? '';
    const [payload = '', signature = ''] = token.split('.');
    // Another key under the same signature; a flipped signature; a token without one.
    const otherPayload = Buffer.from(
      JSON.stringify({ k: 'org/other/secret.pdf', n: fileName, e: Date.now() + HOUR }),
    ).toString('base64url');
    // The second-to-last character changes (compared with itself, not the last one: a signature whose
    // second-to-last character was already 'A' once came back unchanged).
    const flipped = `${signature.slice(0, -2)}${signature.at(-2) === 'A' ? 'B' : 'A'}${signature.slice(-1)}`;
    expect(flipped).not.toBe(signature);
    for (const bad of [`${otherPayload}.${signature}`, `${payload}.${flipped}`, payload, 'x', `${payload}.`]) {
      const res = await download(env(), `/api/files/${bad}`);
      expect(res.status, bad).toBe(403);
      expect(errorMessage(res.bytes)).toBe(EXPIRED_LINK_MESSAGE);
    }
  });

  it('refuses a link signed with another secret', async () => {
    const foreign = createLocalFileStore({
      dir: localFilesDir(env().dataDir),
      publicUrl: 'http://localhost:3999',
      secret: 'another-secret-of-at-least-32-characters',
    });
    const res = await download(env(), (await foreign.signedUrl(key, { fileName })).url);
    expect(res.status).toBe(403);
  });

  it('refuses an expired link with 403 and the expired-link message', async () => {
    // The same store, signing an hour ago: its 15-minute link expired 45 minutes ago.
    const past = createLocalFileStore({
      dir: localFilesDir(env().dataDir),
      publicUrl: 'http://localhost:3999',
      secret: env().deps.config.sessionSecret,
      now: () => Date.now() - HOUR,
    });
    const expired = await past.signedUrl(key, { fileName });
    const res = await download(env(), expired.url);
    expect(res.status).toBe(403);
    expect(errorMessage(res.bytes)).toBe(EXPIRED_LINK_MESSAGE);
    // A one-second link works at once and is refused once its second has passed.
    const short = await env().deps.files.signedUrl(key, { fileName, ttlSeconds: 1 });
    expect((await download(env(), short.url)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 1100));
    expect((await download(env(), short.url)).status).toBe(403);
  });

  it('answers 404 once the file is gone, and deleting twice is fine', async () => {
    const gone = 'org/00000000-0000-4000-8000-000000000001/price-sheets/list/gone.pdf';
    await env().deps.files.put(gone, PDF, 'application/pdf');
    const link = await env().deps.files.signedUrl(gone, { fileName });
    await env().deps.files.delete(gone);
    await env().deps.files.delete(gone);
    const res = await download(env(), link.url);
    expect(res.status).toBe(404);
    expect(errorMessage(res.bytes)).toBe('The file no longer exists');
    expect(await env().deps.files.get(gone)).toBeNull();
  });

  it('refuses keys that would leave the store', async () => {
    const files = env().deps.files;
    await expect(files.put('../outside.pdf', PDF, 'application/pdf')).rejects.toThrow(/Not a valid file key/);
    await expect(files.get('org/../../etc/passwd')).rejects.toThrow(/Not a valid file key/);
    await expect(files.signedUrl('/etc/passwd', { fileName })).rejects.toThrow(/Not a valid file key/);
  });
});

describe('S3 file store (against s3rver)', () => {
  let server: S3rver | undefined;
  let dir = '';
  let endpoint = '';
  const s3 = (now?: () => number) =>
    createS3FileStore({
      bucket: 'pennant-docs',
      region: 'us-east-1',
      endpoint,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
      now,
    });
  let store: TFileStore;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pennant-s3rver-'));
    server = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: dir,
      configureBuckets: [{ name: 'pennant-docs' }],
    });
    const { port } = await server.run();
    endpoint = `http://127.0.0.1:${port}`;
    store = await s3();
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const key = 'org/00000000-0000-4000-8000-000000000002/price-sheets/list/1700000000000.pdf';
  const fileName = 'Fall Menu 2026-price-sheet.pdf';

  it('puts a file and reads it back with its content type', async () => {
    await store.put(key, PDF, 'application/pdf');
    const file = await store.get(key);
    expect(file?.contentType).toBe('application/pdf');
    expect(file?.size).toBe(PDF.length);
    expect(new Uint8Array(await new Response(file?.body).arrayBuffer())).toEqual(PDF);
  });

  it('answers a presigned link that downloads the file under its name', async () => {
    const link = await store.signedUrl(key, { fileName });
    expect(link.url.startsWith(`${endpoint}/pennant-docs/org/`)).toBe(true);
    expect(link.url).toContain('X-Amz-Expires=900');
    const left = Date.parse(link.expiresAt) - Date.now();
    expect(left).toBeGreaterThan(14 * 60_000);
    expect(left).toBeLessThanOrEqual(15 * 60_000);
    const res = await fetch(link.url);
    expect(res.status).toBe(200);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PDF);
    expect(res.headers.get('content-disposition')).toBe(attachmentDisposition(fileName));
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(store.readLink(link.url.split('/').pop() ?? '')).toBeNull();
  });

  it('has its expired presigned link refused by the store', async () => {
    const past = await s3(() => Date.now() - HOUR);
    const link = await past.signedUrl(key, { fileName });
    const res = await fetch(link.url);
    expect(res.status).toBe(403);
    expect(await res.text()).toContain('Request has expired');
  });

  it('deletes: the file is gone, and a link to it finds nothing', async () => {
    await store.delete(key);
    expect(await store.get(key)).toBeNull();
    const res = await fetch((await store.signedUrl(key, { fileName })).url);
    expect(res.status).toBe(404);
  });
});
