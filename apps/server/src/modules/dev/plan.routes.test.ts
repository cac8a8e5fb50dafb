import type { TPlanReply } from '@pennant/shared/organization/schemas';
import type { TSessionReply } from '@pennant/shared/session/schemas';
import { describe, expect, it } from 'vitest';
import { ownerWithOrg } from '../../test/fixtures';
import { forEachDatabase } from '../../test/harness';

forEachDatabase('the local-mode plan switch', (env) => {
  describe('POST /dev/api/plan', () => {
    it('sets a premium plan active by default', async () => {
      const client = env().client();
      await ownerWithOrg(client);
      expect((await client.post('/dev/api/plan', { planKey: 'premium_month' })).status).toBe(200);
      const plan = await client.get<TPlanReply>('/api/plan');
      expect(plan.body).toMatchObject({ planKey: 'premium_month', status: 'active' });
      expect(plan.body.usage.teamLimit).toBeNull();
    });

    it('sets a subscription status such as past_due, which keeps the free limits', async () => {
      const client = env().client();
      await ownerWithOrg(client);
      expect((await client.post('/dev/api/plan', { planKey: 'premium_year', status: 'past_due' })).status).toBe(200);
      const plan = await client.get<TPlanReply>('/api/plan');
      expect(plan.body).toMatchObject({ planKey: 'premium_year', status: 'past_due' });
      expect(plan.body.usage).toMatchObject({ sponsorLimit: 10, teamLimit: 1 });
      const reply = await client.get<TSessionReply>('/api/session');
      expect(reply.body.session?.plan).toMatchObject({ planKey: 'premium_year', status: 'past_due' });
    });

    it('clears the status when going back to free, and refuses an unknown status', async () => {
      const client = env().client();
      await ownerWithOrg(client);
      expect((await client.post('/dev/api/plan', { planKey: 'premium_year', status: 'bogus' })).status).toBe(400);
      await client.post('/dev/api/plan', { planKey: 'premium_year', status: 'past_due' });
      expect((await client.post('/dev/api/plan', { planKey: 'free', status: 'active' })).status).toBe(200);
      const plan = await client.get<TPlanReply>('/api/plan');
      expect(plan.body).toMatchObject({ planKey: 'free', status: null, expiresAt: null });
    });
  });
});
