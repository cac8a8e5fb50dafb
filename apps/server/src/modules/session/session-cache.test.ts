import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { zonedToday } from '@pennant/shared/months';
import { DEFAULT_TIMEZONE } from '@pennant/shared/profile/timezones';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app';
import { boot, shutdown } from '../../boot';
import { loadConfig } from '../../config';
import { openPostgres, sql } from '../../db/client';
import type { TDeps } from '../../deps';
import { createLogger } from '../../logger';
import { TestClient } from '../../test/client';
import { freshDatabase } from '../../test/databases';
import { ownerWithOrg } from '../../test/fixtures';
import { forEachDatabase, type TTestEnv } from '../../test/harness';
import { platformExec, teammate } from '../../test/team-fixtures';
import { SESSION_CACHE_TTL_MS, signedTokenFrom, validSignature } from './session-cache';

/** Polls until the reply has the status, and says how long that took (ms), or fails after `within`. */
async function statusWithin(client: TestClient, path: string, status: number, within = 2_000): Promise<number> {
  const started = Date.now();
  for (;;) {
    const res = await client.get(path);
    if (res.status === status) return Date.now() - started;
    if (Date.now() - started > within) throw new Error(`${path} still ${res.status} after ${within} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Two zones whose dates always differ (UTC+14 and UTC-11): a calendar read in the wrong one shows. */
const EARLIEST_ZONE = 'Pacific/Kiritimati';
const LATEST_ZONE = 'Pacific/Pago_Pago';

/** Polls the invoice form until its today is today in the zone, and says how long that took (ms). */
async function formTodayWithin(client: TestClient, zone: string, within = 2_000): Promise<number> {
  const started = Date.now();
  for (;;) {
    const res = await client.get<{ today: string }>('/api/invoices/form');
    expect(res.status).toBe(200);
    if (res.body.today === zonedToday(new Date(), zone)) return Date.now() - started;
    if (Date.now() - started > within) throw new Error(`the form's today is ${res.body.today}, not ${zone}'s`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The same browser, talking to another node: the same cookies. */
function sameBrowserOn(app: ReturnType<typeof createApp>, from: TestClient): TestClient {
  const other = new TestClient(app);
  for (const [k, v] of from.cookies) other.cookies.set(k, v);
  return other;
}

describe('session cookie signature', () => {
  it('accepts better-auth’s signature of the token and refuses any other', () => {
    // base64 HMAC-SHA256('abc', key 'secret'), as better-call signs cookies.
    const signature = 'mUba1OAOkT/Ivo5dP34RCkqegy+D+wnDRShdeGONig4=';
    expect(validSignature('abc', signature, 'secret')).toBe(true);
    expect(validSignature('abd', signature, 'secret')).toBe(false);
    expect(validSignature('abc', signature, 'other')).toBe(false);
    expect(validSignature('abc', 'short', 'secret')).toBe(false);
    expect(signedTokenFrom(`a=1; pennant.session_token=${encodeURIComponent(`abc.${signature}`)}`)).toEqual({
      value: `abc.${signature}`,
      token: 'abc',
      signature,
    });
    expect(signedTokenFrom('pennant.session_token=nodot')).toBeNull();
  });
});

forEachDatabase('session check', (env) => {
  it('a sign-out ends the session at once on this node, even for reads it had answered from the cache', async () => {
    const owner = env().client();
    await ownerWithOrg(owner);
    const copy = sameBrowserOn(env().app, owner);
    expect((await copy.get('/api/companies')).status).toBe(200);
    expect((await copy.get('/api/companies')).status).toBe(200);
    expect((await owner.post('/api/auth/sign-out')).status).toBe(200);
    expect((await copy.get('/api/companies')).status).toBe(401);
  });

  it('a read answered from the cache still needs the signature it was cached with', async () => {
    const owner = env().client();
    await ownerWithOrg(owner);
    expect((await owner.get('/api/companies')).status).toBe(200);
    expect((await owner.get('/api/companies')).status).toBe(200);
    const [name, value] = [...owner.cookies].find(([k]) => k.endsWith('session_token')) ?? ['', ''];
    const raw = decodeURIComponent(value);
    const token = raw.slice(0, raw.lastIndexOf('.'));
    const forged = new TestClient(env().app);
    // The cached token under another signature (a valid one's length, one character changed).
    const signature = raw.slice(raw.lastIndexOf('.') + 1);
    const other = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    forged.cookies.set(name, encodeURIComponent(`${token}.${other}`));
    expect((await forged.get('/api/companies')).status).toBe(401);
    // And the token alone.
    forged.cookies.set(name, encodeURIComponent(token));
    expect((await forged.get('/api/companies')).status).toBe(401);
    expect((await owner.get('/api/companies')).status).toBe(200);
  });

  it('a saved zone is the calendar of the next read: the owner’s for every member, the viewer’s own for them', async () => {
    const owner = env().client();
    const { orgId } = await ownerWithOrg(owner);
    const mate = await teammate(env(), owner, orgId, ['treasurer']);
    // The teammate's session is cached with the organization's calendar before the owner changes it.
    await formTodayWithin(mate.client, DEFAULT_TIMEZONE, 0);

    for (const zone of [EARLIEST_ZONE, LATEST_ZONE]) {
      expect((await owner.put('/api/profile/timezone', { timezone: zone, autoDetect: false })).status).toBe(200);
      // The owner's write has been heard by the time it answers: the very next read has it.
      await formTodayWithin(mate.client, zone, 0);
    }

    // The teammate's own zone is their dashboard's calendar; the organization's stays the owner's.
    expect(
      (await mate.client.put('/api/profile/timezone', { timezone: EARLIEST_ZONE, autoDetect: false })).status,
    ).toBe(200);
    const dashboard = await mate.client.get<{ timezone: string }>('/api/dashboard/metrics');
    expect(dashboard.body.timezone).toBe(EARLIEST_ZONE);
    await formTodayWithin(mate.client, LATEST_ZONE, 0);

    // Ownership is the organization's calendar too: with the owner's role row gone by hand, the
    // calendar is the default again.
    await platformExec(env(), sql`UPDATE user_role SET is_owner = false WHERE org_id = ${orgId} AND is_owner`);
    await formTodayWithin(mate.client, DEFAULT_TIMEZONE);
  });

  it('a role removed by hand in the database is refused on the next read', async () => {
    const owner = env().client();
    const { orgId } = await ownerWithOrg(owner);
    const mate = await teammate(env(), owner, orgId, ['treasurer']);
    expect((await mate.client.get('/api/companies')).status).toBe(200);
    await platformExec(env(), sql`DELETE FROM user_role WHERE org_id = ${orgId} AND is_owner = false`);
    await statusWithin(mate.client, '/api/companies', 403);
  });
});

/** Two app nodes on one PostgreSQL database: what one node changes, the other's cache lets go of. */
describe.runIf(process.env.TEST_DATABASE_URL)('session check across two nodes [PostgreSQL]', () => {
  const nodes: TDeps[] = [];
  let drop: () => Promise<void> = async () => undefined;
  let appA: ReturnType<typeof createApp>;
  let appB: ReturnType<typeof createApp>;
  let envA: TTestEnv;

  beforeAll(async () => {
    const fresh = await freshDatabase('postgres');
    drop = fresh.drop;
    if (!fresh.url) throw new Error('a PostgreSQL test database has a URL');
    const url = fresh.url;
    const dataDir = mkdtempSync(join(tmpdir(), 'pennant-test-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      PORT: '3999',
      PUBLIC_URL: 'http://localhost:3999',
      LOG_LEVEL: 'silent',
      DATABASE_URL: url,
    });
    const a = await boot(config, createLogger('silent'), { queue: 'inline', database: fresh.database });
    const b = await boot(config, createLogger('silent'), {
      queue: 'inline',
      database: await openPostgres(url, 5),
    });
    nodes.push(a, b);
    appA = createApp(a);
    appB = createApp(b);
    envA = { kind: 'postgres', deps: a, app: appA, dataDir, client: () => new TestClient(appA) };
  }, 60_000);
  afterAll(async () => {
    for (const node of nodes) await shutdown(node);
    await drop();
  }, 30_000);

  it(`sign-out and role removal on node A take effect on node B well within the ${SESSION_CACHE_TTL_MS / 1000} s bound`, async () => {
    const owner = envA.client();
    const { orgId } = await ownerWithOrg(owner);
    const mate = await teammate(envA, owner, orgId, ['treasurer']);
    const ownerOnB = sameBrowserOn(appB, owner);
    const mateOnB = sameBrowserOn(appB, mate.client);
    // Node B has answered both, so it holds both sessions.
    expect((await ownerOnB.get('/api/companies')).status).toBe(200);
    expect((await mateOnB.get('/api/companies')).status).toBe(200);
    expect((await mateOnB.get('/api/companies')).status).toBe(200);

    // The treasurer is removed from the organization on node A's database: B refuses them.
    await platformExec(envA, sql`DELETE FROM user_role WHERE org_id = ${orgId} AND is_owner = false`);
    const roleMs = await statusWithin(mateOnB, '/api/companies', 403);

    // The owner signs out on A: B no longer knows the session.
    expect((await owner.post('/api/auth/sign-out')).status).toBe(200);
    const signOutMs = await statusWithin(ownerOnB, '/api/companies', 401);
    process.stdout.write(
      `session check: node B let go of a removed role after ${roleMs} ms and of a signed-out session after ${signOutMs} ms\n`,
    );
  });

  it('a zone the owner saves on node A is every member’s calendar on node B well within the bound', async () => {
    const owner = envA.client();
    const { orgId } = await ownerWithOrg(owner);
    const mate = await teammate(envA, owner, orgId, ['treasurer']);
    const mateOnB = sameBrowserOn(appB, mate.client);
    await formTodayWithin(mateOnB, DEFAULT_TIMEZONE, 0);

    expect((await owner.put('/api/profile/timezone', { timezone: EARLIEST_ZONE, autoDetect: false })).status).toBe(200);
    const zoneMs = await formTodayWithin(mateOnB, EARLIEST_ZONE);
    process.stdout.write(`session check: node B took up the owner's new calendar after ${zoneMs} ms\n`);
  });
});
