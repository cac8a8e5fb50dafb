import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { z } from 'zod';
import { sql } from '../db/client';
import { withPlatform } from '../db/tenant';
import { claimEmail, recordEmail } from '../emails/outgoing.repo';
import { listOutbox } from '../integrations/mail/outbox';
import { forEachDatabase, type TTestEnv } from '../test/harness';
import { platformExec, platformQuery } from '../test/team-fixtures';
import { sendEmailJob, sweepEmailJob } from './send-email.job';

/** A recorded message, and a reader of its status and of the outbox's copies of it. */
async function message(env: TTestEnv) {
  const { deps, dataDir } = env;
  const subject = `Crash ${randomUUID()}`;
  const id = await withPlatform(deps.db, deps.log, 'test', (tx) =>
    recordEmail(tx, { orgId: null, idempotencyKey: subject, to: ['a@example.com'], subject, html: '<p>hi</p>' }),
  );
  if (!id) throw new Error('not recorded');
  const status = async () =>
    (
      await platformQuery(env, z.object({ status: z.string() }), sql`SELECT status FROM email_message WHERE id = ${id}`)
    )[0]?.status;
  const delivered = () => listOutbox(dataDir).filter((m) => m.subject === subject).length;
  return { id, status, delivered };
}

/** The claim of a send-email job whose node then died: the message is left sending. */
function claimAndDie(env: TTestEnv, id: string, jobId: string) {
  return withPlatform(env.deps.db, env.deps.log, 'test', (tx) => claimEmail(tx, id, jobId));
}

forEachDatabase('send-email: a node that dies in the middle of a send', (env) => {
  it('the same job’s retry sends the message its dead attempt left sending; any other job leaves it', async () => {
    const m = await message(env());
    await claimAndDie(env(), m.id, 'job-1');
    expect(await m.status()).toBe('sending');

    // A second job for the message (a sweep's, a duplicate): it is being sent, not this job's to take.
    await sendEmailJob(env().deps).handler({ emailId: m.id }, { id: 'job-2' });
    expect(m.delivered()).toBe(0);
    expect(await m.status()).toBe('sending');

    // The queue retries job-1 once its heartbeat has stopped: it claims the message again and sends it.
    await sendEmailJob(env().deps).handler({ emailId: m.id }, { id: 'job-1' });
    expect(m.delivered()).toBe(1);
    expect(await m.status()).toBe('sent');
    await sendEmailJob(env().deps).handler({ emailId: m.id }, { id: 'job-1' });
    expect(m.delivered()).toBe(1);
  });

  it('the sweep counts a send as stuck from its claim: an old message being sent now is not sent again', async () => {
    const m = await message(env());
    await platformExec(env(), sql`UPDATE email_message SET created_at = now() - interval '1 hour' WHERE id = ${m.id}`);
    await claimAndDie(env(), m.id, 'job-1');
    const sweep = sweepEmailJob(env().deps);
    await sweep.handler({});
    expect(await m.status()).toBe('sending');
    expect(m.delivered()).toBe(0);

    // Ten minutes after the claim with no word from its job, the sweep queues it again (and sends it).
    await platformExec(
      env(),
      sql`UPDATE email_message SET claimed_at = now() - interval '11 minutes' WHERE id = ${m.id}`,
    );
    await sweep.handler({});
    expect(await m.status()).toBe('sent');
    expect(m.delivered()).toBe(1);
  });
});
