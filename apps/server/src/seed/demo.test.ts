import { expect, it } from 'vitest';
import { forEachDatabase } from '../test/harness';
import { DEMO_OWNER, seedDemoIfEmpty } from './demo';
import { DEMO_TEAMMATE } from './demo-team';

forEachDatabase('demo seed', (env) => {
  it('seeds a demo organization on an empty database, once', async () => {
    const first = await seedDemoIfEmpty(env().deps);
    expect(first?.email).toBe(DEMO_OWNER.email);
    expect(await seedDemoIfEmpty(env().deps)).toBeNull();

    const owner = env().client();
    expect(
      (await owner.post('/api/auth/sign-in', { email: DEMO_OWNER.email, password: DEMO_OWNER.password })).status,
    ).toBe(200);
    const members = await owner.get<{ members: { email: string }[] }>('/api/team/members');
    expect(members.body.members.map((m) => m.email).sort()).toEqual([DEMO_OWNER.email, DEMO_TEAMMATE.email].sort());
    const invites = await owner.get<{ invites: unknown[] }>('/api/team/invites');
    expect(invites.body.invites).toHaveLength(1);
    const companies = await owner.get<{ totalCount: number; counts: Record<string, number> }>('/api/companies');
    expect(companies.body.totalCount).toBeGreaterThanOrEqual(5);
    expect(companies.body.counts.sponsors).toBeGreaterThan(0);
  });
});
