import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type ServerType, serve } from '@hono/node-server';
import { afterAll, describe, expect, it } from 'vitest';
import { signUp, uniqueEmail } from '../../test/fixtures';
import { forEachDatabase } from '../../test/harness';
import { BRIDGE_FILE, BRIDGE_PATH, callAdminBridge } from './admin-cli-bridge';

/**
 * `npm run admin -- grant <email>` while the server runs on the embedded database: the CLI finds
 * the data directory locked and asks the running server over its loopback bridge.
 */

const SERVER = resolve(import.meta.dirname, '../../main.ts');
const CLI = resolve(import.meta.dirname, '../../admin.ts');
const children: ChildProcess[] = [];
const dirs: string[] = [];

afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? done(address.port) : fail(new Error('no port'))));
    });
  });
}

function run(entry: string, args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', entry, ...args], {
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  let err = '';
  child.stdout?.on('data', (d: Buffer) => {
    out += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    err += d.toString();
  });
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  return { child, out: () => out, err: () => err, exited };
}

async function until(check: () => boolean, what: string, ms = 90_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('npm run admin while the server runs on the embedded database', () => {
  it('grants through the running server, and says so when there is no such account', async () => {
    const port = await freePort();
    const dataDir = mkdtempSync(join(tmpdir(), 'pennant-admin-cli-'));
    dirs.push(dataDir);
    const env = { PORT: String(port), DATA_DIR: dataDir };
    const server = run(SERVER, [], env);
    await until(() => server.out().includes('platform admin console'), 'the demo sign-in');
    expect(server.out()).toContain('admin@pennant.app / pennant-admin');
    // The bridge file is the owner's alone.
    expect(statSync(join(dataDir, BRIDGE_FILE)).mode & 0o777).toBe(0o600);

    const base = `http://127.0.0.1:${port}`;
    const email = `cli.${Date.now()}@club.org`;
    const signed = await fetch(`${base}/api/auth/sign-up`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: `http://localhost:${port}` },
      body: JSON.stringify({ name: 'Cli Person', email, password: 'secret-pass' }),
    });
    expect(signed.status).toBe(200);
    const cookie = signed.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const me = async () => (await (await fetch(`${base}/api/admin/me`, { headers: { cookie } })).json()) as unknown;
    expect(await me()).toEqual({ isAppAdmin: false });

    const granted = run(CLI, ['grant', email.toUpperCase()], env);
    expect(await granted.exited).toBe(0);
    expect(granted.out()).toBe(`${email} is now a platform administrator.\n`);
    expect(await me()).toEqual({ isAppAdmin: true });

    const unknown = run(CLI, ['grant', 'nobody@nowhere.org'], env);
    expect(await unknown.exited).toBe(1);
    expect(unknown.err()).toBe('No account with the e-mail nobody@nowhere.org. Sign up first.\n');

    const revoked = run(CLI, ['revoke', email], env);
    expect(await revoked.exited).toBe(0);
    expect(await me()).toEqual({ isAppAdmin: false });

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    // With the server stopped, the CLI opens the database itself.
    const direct = run(CLI, ['grant', email], env);
    expect(await direct.exited).toBe(0);
    expect(direct.out()).toBe(`${email} is now a platform administrator.\n`);
  }, 180_000);
});

forEachDatabase('the admin CLI bridge', (env) => {
  it('answers only a loopback caller with the current secret, once per secret', async () => {
    const { dataDir, app, deps } = env();
    if (deps.database.kind !== 'pglite') {
      // A server database needs no bridge: the CLI opens it alongside the server.
      expect((await app.request(`http://localhost:3999${BRIDGE_PATH}`, { method: 'POST' })).status).not.toBe(200);
      return;
    }
    const listening: ServerType = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((done) => listening.once('listening', () => done()));
    try {
      const address = listening.address();
      if (typeof address !== 'object' || !address) throw new Error('no address');
      const url = `http://127.0.0.1:${address.port}`;
      const read = () => JSON.parse(readFileSync(join(dataDir, BRIDGE_FILE), 'utf8')) as { url: string; token: string };
      const { token } = read();
      const { email } = await signUp(env().client(), uniqueEmail('bridge'), 'Bridge Person');
      const post = (secret: string, body: unknown) =>
        fetch(`${url}${BRIDGE_PATH}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });

      expect((await post('wrong', { command: 'grant', email })).status).toBe(403);
      // Not from a socket at all (an in-process request has no remote address): refused.
      const inProcess = await app.request(`http://localhost:3999${BRIDGE_PATH}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ command: 'grant', email }),
      });
      expect(inProcess.status).toBe(403);

      // The CLI's side, pointed at this server.
      writeFileSync(join(dataDir, BRIDGE_FILE), JSON.stringify({ url, token }));
      expect(await callAdminBridge(dataDir, 'grant', email)).toEqual({
        ok: true,
        message: `${email} is now a platform administrator.`,
      });
      // The secret is used up; the file holds a new one.
      expect((await post(token, { command: 'grant', email })).status).toBe(403);
      expect(read().token).not.toBe(token);
      expect((await post(read().token, { command: 'grant', email: 'bad\u0000@x.org' })).status).toBe(400);

      const admin = env().client();
      await admin.post('/api/auth/sign-in', { email, password: 'secret-pass' });
      expect((await admin.get('/api/admin/me')).body).toEqual({ isAppAdmin: true });
      const audit = await admin.get<{ entries: { action: string; adminEmail: string | null; details: unknown }[] }>(
        `/api/admin/audit-logs?search=${encodeURIComponent(email)}`,
      );
      expect(audit.body.entries).toEqual([
        expect.objectContaining({ action: 'add_admin', adminEmail: null, details: { via: 'npm run admin' } }),
      ]);
    } finally {
      await new Promise((done) => listening.close(done));
    }
  });
});
