import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readFileSync, type Stats, statSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { Context, MiddlewareHandler } from 'hono';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress';
import { getMimeType } from 'hono/utils/mime';

/**
 * The built web app as files: the web build writes a brotli (`.br`) and a gzip (`.gz`) copy beside
 * each compressible file over 1 KB (apps/web/vite.config.ts); a browser gets the best one it
 * accepts, with the original Content-Type, `Content-Encoding`, and `Vary: Accept-Encoding` so a
 * cache in between keeps one copy per encoding.
 */

export type TEncoding = 'br' | 'gzip';
const SUFFIX: Record<TEncoding, string> = { br: '.br', gzip: '.gz' };
/** Smaller first: brotli over gzip when both are equally welcome. */
const PREFERENCE: TEncoding[] = ['br', 'gzip'];

export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';
export const CACHE_REVALIDATE = 'no-cache';

/**
 * The encoding to send, among those we have, by the request's Accept-Encoding (RFC 9110 §12.5.3):
 * the highest q-value wins, brotli before gzip on a tie; `q=0` refuses one; `*` stands for any not named.
 */
export function chooseEncoding(header: string | undefined, available: readonly TEncoding[]): TEncoding | null {
  if (!header) return null;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    weights.set(name.trim(), Number.isFinite(weight) ? weight : 0);
  }
  let best: TEncoding | null = null;
  let bestWeight = 0;
  for (const encoding of PREFERENCE) {
    if (!available.includes(encoding)) continue;
    const weight = weights.get(encoding) ?? weights.get('*') ?? 0;
    if (weight > bestWeight) {
      best = encoding;
      bestWeight = weight;
    }
  }
  return best;
}

const isCompressible = (type: string) => COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type);

function fileStats(path: string): Stats | null {
  try {
    const stats = statSync(path);
    return stats.isFile() ? stats : null;
  } catch {
    return null;
  }
}

/** The request path as a file under the root, or null when it could step outside it. */
function filePath(root: string, requestPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(requestPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\') || /(?:^|\/)\.\.?(?:\/|$)|\/{2,}/.test(decoded)) return null;
  return join(root, decoded);
}

/**
 * Serves the files under `root` (GET and HEAD); a path that is no file there goes on to the next
 * handler. `cacheControl` picks each found file's Cache-Control (none when it gives undefined).
 */
export function builtFiles(root: string, cacheControl: (path: string) => string | undefined): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    const path = filePath(root, c.req.path);
    const stats = path ? fileStats(path) : null;
    if (!path || !stats) return next();
    const type = getMimeType(path) ?? 'application/octet-stream';
    let sent = { path, size: stats.size };
    const headers: Record<string, string> = { 'Content-Type': type };
    if (isCompressible(type)) {
      const variants = new Map<TEncoding, number>();
      for (const encoding of PREFERENCE) {
        const size = fileStats(path + SUFFIX[encoding])?.size;
        if (size !== undefined) variants.set(encoding, size);
      }
      if (variants.size) {
        headers.Vary = 'Accept-Encoding';
        const encoding = chooseEncoding(c.req.header('Accept-Encoding'), [...variants.keys()]);
        if (encoding) {
          headers['Content-Encoding'] = encoding;
          sent = { path: path + SUFFIX[encoding], size: variants.get(encoding) ?? 0 };
        }
      }
    }
    headers['Content-Length'] = String(sent.size);
    const cache = cacheControl(c.req.path);
    if (cache) headers['Cache-Control'] = cache;
    if (c.req.method === 'HEAD') return c.body(null, 200, headers);
    const body = Readable.toWeb(createReadStream(sent.path)) as ReadableStream<Uint8Array>;
    return c.body(body, 200, headers);
  };
}

/** One HTML entry of the build (index.html, site.html), read once, with its precompressed copies. */
export interface TBuiltPage {
  send(c: Context): Response;
}

export function builtPage(root: string, name: string): TBuiltPage | null {
  const file = join(root, name);
  if (!existsSync(file)) return null;
  const read = (path: string) => new Uint8Array(readFileSync(path));
  const identity = read(file);
  const variants = new Map<TEncoding, Uint8Array<ArrayBuffer>>();
  for (const encoding of PREFERENCE) {
    if (existsSync(file + SUFFIX[encoding])) variants.set(encoding, read(file + SUFFIX[encoding]));
  }
  // Weak: the brotli, gzip and plain bodies are one page in three encodings.
  const tag = createHash('sha256').update(identity).digest('base64url').slice(0, 22);
  const etag = `W/"${tag}"`;
  return {
    send(c) {
      const headers: Record<string, string> = {
        'Content-Type': 'text/html; charset=UTF-8',
        'Cache-Control': CACHE_REVALIDATE,
        ETag: etag,
      };
      if (variants.size) headers.Vary = 'Accept-Encoding';
      // no-cache means "ask again each time": an unchanged page costs a 304 and no body.
      const known = c.req.header('If-None-Match')?.split(',') ?? [];
      if (known.some((t) => t.trim().replace(/^W\//, '') === `"${tag}"`)) return c.body(null, 304, headers);
      const encoding = chooseEncoding(c.req.header('Accept-Encoding'), [...variants.keys()]);
      const body = (encoding && variants.get(encoding)) || identity;
      if (encoding) headers['Content-Encoding'] = encoding;
      headers['Content-Length'] = String(body.length);
      if (c.req.method === 'HEAD') return c.body(null, 200, headers);
      return c.body(body, 200, headers);
    },
  };
}
