import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { column, sql } from '../../db/client';
import { forEachDatabase, type TTestEnv } from '../../test/harness';
import { platformQuery } from '../../test/team-fixtures';
import { launchCampaign } from './campaign-launch.service';
import { delivered, fundraisingOrg, seedCampaign, unsubscribeTokenIn } from './fixtures/launch-fixtures';
import { unsubscribeByToken } from './unsubscribe.service';
import { signUnsubscribeToken, unsubscribeSigningKey, verifyUnsubscribeToken } from './unsubscribe-token';

describe('unsubscribe tokens', () => {
  const key = unsubscribeSigningKey('x'.repeat(40));
  const subject = { orgId: randomUUID(), contactId: randomUUID() };

  it('name the organization and contact they were signed for', () => {
    const token = signUnsubscribeToken(key, subject);
    expect(verifyUnsubscribeToken(key, token)).toEqual({ ...subject, kind: 'fundraising_contact' });
    expect(token.length).toBeLessThan(100);
  });

  it('tell a prospect e-mail’s company contact from a fundraising contact with the same ids', () => {
    const company = signUnsubscribeToken(key, { ...subject, kind: 'company_contact' });
    expect(verifyUnsubscribeToken(key, company)).toEqual({ ...subject, kind: 'company_contact' });
    expect(company).not.toBe(signUnsubscribeToken(key, subject));
  });

  it('are refused when forged, altered, cut short or signed with another secret', () => {
    const token = signUnsubscribeToken(key, subject);
    const [payload = '', mac = ''] = token.split('.');
    const other = signUnsubscribeToken(key, { orgId: subject.orgId, contactId: randomUUID() });
    const otherPayload = other.split('.')[0] ?? '';
    expect(verifyUnsubscribeToken(key, `${otherPayload}.${mac}`)).toBeNull();
    expect(verifyUnsubscribeToken(key, `${payload}.${mac.slice(0, -2)}`)).toBeNull();
    expect(verifyUnsubscribeToken(key, payload)).toBeNull();
    expect(verifyUnsubscribeToken(key, '')).toBeNull();
    expect(verifyUnsubscribeToken(unsubscribeSigningKey('y'.repeat(40)), token)).toBeNull();
  });
});

async function contactRow(env: TTestEnv, email: string) {
  const [row] = await platformQuery(
    env,
    z.object({ email_opt_out: z.boolean(), opt_out_at: column.instant.nullable() }),
    sql`SELECT email_opt_out, opt_out_at FROM fundraising_contact WHERE email = ${email}`,
  );
  if (!row) throw new Error('no contact');
  return { optedOut: row.email_opt_out, at: row.opt_out_at ? new Date(row.opt_out_at).toISOString() : null };
}

