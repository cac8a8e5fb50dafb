import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { SIGNED_URL_TTL_SECONDS } from '@pennant/shared/files/contract';
import { z } from 'zod';
import { assertFileKey, type TFileStore } from './file-store';
import { linkSigningKey, signLinkToken, verifyLinkToken } from './link-token';

export interface TLocalFileStoreOptions {
  /** The store's folder, e.g. DATA_DIR/files: files under data/, their content types under meta/. */
  dir: string;
  /** Links are `${publicUrl}/api/files/{token}`. */
  publicUrl: string;
  /** The session secret; the link key is derived from it (link-token.ts). */
  secret: string;
  /** The clock links are signed and checked by (tests move it). */
  now?: () => number;
}

const ZMeta = z.object({ contentType: z.string() });

export function localFilesDir(dataDir: string): string {
  return join(dataDir, 'files');
}

/** Files on this machine's disk, downloaded through GET /api/files/{token} (modules/files). */
export function createLocalFileStore(opts: TLocalFileStoreOptions): TFileStore {
  const root = resolve(opts.dir);
  const dataRoot = join(root, 'data');
  const metaRoot = join(root, 'meta');
  const signingKey = linkSigningKey(opts.secret);
  const now = opts.now ?? Date.now;

  /** The file's path, confined to its tree: the key's shape is checked, then the resolved path. */
  const pathIn = (tree: string, key: string, suffix = '') => {
    assertFileKey(key);
    const path = resolve(tree, `${key}${suffix}`);
    if (!path.startsWith(tree + sep)) throw new Error('File key escapes the store');
    return path;
  };

  /** Written beside, then renamed: a reader never sees half a file. */
  const writeAtomic = async (path: string, bytes: Uint8Array | string) => {
    await mkdir(dirname(path), { recursive: true });
    const temp = `${path}.${randomUUID()}.tmp`;
    await writeFile(temp, bytes, { mode: 0o600 });
    await rename(temp, path);
  };

  return {
    kind: 'local',
    async put(key, bytes, contentType) {
      await writeAtomic(pathIn(metaRoot, key, '.json'), JSON.stringify({ contentType }));
      await writeAtomic(pathIn(dataRoot, key), bytes);
    },
    async get(key) {
      const path = pathIn(dataRoot, key);
      let size: number;
      try {
        const info = await stat(path);
        if (!info.isFile()) return null;
        size = info.size;
      } catch {
        return null;
      }
      let contentType = 'application/octet-stream';
      try {
        contentType = ZMeta.parse(JSON.parse(await readFile(pathIn(metaRoot, key, '.json'), 'utf8'))).contentType;
      } catch {
        // No readable metadata: sent as bytes.
      }
      const body: ReadableStream<Uint8Array> = Readable.toWeb(createReadStream(path));
      return { body, contentType, size };
    },
    async delete(key) {
      await rm(pathIn(dataRoot, key), { force: true });
      await rm(pathIn(metaRoot, key, '.json'), { force: true });
    },
    async signedUrl(key, { fileName, ttlSeconds = SIGNED_URL_TTL_SECONDS }) {
      assertFileKey(key);
      const expiresAtMs = now() + ttlSeconds * 1000;
      const token = signLinkToken(signingKey, { key, fileName }, expiresAtMs);
      return { url: `${opts.publicUrl}/api/files/${token}`, expiresAt: new Date(expiresAtMs).toISOString() };
    },
    readLink(token) {
      return verifyLinkToken(signingKey, token, now());
    },
  };
}
