import { randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { getConnInfo } from '@hono/node-server/conninfo';
import { email } from '@pennant/shared/fields';
import type { Hono } from 'hono';
import { z } from 'zod';
import { runAdminCommand } from '../../admin.repo';
import type { TDeps } from '../../deps';
import type { TAppEnv } from '../../http/env';

/*
 * `npm run admin -- grant <email>` while the server runs on the embedded database. PGlite's files
 * belong to one process (db/data-dir-lock.ts), so the CLI cannot open them; it asks the running
 * server instead. At start the server writes DATA_DIR/admin-cli.json (the owner alone may read it:
 * mode 0600) with its loopback address and a random secret; the CLI reads it and posts the command
 * to POST /_admin-cli with the secret. The server answers only a loopback client with that secret,
 * and makes a new secret after each use (one secret, one command). Outside /api: no session, no
 * contract, nothing a browser can reach without the file.
 */

export const BRIDGE_FILE = 'admin-cli.json';
export const BRIDGE_PATH = '/_admin-cli';

const ZBridgeFile = z.object({ url: z.string(), token: z.string() });
const ZBridgeRequest = z.object({ command: z.enum(['grant', 'revoke']), email: email() });
const ZBridgeReply = z.object({ ok: z.boolean(), message: z.string() });
export type TBridgeReply = z.output<typeof ZBridgeReply>;

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** The CLI's words, the same whichever way the command ran. */
export function commandMessage(command: 'grant' | 'revoke', address: string, found: boolean): string {
  if (!found) return `No account with the e-mail ${address}. Sign up first.`;
  return command === 'grant'
    ? `${address} is now a platform administrator.`
    : `${address} is no longer a platform administrator.`;
}

function writeBridgeFile(dataDir: string, url: string, token: string): void {
  const file = join(dataDir, BRIDGE_FILE);
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, JSON.stringify({ url, token }), { mode: 0o600 });
  chmodSync(temp, 0o600);
  renameSync(temp, file);
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function remoteAddress(c: Parameters<typeof getConnInfo>[0]): string | null {
  try {
    return getConnInfo(c).remote.address ?? null;
  } catch {
    return null;
  }
}

/** The address the CLI calls: loopback whenever the server listens on it or on every interface. */
function loopbackUrl(host: string, port: number): string {
  const any = host === '0.0.0.0' || host === '::' || host === '' || host === 'localhost';
  const h = any ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return `http://${h}:${port}`;
}

/** Mounts the bridge and writes its file; only for the embedded database (a server database needs none). */
export function mountAdminCliBridge(app: Hono<TAppEnv>, deps: TDeps): void {
  const { dataDir, host, port } = deps.config;
  const url = loopbackUrl(host, port);
  let token = randomBytes(32).toString('base64url');
  try {
    writeBridgeFile(dataDir, url, token);
  } catch (err) {
    deps.log.warn({ err }, 'the admin CLI bridge file could not be written; stop the server to run npm run admin');
    return;
  }
  app.post(BRIDGE_PATH, async (c) => {
    const remote = remoteAddress(c);
    const given = c.req.header('authorization')?.replace(/^Bearer\s+/i, '') ?? '';
    if (!remote || !LOOPBACK.has(remote) || !sameSecret(given, token))
      return c.json({ ok: false, message: 'Forbidden' }, 403);
    // One secret, one command: the next command reads the new file.
    token = randomBytes(32).toString('base64url');
    writeBridgeFile(dataDir, url, token);
    const parsed = ZBridgeRequest.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success)
      return c.json({ ok: false, message: 'Usage: npm run admin -- grant <email> | revoke <email>' }, 400);
    const { command, email: target } = parsed.data;
    const { found } = await runAdminCommand(deps.db, command, target, { ip: remote, userAgent: 'npm run admin' });
    deps.log.info({ command, found }, 'admin CLI command through the bridge');
    return c.json({ ok: found, message: commandMessage(command, target, found) }, found ? 200 : 404);
  });
}

/** The CLI's side: sends the command to the running server. */
export async function callAdminBridge(
  dataDir: string,
  command: 'grant' | 'revoke',
  address: string,
): Promise<TBridgeReply> {
  let file: z.output<typeof ZBridgeFile>;
  try {
    file = ZBridgeFile.parse(JSON.parse(readFileSync(join(dataDir, BRIDGE_FILE), 'utf8')));
  } catch {
    return {
      ok: false,
      message: `The running server left no ${BRIDGE_FILE} in ${dataDir}. Stop the server and run this again.`,
    };
  }
  let res: Response;
  try {
    res = await fetch(`${file.url}${BRIDGE_PATH}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${file.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ command, email: address }),
    });
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    return {
      ok: false,
      message: `The running server at ${file.url} did not answer (${reason}). Is it still starting?`,
    };
  }
  const reply = ZBridgeReply.safeParse(await res.json().catch(() => null));
  return reply.success ? reply.data : { ok: false, message: `The running server answered ${res.status}.` };
}