forEachDatabase('fundraising: unsubscribe', (env) => {
  it('the link of a campaign e-mail opts the contact out once: twice keeps the first opt-out', async () => {
    env().deps.config.campaignSendCadenceSeconds = 0;
    const { orgId, member } = await fundraisingOrg(env(), 'Unsubscribe Eagles');
    const c = await seedCampaign(env(), orgId, {
      contacts: [
        { name: 'Leaving Now', email: 'leaving@unsub.test' },
        { name: 'Staying On', email: 'staying@unsub.test' },
      ],
    });
    await launchCampaign(env().deps, member, c.id, { subject: 'Hi', body: 'Hello [Recipient]\n\n[Unsubscribe]' });
    const [mail] = delivered(env(), 'leaving@unsub.test');
    const token = unsubscribeTokenIn(mail?.html ?? '');

    expect(await unsubscribeByToken(env().deps, token)).toEqual({ ok: true });
    const first = await contactRow(env(), 'leaving@unsub.test');
    expect(first.optedOut).toBe(true);
    expect(first.at).not.toBeNull();
    expect(await unsubscribeByToken(env().deps, token)).toEqual({ ok: true });
    expect(await contactRow(env(), 'leaving@unsub.test')).toEqual(first);
    expect(await contactRow(env(), 'staying@unsub.test')).toEqual({ optedOut: false, at: null });
  });

  it('a forged or damaged link is invalid-link and changes nothing; no secret is config-error', async () => {
    const { orgId } = await fundraisingOrg(env(), 'Forged Eagles');
    const c = await seedCampaign(env(), orgId, { contacts: [{ name: 'Target', email: 'target@forged.test' }] });
    const contactId = c.contacts.get('target@forged.test') ?? '';
    const forged = signUnsubscribeToken(unsubscribeSigningKey('not-the-secret'.repeat(4)), { orgId, contactId });
    expect(await unsubscribeByToken(env().deps, forged)).toEqual({ ok: false, reason: 'invalid-link' });
    expect(await unsubscribeByToken(env().deps, 'garbage')).toEqual({ ok: false, reason: 'invalid-link' });
    expect(await contactRow(env(), 'target@forged.test')).toEqual({ optedOut: false, at: null });

    const unconfigured = { ...env().deps, config: { ...env().deps.config, sessionSecret: '' } };
    expect(await unsubscribeByToken(unconfigured, forged)).toEqual({ ok: false, reason: 'config-error' });
  });

  it('a token for a contact of another organization opts out nobody there', async () => {
    const a = await fundraisingOrg(env(), 'Token Org A');
    const b = await fundraisingOrg(env(), 'Token Org B');
    const c = await seedCampaign(env(), a.orgId, { contacts: [{ name: 'A Contact', email: 'a@cross.test' }] });
    const key = unsubscribeSigningKey(env().deps.config.sessionSecret);
    // Signed, but naming organization B with A's contact: the opt-out is scoped to the organization named.
    const token = signUnsubscribeToken(key, { orgId: b.orgId, contactId: c.contacts.get('a@cross.test') ?? '' });
    expect(await unsubscribeByToken(env().deps, token)).toEqual({ ok: true });
    expect(await contactRow(env(), 'a@cross.test')).toEqual({ optedOut: false, at: null });
  });

  it('the link opens the result page; mail clients POST the List-Unsubscribe address without an Origin', async () => {
    const { orgId } = await fundraisingOrg(env(), 'Route Unsubscribe Eagles');
    const c = await seedCampaign(env(), orgId, {
      contacts: [
        { name: 'Clicker', email: 'click@route-unsub.test' },
        { name: 'Client', email: 'client@route-unsub.test' },
      ],
    });
    const key = unsubscribeSigningKey(env().deps.config.sessionSecret);
    const tokenFor = (email: string) => signUnsubscribeToken(key, { orgId, contactId: c.contacts.get(email) ?? '' });
    const base = 'http://localhost:3999/api/public/unsubscribe';

    const link = await env().app.request(
      `${base}?${new URLSearchParams({ token: tokenFor('click@route-unsub.test') })}`,
    );
    expect(link.status).toBe(302);
    expect(link.headers.get('location')).toBe('http://localhost:3999/unsubscribe?unsubscribe=success');
    expect((await contactRow(env(), 'click@route-unsub.test')).optedOut).toBe(true);
    const bad = await env().app.request(`${base}?token=forged.token`);
    expect(bad.headers.get('location')).toBe('http://localhost:3999/unsubscribe?unsubscribe=error&reason=invalid-link');

    // RFC 8058: a form POST with no Origin or Referer; the signed token is the proof.
    const oneClick = (token: string) =>
      env().app.request(`${base}?${new URLSearchParams({ token })}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
    expect((await oneClick(tokenFor('client@route-unsub.test'))).status).toBe(200);
    expect((await contactRow(env(), 'client@route-unsub.test')).optedOut).toBe(true);
    expect((await oneClick('forged.token')).status).toBe(400);
    // The exemption is this path and method only: another public write still needs an Origin.
    const other = await env().app.request('http://localhost:3999/api/public/donations', { method: 'POST' });
    expect(other.status).toBe(403);
  });
});
