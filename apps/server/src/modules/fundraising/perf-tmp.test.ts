import { expect, it } from 'vitest';
import { sql } from '../../db/client';
import { forEachDatabase } from '../../test/harness';
import { platformExec } from '../../test/team-fixtures';
import { campaignOrg, playerCampaignBody, postCampaign } from './fixtures/campaign-fixtures';

forEachDatabase('perf', (env) => {
  it('insights and analytics on 10k contacts / 50k donations', async () => {
    const { client, orgId } = await campaignOrg(env(), 'Perf Boosters');
    const { id } = await postCampaign(client, playerCampaignBody({ contacts: [] }));
    process.stdout.write(`step ${Date.now() % 1000000}\n`);
    await platformExec(env(), sql`INSERT INTO fundraising_contact (org_id, name, email, email_opt_out)
      SELECT ${orgId}, 'Contact ' || g, 'c' || g || '@example.org', g % 50 = 0 FROM generate_series(1, 10000) g`);
    process.stdout.write(`step ${Date.now() % 1000000}\n`);
    await platformExec(env(), sql`INSERT INTO campaign_contact (org_id, campaign_id, contact_id)
      SELECT ${orgId}, ${id}, id FROM fundraising_contact WHERE org_id = ${orgId}`);
    process.stdout.write(`step ${Date.now() % 1000000}\n`);
    await platformExec(env(), sql`INSERT INTO donation (org_id, campaign_id, contact_id, amount_cents, status, donor_email, paid_at, created_at)
      SELECT ${orgId}, ${id}, CASE WHEN g % 2 = 0 THEN fc.id END,
        100 + g % 5000, CASE WHEN g % 5 = 0 THEN 'pending' ELSE 'paid' END,
        CASE WHEN g % 3 = 0 THEN 'C' || (g % 12000 + 1) || '@example.org' END,
        CASE WHEN g % 5 = 0 THEN NULL ELSE now() - (g % 60) * interval '1 day' END, now()
      FROM generate_series(1, 50000) g
      JOIN fundraising_contact fc ON fc.org_id = ${orgId} AND lower(fc.email) = 'c' || (g % 10000 + 1) || '@example.org'`);
    process.stdout.write(`step ${Date.now() % 1000000}\n`);
    await platformExec(env(), sql`INSERT INTO email_campaign (org_id, name, fundraising_campaign_id, subject, body) VALUES (${orgId}, 'x', ${id}, 's', 'b')`);
    process.stdout.write(`step ${Date.now() % 1000000}\n`);
    await platformExec(env(), sql`INSERT INTO email_campaign_recipient (org_id, email_campaign_id, fundraising_campaign_id, contact_id, status)
      SELECT ${orgId}, (SELECT id FROM email_campaign WHERE fundraising_campaign_id = ${id}), ${id}, cc.contact_id, 'sent'
      FROM campaign_contact cc WHERE cc.campaign_id = ${id} LIMIT 8000`);
    process.stdout.write(`step ${Date.now() % 1000000}\n`);
    await platformExec(env(), sql`ANALYZE`);
    for (const path of ['insights?filter=all&page=1', 'insights?filter=donated&page=50', 'insights?filter=eligible&page=3', 'analytics', 'progress', 'player-progress', 'email-history', '']) {
      const times: number[] = [];
      for (let i = 0; i < 5; i += 1) {
        const t = performance.now();
        const res = await client.get(`/api/fundraising/campaigns/${id}/${path}`);
        times.push(Math.round(performance.now() - t));
        expect(res.status).toBe(200);
      }
      process.stdout.write(`${env().kind} ${path}: ${times.join(' ')} ms\n`);
    }
    const t = performance.now();
    const list = await client.get('/api/fundraising/campaigns');
    process.stdout.write(`${env().kind} list: ${Math.round(performance.now() - t)} ms ${JSON.stringify(list.body).slice(0, 300)}\n`);
  }, 300_000);
});
