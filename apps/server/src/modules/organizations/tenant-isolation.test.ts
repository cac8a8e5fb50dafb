import { expect, it } from 'vitest';
import { z } from 'zod';
import { column, rows, sql } from '../../db/client';
import { APP_ROLE } from '../../db/roles';
import { TENANT_TABLES } from '../../db/tenant-tables';
import { ownerWithOrg } from '../../test/fixtures';
import { forEachDatabase } from '../../test/harness';
import { invite, platformExec, platformQuery, teammate } from '../../test/team-fixtures';

/** Tables this fixture fills in both organizations. */
const TABLES = ['organization', 'user_role', 'invite_token', 'company', 'email_message'] as const;

forEachDatabase('tenant isolation: organizations, team, invites, dashboard', (env) => {
  /** Org A: an owner, a teammate, a pending invite and companies. Org B: an owner alone. */
  async function twoOrganizations() {
    const a = env().client();
    const ownerA = await ownerWithOrg(a, 'Alpha Athletics');
    const mateA = await teammate(env(), a, ownerA.orgId, ['treasurer'], 'Alpha Mate');
    const pendingA = await invite(a, ['admin'], undefined, env());
    await platformExec(
      env(),
      sql`INSERT INTO company (org_id, name, status) VALUES (${ownerA.orgId}, 'Alpha Sponsor', 'sponsor'),
            (${ownerA.orgId}, 'Alpha Prospect', 'prospect')`,
    );
    const b = env().client();
    const ownerB = await ownerWithOrg(b, 'Beta Boosters');
    return { a, ownerA, mateA, pendingA, b, ownerB };
  }

  it('shows a second organization none of the first one’s rows through the API', async () => {
    const { ownerA, mateA, b, ownerB } = await twoOrganizations();

    const members = await b.get<{ members: { email: string }[] }>('/api/team/members');
    expect(members.body.members.map((m) => m.email)).toEqual([ownerB.email]);
    expect(members.body.members.map((m) => m.email)).not.toContain(mateA.email);
    expect(members.body.members.map((m) => m.email)).not.toContain(ownerA.email);

    expect((await b.get<{ invites: unknown[] }>('/api/team/invites')).body.invites).toEqual([]);
    expect((await b.get('/api/organization/settings')).body).toMatchObject({ id: ownerB.orgId, name: 'Beta Boosters' });
    expect((await b.get('/api/plan')).body).toMatchObject({
      usage: { activeSponsors: 0, teamMembers: 1, pendingInvites: 0 },
    });
    expect((await b.get('/api/dashboard/metrics')).body).toMatchObject({ totalCompanies: 0, sponsoringCompanies: 0 });
  });

  it('answers 404 for another organization’s invitation and leaves it untouched', async () => {
    const { a, pendingA, b } = await twoOrganizations();
    for (const action of ['resend', 'cancel']) {
      const res = await b.post(`/api/team/invites/${pendingA.inviteId}/${action}`);
      expect(res.status, action).toBe(404);
    }
    const stillThere = await a.get<{ invites: { id: string; expiresAt: string }[] }>('/api/team/invites');
    expect(stillThere.body.invites.map((i) => i.id)).toEqual([pendingA.inviteId]);
    const [mails] = await platformQuery(
      env(),
      z.object({ n: column.count }),
      sql`SELECT count(*)::int AS n FROM email_message WHERE ${pendingA.email} = ANY("to")`,
    );
    expect(mails?.n).toBe(1);
  });

  it('a member of one organization cannot accept into it an invitation meant for another address', async () => {
    const { pendingA, b } = await twoOrganizations();
    const res = await b.post(`/api/invites/${pendingA.inviteId}/accept`, { token: pendingA.token });
    expect(res.status).toBe(403);
    expect((await b.get<{ members: unknown[] }>('/api/team/members')).body.members).toHaveLength(1);
  });

  it('shows the app role no tenant rows without an organization context, and only its own with one', async () => {
    const { ownerA, mateA, ownerB } = await twoOrganizations();
    const db = env().deps.db;
    const count = async (q: Parameters<typeof rows>[0], table: string) => {
      const [row] = await rows(q, z.object({ n: column.count }), sql.raw(`SELECT count(*) AS n FROM ${table}`));
      return Number(row?.n ?? 0);
    };

    const everything: Record<string, number> = {};
    await db.transaction(async (tx) => {
      for (const t of TABLES) everything[t] = await count(tx, t);
    });
    for (const t of TABLES) expect(everything[t], t).toBeGreaterThan(0);

    await db.transaction(async (tx) => {
      await tx.execute(sql.raw(`SET LOCAL ROLE ${APP_ROLE}`));
      // Every tenant table the schema declares, not only the ones this fixture fills (the
      // platform's global ad types, org_id null, are everyone's and not counted).
      for (const t of TENANT_TABLES) {
        const owned = t === 'organization' ? t : `${t} WHERE org_id IS NOT NULL`;
        expect(await count(tx, owned), t).toBe(0);
      }
      expect(await rows(tx, z.unknown(), sql`SELECT * FROM app_org_members()`)).toEqual([]);
    });

    await db.transaction(async (tx) => {
      await tx.execute(sql.raw(`SET LOCAL ROLE ${APP_ROLE}`));
      await tx.execute(sql`SELECT set_config('app.org_id', ${ownerA.orgId}, true)`);
      const orgs = await rows(tx, z.object({ id: z.string() }), sql`SELECT id FROM organization`);
      expect(orgs.map((o) => o.id)).toEqual([ownerA.orgId]);
      for (const t of ['user_role', 'invite_token', 'company', 'email_message']) {
        const foreign = await rows(
          tx,
          z.object({ n: column.count }),
          sql.raw(`SELECT count(*) AS n FROM ${t} WHERE org_id <> '${ownerA.orgId}'`),
        );
        expect(Number(foreign[0]?.n), t).toBe(0);
        expect(await count(tx, t), t).toBeGreaterThan(0);
      }
      const directory = await rows(tx, z.object({ email: z.string() }), sql`SELECT email FROM app_org_members()`);
      expect(directory.map((d) => d.email).sort()).toEqual([ownerA.email, mateA.email].sort());
      expect(directory.map((d) => d.email)).not.toContain(ownerB.email);
    });

    // Writing into another organization under A's context is refused by the policy.
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql.raw(`SET LOCAL ROLE ${APP_ROLE}`));
        await tx.execute(sql`SELECT set_config('app.org_id', ${ownerA.orgId}, true)`);
        await tx.execute(
          sql`INSERT INTO invite_token (org_id, email, roles_array) VALUES (${ownerB.orgId}, 'x@example.com', '{admin}')`,
        );
      }),
    ).rejects.toThrow();
  });
});
