import type { SQL } from 'drizzle-orm';
import { z } from 'zod';
import { rows, sql } from '../db/client';
import { withPlatform } from '../db/tenant';
import type { TestClient } from './client';
import { uniqueEmail } from './fixtures';
import type { TTestEnv } from './harness';

/** Raw SQL as the platform (no tenant context, row-level security bypassed): test set-up only. */
export function platformQuery<S extends z.ZodType>(env: TTestEnv, schema: S, query: SQL): Promise<z.output<S>[]> {
  return withPlatform(env.deps.db, env.deps.log, 'test', (tx) => rows(tx, schema, query));
}

/** A statement as the platform, for test set-up (no rows read). */
export async function platformExec(env: TTestEnv, query: SQL): Promise<void> {
  await withPlatform(env.deps.db, env.deps.log, 'test', (tx) => tx.execute(query));
  // A change made behind the app's back reaches its session cache by NOTIFY; wait for it, as
  // the next request from a person would.
  await env.deps.sessions.sync();
}

/**
 * Runs `change` in a platform transaction held open while `other` starts, then commits it 200 ms
 * later and waits for both: how a test shows that a write made at the same moment is waited for.
 */
export async function whileHeld(env: TTestEnv, change: SQL, other: () => Promise<unknown>): Promise<void> {
  let changed!: () => void;
  const madeChange = new Promise<void>((resolve) => {
    changed = resolve;
  });
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const first = withPlatform(env.deps.db, env.deps.log, 'test', async (tx) => {
    await tx.execute(change);
    changed();
    await held;
  });
  await madeChange;
  const second = other();
  await new Promise((resolve) => setTimeout(resolve, 200));
  release();
  await Promise.all([first, second]);
}

export async function setPlan(
  env: TTestEnv,
  orgId: string,
  planKey: string | null,
  status: string | null,
  periodEnd: string | null = null,
): Promise<void> {
  await platformExec(
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
  /** The link's secret, read from the last e-mail sent to the invited address. */
  token: string;
}

/** The newest message recorded for an address (the outbox as the recipient would see it). */
export async function lastEmailTo(
  env: TTestEnv,
  email: string,
): Promise<{ subject: string; text: string; html: string }> {
  const [found] = await platformQuery(
    env,
    z.object({ subject: z.string(), text: z.string().nullable(), html: z.string() }),
    sql`SELECT subject, text, html FROM email_message WHERE ${email} = ANY("to") ORDER BY created_at DESC, id DESC LIMIT 1`,
  );
  if (!found) throw new Error(`no e-mail to ${email}`);
  return { subject: found.subject, text: found.text ?? '', html: found.html };
}

/** The secret of the invite link in the newest e-mail to that address. */
export async function inviteTokenFor(env: TTestEnv, email: string): Promise<string> {
  const { text } = await lastEmailTo(env, email);
  const token = /[?&]token=([A-Za-z0-9_-]+)/.exec(text)?.[1];
  if (!token) throw new Error(`no invite link in the e-mail to ${email}`);
  return token;
}

/** The owner (or an admin) invites an address; fails loudly when the API refuses. */
export async function invite(
  inviter: TestClient,
  roles: string[] = ['treasurer'],
  email = uniqueEmail('invitee'),
  env?: TTestEnv,
): Promise<TInvited> {
  const res = await inviter.post<{ id: string; email: string }>('/api/team/invites', { email, roles });
  if (res.status !== 201) throw new Error(`invite failed: ${res.status} ${JSON.stringify(res.body)}`);
  const token = env ? await inviteTokenFor(env, res.body.email) : '';
  return { inviteId: res.body.id, email: res.body.email, token };
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
  const { inviteId, email, token } = await invite(inviter, roles, uniqueEmail('invitee'), env);
  const client = env.client();
  const password = 'teammate-pass';
  const res = await client.post(`/api/invites/${inviteId}/sign-up`, { email, fullName, password, token });
  if (res.status !== 200) throw new Error(`invite sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { client, email, password, inviteId };
}
