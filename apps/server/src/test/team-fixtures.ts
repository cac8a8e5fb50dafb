import type { SQL } from 'drizzle-orm';
import { rows, sql } from '../db/client';
import { withPlatform } from '../db/tenant';
import type { TestClient } from './client';
import { uniqueEmail } from './fixtures';
import type { TTestEnv } from './harness';

/** Raw SQL as the platform (no tenant context, row-level security bypassed): test set-up only. */
export function platformQuery<T = Record<string, unknown>>(env: TTestEnv, query: SQL): Promise<T[]> {
  return withPlatform(env.deps.db, env.deps.log, 'test', (tx) => rows<T>(tx, query));
}

export async function setPlan(
  env: TTestEnv,
  orgId: string,
  planKey: string | null,
  status: string | null,
  periodEnd: string | null = null,
): Promise<void> {
  await platformQuery(
    env,
    sql`UPDATE organization SET plan_key = ${planKey}, subscription_status = ${status},
          current_period_end = ${periodEnd}::timestamptz
        WHERE id = ${orgId}`,
  );
}

/** Premium, active, renewing in a year: the plan that allows more than one team member. */
export function makePremium(env: TTestEnv, orgId: string): Promise<void> {
  return setPlan(env, orgId, 'premium_year', 'active', new Date(Date.now() + 365 * 86_400_000).toISOString());
}

export interface TInvited {
  inviteId: string;
  email: string;
}

/** The owner (or an admin) invites an address; fails loudly when the API refuses. */
export async function invite(inviter: TestClient, roles: string[] = ['treasurer'], email = uniqueEmail('invitee')) {
  const res = await inviter.post<{ id: string; email: string }>('/api/team/invites', { email, roles });
  if (res.status !== 201) throw new Error(`invite failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { inviteId: res.body.id, email: res.body.email };
}

/**
 * A second member of the inviter's organization, the way a real one arrives: the organization is
 * made premium, the inviter invites, and a fresh browser creates the account from the invitation.
 */
export async function teammate(
  env: TTestEnv,
  inviter: TestClient,
  orgId: string,
  roles: string[] = ['treasurer'],
  fullName = 'Team Mate',
): Promise<{ client: TestClient; email: string; password: string; inviteId: string }> {
  await makePremium(env, orgId);
  const { inviteId, email } = await invite(inviter, roles);
  const client = env.client();
  const password = 'teammate-pass';
  const res = await client.post(`/api/invites/${inviteId}/sign-up`, { email, fullName, password });
  if (res.status !== 200) throw new Error(`invite sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { client, email, password, inviteId };
}
