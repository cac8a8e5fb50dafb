import { expect, it } from 'vitest';
import { withPlatform } from '../db/tenant';
import { recordEmail } from '../emails/outgoing.repo';
import { listOutbox } from '../integrations/mail/outbox';
import { forEachDatabase } from '../test/harness';
import { enqueueEmails } from './send-email.job';

async function eventually<T>(fn: () => T | Promise<T>, ok: (v: T) => boolean, ms = 20_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (ok(v) || Date.now() > until) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}

forEachDatabase(
  'pg-boss queue',
  (env) => {
    it('delivers a recorded e-mail through the real queue, once', async () => {
      const { deps, dataDir } = env();
      const subject = `Queued ${Date.now()}`;
      const id = await withPlatform(deps.db, deps.log, 'test', (tx) =>
        recordEmail(tx, { orgId: null, idempotencyKey: subject, to: ['a@example.com'], subject, html: '<p>hi</p>' }),
      );
      // Enqueued twice on purpose: the handler's conditional claim keeps it to one message.
      await enqueueEmails(deps, [id, id]);
      const sent = await eventually(
        () => listOutbox(dataDir).filter((m) => m.subject === subject),
        (found) => found.length > 0,
      );
      await new Promise((r) => setTimeout(r, 1500));
      expect(listOutbox(dataDir).filter((m) => m.subject === subject)).toHaveLength(sent.length);
      expect(sent).toHaveLength(1);
    });

    it('works a backlog without waiting out the polling interval after each job', async () => {
      const { deps, dataDir } = env();
      const subject = `Backlog ${Date.now()}`;
      const ids = await withPlatform(deps.db, deps.log, 'test', async (tx) => {
        const made: (string | null)[] = [];
        for (let i = 0; i < 30; i += 1) {
          made.push(
            await recordEmail(tx, {
              orgId: null,
              idempotencyKey: `${subject} ${i}`,
              to: [`backlog${i}@example.com`],
              subject,
              html: '<p>hi</p>',
            }),
          );
        }
        return made;
      });
      const started = Date.now();
      await enqueueEmails(deps, ids);
      const sent = await eventually(
        () => listOutbox(dataDir).filter((m) => m.subject === subject),
        (found) => found.length === 30,
      );
      expect(sent).toHaveLength(30);
      // One job per poll (a second each) would take half a minute.
      expect(Date.now() - started).toBeLessThan(12_000);
    });
  },
  { queue: 'pg-boss' },
);
