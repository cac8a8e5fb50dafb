import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanUp, freePort, spawnServer as start, stop, tempDir, until } from '../test/nodes';

/**
 * The server as a person starts it: a real process from the server's entry point, with only
 * environment variables. These are the start-up rules that no in-process test can show.
 */

afterAll(cleanUp);

describe('the server process', () => {
  it('on a public PUBLIC_URL has no mailbox, no demo account, and warns that mail goes nowhere', async () => {
    const port = await freePort();
    const run = start({ PORT: String(port), DATA_DIR: tempDir(), PUBLIC_URL: 'https://club.pennant.example' });
    await until(() => run.output().includes('Pennant is running at https://club.pennant.example'), 'start');
    const base = `http://127.0.0.1:${port}`;
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    expect((await fetch(`${base}/dev/mailbox`)).status).toBe(404);
    expect((await fetch(`${base}/dev/mailbox/messages.json`)).status).toBe(404);
    const demo = await fetch(`${base}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://club.pennant.example' },
      body: JSON.stringify({ email: 'demo@pennant.app', password: 'pennant-demo' }),
    });
    expect(demo.status).toBe(401);
    // A write from the request's own (non-public) origin is not ours on a public deployment.
    const local = await fetch(`${base}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ email: 'demo@pennant.app', password: 'pennant-demo' }),
    });
    expect(local.status).toBe(403);
    expect(run.output()).not.toContain('pennant-demo');
    expect(run.errors()).toContain('outgoing mail is NOT delivered');
    await stop(run);
  }, 90_000);

  it('in local mode prints the URL and the demo sign-in on every start, and keeps a second server off its data', async () => {
    const dataDir = tempDir();
    const port = await freePort();
    const first = start({ PORT: String(port), DATA_DIR: dataDir });
    await until(() => first.output().includes('password: pennant-demo'), 'first start with the demo sign-in');
    expect(first.output()).toContain(`Pennant is running at http://localhost:${port}`);
    expect(first.output()).toContain(`http://localhost:${port}/dev/mailbox`);
    // Quiet: request logs go to the log file, not the terminal.
    expect(first.output()).not.toContain('"msg"');

    const second = start({ PORT: String(await freePort()), DATA_DIR: dataDir });
    expect(await second.exited).toBe(1);
    expect(second.errors()).toContain(`Data directory ${dataDir} is in use by process ${first.child.pid}`);
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);

    await stop(first);
    const again = start({ PORT: String(port), DATA_DIR: dataDir });
    await until(() => again.output().includes('password: pennant-demo'), 'second start with the demo sign-in');
    await stop(again);
  }, 120_000);

  it('takes over a stale lock left by a process that is gone', async () => {
    const dataDir = tempDir();
    writeFileSync(join(dataDir, 'pennant.lock'), '999999');
    const port = await freePort();
    const run = start({ PORT: String(port), DATA_DIR: dataDir, SEED_DEMO: 'never' });
    await until(() => run.output().includes('Pennant is running'), 'start over a stale lock');
    await stop(run);
  }, 90_000);

  it('refuses to start with one clear line: open interface without PUBLIC_URL, short secret, damaged data', async () => {
    const open = start({ PORT: String(await freePort()), DATA_DIR: tempDir(), HOST: '0.0.0.0' });
    expect(await open.exited).toBe(1);
    expect(open.errors()).toContain('HOST=0.0.0.0 would listen beyond this machine');

    const secret = start({ PORT: String(await freePort()), DATA_DIR: tempDir(), SESSION_SECRET: 'short' });
    expect(await secret.exited).toBe(1);
    expect(secret.errors()).toContain('SESSION_SECRET must be at least 32 characters');

    const damaged = tempDir();
    mkdirSync(join(damaged, 'pglite'));
    writeFileSync(join(damaged, 'pglite', 'PG_VERSION'), 'not a database');
    const broken = start({ PORT: String(await freePort()), DATA_DIR: damaged });
    expect(await broken.exited).toBe(1);
    const lines = broken.errors().trim().split('\n').filter(Boolean);
    expect(
      lines.some((l) => l.includes(`The embedded database in ${join(damaged, 'pglite')} could not be opened`)),
    ).toBe(true);
    expect(broken.errors()).not.toMatch(/\n\s+at /);
  }, 90_000);
});
