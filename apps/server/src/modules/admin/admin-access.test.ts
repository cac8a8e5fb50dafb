import * as adminApi from '@pennant/shared/admin/contract';
import type { TContract } from '@pennant/shared/contract';
import { expect, it } from 'vitest';
import { sql } from '../../db/client';
import { ownerWithOrg, signUp, uniqueEmail } from '../../test/fixtures';
import { forEachDatabase } from '../../test/harness';
import { platformExec } from '../../test/team-fixtures';
import { makePlatformAdmin, platformAdmin } from './fixtures/admin-fixtures';

const SOME_ID = '00000000-0000-4000-8000-000000000000';

const isContract = (v: unknown): v is TContract => typeof v === 'object' && v !== null && 'permission' in v;
const ADMIN_CONTRACTS = Object.values(adminApi).filter(isContract);
const GATED = ADMIN_CONTRACTS.filter((c) => c.permission !== 'user');

/** A request to the contract's path with placeholder ids (the gate answers before they are read). */
const bodyOf = (c: TContract) => (c.method === 'get' ? undefined : {});
function urlOf(c: TContract): string {
  return `/api${c.path.replace('{feature}', 'personalize-email').replace(/\{[^}]+\}/g, SOME_ID)}`;
}

forEachDatabase('admin console: the gate', (env) => {
  it('refuses every console route signed out (401) and to a signed-in non-admin, even an owner (403)', async () => {
    expect(GATED.length).toBeGreaterThanOrEqual(20);
    const stranger = env().client();
    const owner = env().client();
    await ownerWithOrg(owner, 'Gate Boosters');
    for (const c of GATED) {
      const name = `${c.method.toUpperCase()} ${c.path}`;
      expect.soft((await stranger.request(c.method.toUpperCase(), urlOf(c), bodyOf(c))).status, name).toBe(401);
      const refused = await owner.request<{ error: { message: string } }>(c.method.toUpperCase(), urlOf(c), bodyOf(c));
      expect.soft(refused.status, name).toBe(403);
      expect.soft(refused.body.error.message, name).toBe('You must be an admin to access this area');
    }
    // is_app_admin answers anyone signed in, and only them.
    expect(await owner.get('/api/admin/me')).toMatchObject({ status: 200, body: { isAppAdmin: false } });
    expect((await stranger.get('/api/admin/me')).status).toBe(401);
  });

  it('opens the console to an account once it is granted, from the CLI’s table or by another admin', async () => {
    const admin = await platformAdmin(env());
    expect(await admin.client.get('/api/admin/me')).toMatchObject({ status: 200, body: { isAppAdmin: true } });
    expect((await admin.client.get('/api/session')).body).toMatchObject({ session: { isAppAdmin: true } });
    expect((await admin.client.get('/api/admin/users')).status).toBe(200);

    const helper = env().client();
    const { email } = await signUp(helper, uniqueEmail('helper'), 'Hel Per');
    expect((await helper.get('/api/admin/users')).status).toBe(403);
    const granted = await admin.client.post('/api/admin/admins', { email: email.toUpperCase() });
    expect(granted).toMatchObject({ status: 200, body: { email, isAppAdmin: true, name: 'Hel Per' } });
    expect((await helper.get('/api/admin/users')).status).toBe(200);
    expect(await admin.client.post('/api/admin/admins', { email: 'nobody@nowhere.org' })).toMatchObject({
      status: 404,
      body: { error: { message: 'No account with the e-mail nobody@nowhere.org. Sign up first.' } },
    });
    const audit = await admin.client.get<{ entries: { action: string; targetUserEmail: string }[] }>(
      '/api/admin/audit-logs?action=add_admin',
    );
    expect(audit.body.entries).toEqual([expect.objectContaining({ action: 'add_admin', targetUserEmail: email })]);
  });

  it('keeps an impersonating admin to reading the console and ending the impersonation', async () => {
    const admin = await platformAdmin(env());
    const club = env().client();
    const { orgId } = await ownerWithOrg(club, 'Impersonated Boosters');
    const other = env().client();
    const { orgId: otherOrg } = await ownerWithOrg(other, 'Other Boosters');

    expect((await admin.client.post(`/api/admin/orgs/${orgId}/impersonation`)).status).toBe(201);
    // Reads stay open.
    for (const path of ['/api/admin/users', '/api/admin/orgs', '/api/admin/audit-logs', '/api/admin/metrics']) {
      expect((await admin.client.get(path)).status, path).toBe(200);
    }
    // Every console change is refused, whatever it is, before its body is read.
    for (const c of GATED.filter((x) => x.method !== 'get' && x.permission === 'platformAdmin')) {
      const res = await admin.client.request<{ error: { message: string } }>(c.method.toUpperCase(), urlOf(c), {});
      expect.soft(res.status, `${c.method} ${c.path}`).toBe(403);
      expect.soft(res.body.error.message).toBe('End impersonation before making platform changes');
    }
    expect((await admin.client.patch(`/api/admin/orgs/${otherOrg}`, { frozen: true })).status).toBe(403);
    // Ending it is the one change allowed, and the console is whole again.
    expect(await admin.client.delete('/api/admin/impersonation')).toMatchObject({ status: 200, body: { orgId } });
    expect((await admin.client.patch(`/api/admin/orgs/${otherOrg}`, { frozen: true })).status).toBe(200);
    expect(await admin.client.delete('/api/admin/impersonation')).toMatchObject({
      status: 404,
      body: { error: { message: 'No impersonation is active' } },
    });
  });

  it('stops an impersonation from counting once the app-admin flag is revoked', async () => {
    const admin = await platformAdmin(env());
    const club = env().client();
    const { orgId } = await ownerWithOrg(club, 'Revoked Boosters');
    expect((await admin.client.post(`/api/admin/orgs/${orgId}/impersonation`)).status).toBe(201);
    expect((await admin.client.get('/api/session')).body).toMatchObject({ session: { org: { id: orgId } } });
    await platformExec(env(), sql`DELETE FROM app_admin WHERE user_id = ${admin.id}`);
    expect((await admin.client.get('/api/session')).body).toMatchObject({
      session: { isAppAdmin: false, org: null, impersonation: null },
    });
    expect((await admin.client.get('/api/companies')).status).toBe(403);
    // Granted again, the impersonation in force counts again.
    await makePlatformAdmin(env(), admin.email);
    expect((await admin.client.get('/api/session')).body).toMatchObject({ session: { org: { id: orgId } } });
  });
});
