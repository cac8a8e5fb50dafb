import type { TSystemHealth } from '@pennant/shared/admin/schemas';
import { expect, it } from 'vitest';
import { sql } from '../../db/client';
import { withPlatform } from '../../db/tenant';
import { recordEmail } from '../../emails/outgoing.repo';
import { enqueueEmails } from '../../jobs/send-email.job';
import { forEachDatabase } from '../../test/harness';
import { platformAdmin } from './fixtures/admin-fixtures';

async function eventually<T>(fn: () => Promise<T>, ok: (v: T) => boolean, ms = 20_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (ok(v) || Date.now() > until) return v;
    await new Promise((r) => setTimeout(r, 200));
  }
}

forEachDatabase(
  'admin console: system health on the real queue',
  (env) => {
    it('counts completed and failed jobs and lists the latest failures with their task and time', async () => {
      const { deps } = env();
      const admin = await platformAdmin(env());
      const health = async () => (await admin.client.get<TSystemHealth>('/api/admin/system-health')).body;

      // A job that completes: an e-mail delivered to the outbox.
      const subject = `Health ${Date.now()}`;
      const id = await withPlatform(deps.db, deps.log, 'test', (tx) =>
        recordEmail(tx, { orgId: null, idempotencyKey: subject, to: ['a@example.com'], subject, html: '<p>hi</p>' }),
      );
      await enqueueEmails(deps, [id]);
      const done = await eventually(health, (h) => h.successCount >= 1);
      expect(done).toMatchObject({ healthy: true, healthPercent: 100, errorCount: 0, lastErrors: [] });

      // A job that failed for good, as pg-boss leaves it after its last retry.
      await deps.db.execute(
        sql`INSERT INTO pgboss.job (name, state, data, started_on, completed_on, output)
            VALUES ('send-email', 'failed', '{}'::jsonb, now() - interval '1 minute', now(),
                    '{"message": "SMTP refused the message"}'::jsonb)`,
      );
      const after = await health();
      expect(after.errorCount).toBe(1);
      expect(after.successCount).toBe(done.successCount);
      expect(after.healthPercent).toBeLessThan(100);
      expect(after.lastErrors).toEqual([
        { runAt: expect.any(String), taskName: 'send-email', message: 'SMTP refused the message' },
      ]);
      expect(Date.now() - Date.parse(after.lastErrors[0]?.runAt ?? '')).toBeLessThan(60_000);
    });
  },
  { queue: 'pg-boss' },
);
