import { expect, it } from 'vitest';
import { forEachDatabase } from '../../test/harness';
import { launchCampaign } from './campaign-launch.service';
import { delivered, fundraisingOrg, recipientRows, seedCampaign } from './fixtures/launch-fixtures';

async function eventually<T>(fn: () => T | Promise<T>, ok: (v: T) => boolean, ms = 30_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (ok(v) || Date.now() > until) return v;
    await new Promise((r) => setTimeout(r, 200));
  }
}

forEachDatabase(
  'fundraising: launch on the real queue',
  (env) => {
    it('enqueues one job per recipient in a batch, each starting at its turn', async () => {
      env().deps.config.campaignSendCadenceSeconds = 4;
      const { orgId, member } = await fundraisingOrg(env(), 'Queue Eagles');
      const c = await seedCampaign(env(), orgId, {
        contacts: [
          { name: 'Early Bird', email: 'early@queue.test' },
          { name: 'Next Up', email: 'next@queue.test' },
        ],
      });
      const started = Date.now();
      const result = await launchCampaign(env().deps, member, c.id, { subject: 'Hi', body: 'Hello [Recipient]' });
      // The reply waits for the jobs to be queued, not sent.
      expect(result.queued).toBe(2);
      expect(delivered(env(), 'next@queue.test')).toEqual([]);

      const both = await eventually(
        () => [...delivered(env(), 'early@queue.test'), ...delivered(env(), 'next@queue.test')],
        (found) => found.length === 2,
      );
      expect(both.map((m) => m.to[0]).sort()).toEqual(['early@queue.test', 'next@queue.test']);
      const at = (email: string) => Date.parse(both.find((m) => m.to[0] === email)?.sentAt ?? '');
      // The second e-mail waited for its turn, one cadence after the first.
      expect(at('next@queue.test') - started).toBeGreaterThanOrEqual(3_500);
      expect(at('next@queue.test') - at('early@queue.test')).toBeGreaterThanOrEqual(1_500);
      expect((await recipientRows(env(), c.id)).map((r) => r.status)).toEqual(['sent', 'sent']);
    }, 60_000);
  },
  { queue: 'pg-boss' },
);
