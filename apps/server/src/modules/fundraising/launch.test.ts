import { FUNDRAISING_MESSAGES } from '@pennant/shared/fundraising/schemas';
import { beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { sql } from '../../db/client';
import type { TDeps } from '../../deps';
import { sendEmailJob } from '../../jobs/send-email.job';
import { forEachDatabase } from '../../test/harness';
import { platformExec, platformQuery } from '../../test/team-fixtures';
import { generateCampaignEmail, launchCampaign } from './campaign-launch.service';
import { sendCampaignEmail, sweepCampaignEmails } from './campaign-send.service';
import {
  addContacts,
  campaignRow,
  delivered,
  donateLinks,
  emailCampaignRows,
  fundraisingOrg,
  readyPaymentAccount,
  recipientRows,
  recordedTo,
  seedCampaign,
  unsubscribeTokenIn,
} from './fixtures/launch-fixtures';

const content = {
  subject: 'Help [Player Name] reach [Goal Amount]',
  body: 'Hi [Recipient],\n\n**[Campaign Name]** for [Organization Name].\n\n[Donate Buttons]\n\nThanks!\n\n[Unsubscribe]',
};

async function conflict(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (err) {
    if (err instanceof Error && 'code' in err) return `${String(err.code)}: ${err.message}`;
    throw err;
  }
  throw new Error('expected a refusal');
}

forEachDatabase('fundraising: launch and sending', (env) => {
  beforeAll(() => {
    // Tests shorten the cadence (CAMPAIGN_SEND_CADENCE_SECONDS) as the e2e does; the inline queue runs jobs at once anyway.
    env().deps.config.campaignSendCadenceSeconds = 0;
  });

  it('queues one recipient per contact and each contact gets a personal e-mail; opted-out contacts are skipped', async () => {
    const { orgId, member } = await fundraisingOrg(env(), 'Launch Eagles');
    const c = await seedCampaign(env(), orgId, {
      name: 'Spring Drive',
      goalCents: 50_000,
      players: ['Alex Rivera', 'Sam Lee'],
      contacts: [
        { name: 'Maria Rivera', email: 'maria@launch.test', player: 'Alex Rivera' },
        { name: 'Tom Lee', email: 'tom@launch.test', player: 'Sam Lee' },
        { name: 'Gone Away', email: 'gone@launch.test', player: 'Sam Lee', optedOut: true },
      ],
    });

    const result = await launchCampaign(env().deps, member, c.id, content);
    expect(result).toMatchObject({ queued: 2, skipped: 1, incremental: false, estimatedMinutes: 1 });

    // Cadence 0: every turn is now, so the order is not the point here.
    const recipients = (await recipientRows(env(), c.id)).sort((a, b) => a.email.localeCompare(b.email));
    expect(recipients.map((r) => [r.email, r.status])).toEqual([
      ['gone@launch.test', 'skipped'],
      ['maria@launch.test', 'sent'],
      ['tom@launch.test', 'sent'],
    ]);
    expect(recipients.every((r) => r.email_campaign_id === result.emailCampaignId)).toBe(true);
    expect(await emailCampaignRows(env(), c.id)).toEqual([
      { id: result.emailCampaignId, status: 'completed', recipient_count: 3, cadence_seconds: 0 },
    ]);
    const campaign = await campaignRow(env(), c.id);
    expect(campaign).toMatchObject({ status: 'sent', subject_seed: content.subject, body_seed: content.body });
    expect(campaign.sent_at).not.toBeNull();

    const [maria] = delivered(env(), 'maria@launch.test');
    if (!maria) throw new Error('no e-mail to Maria');
    expect(maria.subject).toBe('Help Alex Rivera reach $500');
    expect(maria.from).toContain('Launch Eagles');
    expect(maria.html).toContain('Hi Maria Rivera,');
    expect(maria.html).toContain('<strong>Spring Drive</strong> for Launch Eagles.');
    const links = donateLinks(maria.html);
    expect(links.map((l) => l.amount ?? 'other')).toEqual(['25', '50', '100', '250', 'other']);
    for (const link of links) {
      expect(link).toMatchObject({
        campaign_id: c.id,
        player_id: c.players.get('Alex Rivera'),
        contact_id: c.contacts.get('maria@launch.test'),
        email: 'maria@launch.test',
      });
    }
    const token = unsubscribeTokenIn(maria.html);
    const unsubscribeUrl = `http://localhost:3999/api/public/unsubscribe?token=${token}`;
    expect(maria.headers).toEqual({
      'List-Unsubscribe': `<${unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    const [recorded] = await recordedTo(env(), 'maria@launch.test');
    const mariaRecipient = recipients.find((r) => r.email === 'maria@launch.test');
    expect(recorded?.idempotency_key).toBe(`campaign-email:${mariaRecipient?.id}`);
    expect(recorded?.headers?.['List-Unsubscribe']).toBe(`<${unsubscribeUrl}>`);
    expect(mariaRecipient?.email_message_id).toBe(recorded?.id);

    const [tom] = delivered(env(), 'tom@launch.test');
    expect(tom?.subject).toBe('Help Sam Lee reach $500');
    expect(donateLinks(tom?.html ?? '')[0]).toMatchObject({ player_id: c.players.get('Sam Lee') });
    expect(unsubscribeTokenIn(tom?.html ?? '')).not.toBe(token);
    expect(delivered(env(), 'gone@launch.test')).toEqual([]);
  });

  it('gives each queued recipient its turn one cadence apart, in the campaign’s contact order', async () => {
    const { orgId, member } = await fundraisingOrg(env(), 'Cadence Eagles');
    const c = await seedCampaign(env(), orgId, {
      contacts: [
        { name: 'One', email: 'one@cadence.test' },
        { name: 'Out', email: 'out@cadence.test', optedOut: true },
        { name: 'Two', email: 'two@cadence.test' },
        { name: 'Three', email: 'three@cadence.test' },
      ],
    });
    env().deps.config.campaignSendCadenceSeconds = 10;
    try {
      const result = await launchCampaign(env().deps, member, c.id, content);
      expect(result).toMatchObject({ queued: 3, skipped: 1, estimatedMinutes: 1 });
    } finally {
      env().deps.config.campaignSendCadenceSeconds = 0;
    }
    const queued = (await recipientRows(env(), c.id)).filter((r) => r.status !== 'skipped');
    expect(queued.map((r) => [r.email, r.offset_seconds])).toEqual([
      ['one@cadence.test', 0],
      ['two@cadence.test', 10],
      ['three@cadence.test', 20],
    ]);
    expect((await emailCampaignRows(env(), c.id))[0]?.cadence_seconds).toBe(10);
  });

  it('an incremental launch reaches only the new contacts; with none left it is refused', async () => {
    const { orgId, member } = await fundraisingOrg(env(), 'Incremental Eagles');
    const c = await seedCampaign(env(), orgId, {
      players: ['Alex'],
      contacts: [{ name: 'First One', email: 'first@incremental.test', player: 'Alex' }],
    });
    await launchCampaign(env().deps, member, c.id, content);
    await addContacts(env(), orgId, c, [{ name: 'Second One', email: 'second@incremental.test', player: 'Alex' }]);

    const again = await launchCampaign(env().deps, member, c.id, { subject: 'Again [Player Name]', body: 'Hello' });
    expect(again).toMatchObject({ queued: 1, skipped: 0, incremental: true });
    expect(delivered(env(), 'first@incremental.test')).toHaveLength(1);
    const [second] = delivered(env(), 'second@incremental.test');
    expect(second?.subject).toBe('Again Alex');
    // A body without the block placeholders still gets the donate buttons and the unsubscribe link.
    expect(donateLinks(second?.html ?? '')).toHaveLength(5);
    expect(unsubscribeTokenIn(second?.html ?? '')).toBeTruthy();
    expect((await emailCampaignRows(env(), c.id)).map((b) => b.recipient_count)).toEqual([1, 1]);

    expect(await conflict(launchCampaign(env().deps, member, c.id, content))).toBe(
      `conflict: ${FUNDRAISING_MESSAGES.allContacted}`,
    );
    expect(await emailCampaignRows(env(), c.id)).toHaveLength(2);
  });

  it('an alumni campaign needs a ready payment account, then sends as "{sender} via Pennant" without player ids', async () => {
    const { orgId, member } = await fundraisingOrg(env(), 'Alumni Eagles');
    const c = await seedCampaign(env(), orgId, {
      type: 'alumni',
      behalfOfName: 'Coach Smith',
      contacts: [{ name: 'Old Grad', email: 'grad@alumni.test' }],
    });
    expect(await conflict(launchCampaign(env().deps, member, c.id, content))).toBe(
      `conflict: ${FUNDRAISING_MESSAGES.stripeRequired}`,
    );
    expect(await recipientRows(env(), c.id)).toEqual([]);
    expect((await campaignRow(env(), c.id)).status).toBe('draft');

    await readyPaymentAccount(env(), orgId);
    expect(await launchCampaign(env().deps, member, c.id, content)).toMatchObject({ queued: 1 });
    const [mail] = delivered(env(), 'grad@alumni.test');
    expect(mail?.from).toContain('"Coach Smith via Pennant"');
    // [Player Name] reads the organization in an alumni campaign.
    expect(mail?.subject).toBe('Help Alumni Eagles reach $500');
    const links = donateLinks(mail?.html ?? '');
    expect(links[0]).toMatchObject({ campaign_id: c.id, contact_id: c.contacts.get('grad@alumni.test') });
    expect(links.some((l) => 'player_id' in l)).toBe(false);
  });

  it('another organization’s campaign, a deleted one and a malformed id are not found', async () => {
    const a = await fundraisingOrg(env(), 'Tenant A');
    const b = await fundraisingOrg(env(), 'Tenant B');
    const c = await seedCampaign(env(), a.orgId, { contacts: [{ name: 'X', email: 'x@tenant.test' }] });
    const notFound = `not_found: ${FUNDRAISING_MESSAGES.notFound}`;
    expect(await conflict(launchCampaign(env().deps, b.member, c.id, content))).toBe(notFound);
    expect(await conflict(launchCampaign(env().deps, a.member, 'not-an-id', content))).toBe(notFound);
    await platformExec(env(), sql`UPDATE fundraising_campaign SET is_deleted = true WHERE id = ${c.id}`);
    expect(await conflict(launchCampaign(env().deps, a.member, c.id, content))).toBe(notFound);
    expect(await recipientRows(env(), c.id)).toEqual([]);
  });

  it('the job run again sends nothing twice; a recipient left queued by a crash is swept up once', async () => {
    const { orgId, member } = await fundraisingOrg(env(), 'Retry Eagles');
    const c = await seedCampaign(env(), orgId, {
      contacts: [
        { name: 'Once Only', email: 'once@retry.test' },
        { name: 'Late One', email: 'late@retry.test' },
      ],
    });
    await launchCampaign(env().deps, member, c.id, content);
    const first = (await recipientRows(env(), c.id)).find((r) => r.email === 'once@retry.test');
    if (!first) throw new Error('no recipient');
    await sendCampaignEmail(env().deps, first.id);
    await sendCampaignEmail(env().deps, first.id);
    expect(delivered(env(), 'once@retry.test')).toHaveLength(1);
    expect(await recordedTo(env(), 'once@retry.test')).toHaveLength(1);

    // A crash between the launch's commit and its enqueue: the recipient is queued, its turn long past.
    const late = (await recipientRows(env(), c.id)).find((r) => r.email === 'late@retry.test');
    if (!late) throw new Error('no late recipient');
    await platformExec(
      env(),
      sql`UPDATE email_campaign_recipient SET status = 'queued', sent_at = NULL, email_message_id = NULL,
            send_after = now() - interval '10 minutes'
          WHERE id = ${late.id}`,
    );
    await platformExec(env(), sql`DELETE FROM email_message WHERE idempotency_key = ${`campaign-email:${late.id}`}`);
    await platformExec(env(), sql`UPDATE email_campaign SET status = 'queued' WHERE id = ${late.email_campaign_id}`);
    const before = delivered(env(), 'late@retry.test').length;
    expect(await sweepCampaignEmails(env().deps)).toBe(1);
    expect(await sweepCampaignEmails(env().deps)).toBe(0);
    expect(delivered(env(), 'late@retry.test')).toHaveLength(before + 1);
    expect((await emailCampaignRows(env(), c.id))[0]?.status).toBe('completed');
  });

  it('a contact who opts out after the launch but before their turn is skipped', async () => {
    const { orgId, member } = await fundraisingOrg(env(), 'Optout Eagles');
    const c = await seedCampaign(env(), orgId, { contacts: [{ name: 'Changed Mind', email: 'mind@optout.test' }] });
    await launchCampaign(env().deps, member, c.id, content);
    const [r] = await recipientRows(env(), c.id);
    if (!r) throw new Error('no recipient');
    // Back to its turn not yet taken, then the contact opts out.
    await platformExec(env(), sql`UPDATE email_campaign_recipient SET status = 'queued' WHERE id = ${r.id}`);
    await platformExec(
      env(),
      sql`UPDATE fundraising_contact SET email_opt_out = true, opt_out_at = now() WHERE email = 'mind@optout.test'`,
    );
    await sendCampaignEmail(env().deps, r.id);
    expect((await recipientRows(env(), c.id))[0]?.status).toBe('skipped');
    expect(delivered(env(), 'mind@optout.test')).toHaveLength(1);
  });

  it('a campaign e-mail the mailer gives up on leaves its recipient failed', async () => {
    const { orgId, member } = await fundraisingOrg(env(), 'Bounce Eagles');
    const c = await seedCampaign(env(), orgId, { contacts: [{ name: 'Bad Box', email: 'bad@bounce.test' }] });
    await launchCampaign(env().deps, member, c.id, content);
    const [r] = await recipientRows(env(), c.id);
    if (!r?.email_message_id) throw new Error('no message');
    // The message's last attempt, on a mailer that refuses it.
    await platformExec(
      env(),
      sql`UPDATE email_message SET status = 'queued', attempts = 5 WHERE id = ${r.email_message_id}`,
    );
    const failing: TDeps = {
      ...env().deps,
      mailer: {
        transport: 'outbox',
        send: () => Promise.reject(new Error('mailbox unavailable')),
      },
    };
    await expect(sendEmailJob(failing).handler({ emailId: r.email_message_id })).rejects.toThrow('mailbox unavailable');
    expect((await recipientRows(env(), c.id))[0]?.status).toBe('failed');
    const [message] = await platformQuery(
      env(),
      z.object({ status: z.string() }),
      sql`SELECT status FROM email_message WHERE id = ${r.email_message_id}`,
    );
    expect(message?.status).toBe('failed');
  });

  it('launches through the route: the reply summarises the queue; refusals carry the spec’s words', async () => {
    const { client, orgId } = await fundraisingOrg(env(), 'Route Eagles');
    const c = await seedCampaign(env(), orgId, {
      contacts: [
        { name: 'Route One', email: 'one@route.test' },
        { name: 'Route Two', email: 'two@route.test' },
      ],
    });
    const path = `/api/fundraising/campaigns/${c.id}/launch`;
    const res = await client.post<Record<string, unknown>>(path, content);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ queued: 2, skipped: 0, incremental: false, estimatedMinutes: 1 });
    expect(delivered(env(), 'two@route.test')).toHaveLength(1);
    const again = await client.post<{ error: { message: string } }>(path, content);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(FUNDRAISING_MESSAGES.allContacted);
    const empty = await client.post<{ error: { message: string } }>(path, { subject: ' ', body: '' });
    expect(empty.status).toBe(400);
  });

  it('writes the campaign e-mail with the AI writer in the player’s voice, with the placeholders, and saves it', async () => {
    const { orgId, member } = await fundraisingOrg(env(), 'Writer Eagles');
    const c = await seedCampaign(env(), orgId, { name: 'Spring Drive', perspective: 'player', players: ['Alex'] });
    const written = await generateCampaignEmail(env().deps, member, c.id, {
      tone: 'urgent',
      focusArea: 'new uniforms and travel to tournaments',
      callToAction: 'Every gift before the end of the month counts double',
    });
    expect(written.subject).toContain('[Player Name]');
    expect(written.body).toMatch(/^(Hi|Dear|Hello) \[Recipient\][,!]/);
    expect(written.body).toContain('new uniforms and travel to tournaments');
    expect(written.body).toContain('March 31, 2099');
    expect(written.body).toContain('[Donate Buttons]');
    expect(written.body.trimEnd().endsWith('[Unsubscribe]')).toBe(true);
    expect(written.body).not.toContain(member.email);
    expect(written.html).toContain('[Recipient]');
    expect(written.html).toContain('<p>[Donate Buttons]</p>');
    expect(await campaignRow(env(), c.id)).toMatchObject({ subject_seed: written.subject, body_seed: written.body });

    const team = await seedCampaign(env(), orgId, { name: 'Team Drive', perspective: 'team' });
    const teamWritten = await generateCampaignEmail(env().deps, member, team.id, {
      tone: 'friendly',
      focusArea: 'field lights',
      teamOrGroup: 'The Eagles U12',
    });
    expect(teamWritten.subject).not.toContain('[Player Name]');
    expect(teamWritten.body).toContain('The Eagles U12');

    const other = await fundraisingOrg(env(), 'Writer Other');
    expect(
      await conflict(generateCampaignEmail(env().deps, other.member, c.id, { tone: 'friendly', focusArea: 'x' })),
    ).toBe(`not_found: ${FUNDRAISING_MESSAGES.notFound}`);
  });
});
