import { describe, expect, it } from 'vitest';
import { bodyParts, renderCampaignEmail, type TCampaignEmailFacts } from './campaign-email.service';
import { placeholderBody } from './campaign-launch.service';
import { unsubscribeSigningKey, verifyUnsubscribeToken } from './unsubscribe-token';

const key = unsubscribeSigningKey('s'.repeat(40));
const ids = {
  org: '11111111-1111-4111-8111-111111111111',
  campaign: '22222222-2222-4222-8222-222222222222',
  contact: '33333333-3333-4333-8333-333333333333',
  player: '44444444-4444-4444-8444-444444444444',
};

function facts(over: Partial<TCampaignEmailFacts> = {}): TCampaignEmailFacts {
  return {
    publicUrl: 'https://app.pennant.example',
    signingKey: key,
    orgId: ids.org,
    organizationName: 'Riverside Eagles',
    campaign: { id: ids.campaign, name: 'Spring Drive', campaignType: 'player', goalCents: 50_000, behalfOfName: null },
    contact: { id: ids.contact, name: 'Maria Rivera', email: 'maria+family@example.org' },
    player: { id: ids.player, name: 'Alex Rivera' },
    subject: 'Help [Player Name] reach [Goal Amount]',
    body: 'Hi [Recipient],\n\n**[Campaign Name]** for [Organization Name].\n\n[Donate Buttons]\n\nThanks!\n\n[Unsubscribe]',
    ...over,
  };
}

const values = {
  recipient: 'Maria',
  playerName: 'Alex',
  campaignName: 'Spring Drive',
  organizationName: 'Riverside Eagles',
  goalCents: 50_000,
};

describe('campaign e-mail body parts', () => {
  it('keeps the blocks where the placeholders stand, on their own', () => {
    expect(bodyParts('Hi [Recipient],\n\n[Donate Buttons]\n\nThanks\n\n[Unsubscribe]', values)).toEqual([
      { kind: 'html', html: '<p>Hi Maria,</p>' },
      { kind: 'donate' },
      { kind: 'html', html: '<p>Thanks</p>' },
      { kind: 'unsubscribe' },
    ]);
  });

  it('splits a paragraph around a placeholder written inside it', () => {
    expect(bodyParts('Give here: [Donate Buttons] thank you', values)).toEqual([
      { kind: 'html', html: '<p>Give here:</p>' },
      { kind: 'donate' },
      { kind: 'html', html: '<p>thank you</p>' },
      { kind: 'unsubscribe' },
    ]);
  });

  it('appends the blocks a body left out (donate before a trailing unsubscribe) and shows each once', () => {
    expect(bodyParts('Hello', values)).toEqual([
      { kind: 'html', html: '<p>Hello</p>' },
      { kind: 'donate' },
      { kind: 'unsubscribe' },
    ]);
    expect(bodyParts('Hello\n\n[Unsubscribe]', values).map((p) => p.kind)).toEqual(['html', 'donate', 'unsubscribe']);
    expect(bodyParts('[Donate Buttons]\n\nx\n\n[Donate Buttons]', values).map((p) => p.kind)).toEqual([
      'donate',
      'html',
      'unsubscribe',
    ]);
  });

  it('fills names as text: markup and placeholders in a contact name do nothing', () => {
    const parts = bodyParts('Hi [Recipient]', { ...values, recipient: '<b>[Unsubscribe]</b> & co' });
    expect(parts[0]).toEqual({ kind: 'html', html: '<p>Hi &lt;b&gt;[Unsubscribe]&lt;/b&gt; &amp; co</p>' });
    expect(parts.filter((p) => p.kind === 'unsubscribe')).toHaveLength(1);
  });
});

describe('one contact’s campaign e-mail', () => {
  it('is filled for the contact, with donate links carrying their ids and the signed unsubscribe link', async () => {
    const mail = await renderCampaignEmail(facts());
    expect(mail.to).toBe('maria+family@example.org');
    expect(mail.subject).toBe('Help Alex Rivera reach $500');
    expect(mail.fromName).toBe('Riverside Eagles');
    expect(mail.html).toContain('<p>Hi Maria Rivera,</p>');
    expect(mail.html).toContain('<strong>Spring Drive</strong> for Riverside Eagles.');
    const hrefs = [...mail.html.matchAll(/href="([^"]+)"/g)].map((m) => (m[1] ?? '').replaceAll('&amp;', '&'));
    const donate = hrefs.filter((h) => h.startsWith('https://app.pennant.example/donate?'));
    expect(donate).toEqual([
      ...[25, 50, 100, 250].map(
        (amount) =>
          `https://app.pennant.example/donate?campaign_id=${ids.campaign}&amount=${amount}&player_id=${ids.player}` +
          `&contact_id=${ids.contact}&email=maria%2Bfamily%40example.org`,
      ),
      `https://app.pennant.example/donate?campaign_id=${ids.campaign}&player_id=${ids.player}&contact_id=${ids.contact}` +
        '&email=maria%2Bfamily%40example.org',
    ]);
    expect(mail.html).toMatch(/>\$25<\/span>/);
    expect(mail.html).toMatch(/>Other amount<\/span>/);
    expect(mail.text).toMatch(/\$25\s+https:\/\/app\.pennant\.example\/donate\?\S+amount=25\S+\s+\$50\s/);
    const unsubscribe = hrefs.find((h) => h.startsWith('https://app.pennant.example/api/public/unsubscribe?token='));
    const token = new URL(unsubscribe ?? 'https://x.test').searchParams.get('token') ?? '';
    expect(verifyUnsubscribeToken(key, token)).toEqual({
      orgId: ids.org,
      contactId: ids.contact,
      kind: 'fundraising_contact',
    });
    expect(mail.headers).toEqual({
      'List-Unsubscribe': `<${unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(mail.text).toContain('Hi Maria Rivera,');
    expect(mail.text).toContain('Unsubscribe');
    expect(mail.text).not.toContain('[Donate Buttons]');
  });

  it('alumni: from "{sender} via Pennant", the organization for [Player Name], no player id', async () => {
    const mail = await renderCampaignEmail(
      facts({
        campaign: {
          id: ids.campaign,
          name: 'Alumni Fund',
          campaignType: 'alumni',
          goalCents: null,
          behalfOfName: 'Coach Kim',
        },
        player: null,
        subject: '[Player Name] needs you: [Goal Amount]',
      }),
    );
    expect(mail.fromName).toBe('Coach Kim via Pennant');
    expect(mail.subject).toBe('Riverside Eagles needs you: our goal');
    expect(mail.html).not.toContain('player_id');
  });

  it('a reminder reads "Reminder: " before the subject; block placeholders never reach a subject', async () => {
    const mail = await renderCampaignEmail(facts({ reminder: true, subject: 'Give [Donate Buttons] today' }));
    expect(mail.subject).toBe('Reminder: Give today');
  });

  it('escapes raw HTML typed in the body', async () => {
    const mail = await renderCampaignEmail(facts({ body: 'Hi <script>alert(1)</script> [Recipient]' }));
    expect(mail.html).not.toContain('<script>alert');
    expect(mail.html).toContain('&lt;script&gt;');
  });
});

describe('an AI draft as the editor’s body', () => {
  it('greets [Recipient], puts the donate buttons before the sign-off and the unsubscribe link last', () => {
    const body = placeholderBody(
      'Hi Friend,\n\nWe are raising funds.\n\nEvery gift helps.\n\nBest regards,\nRiverside Eagles\nRiverside Eagles\nme@club.org',
      'me@club.org',
    );
    expect(body).toBe(
      'Hi [Recipient],\n\nWe are raising funds.\n\nEvery gift helps.\n\n[Donate Buttons]\n\nBest regards,\nRiverside Eagles\n\n[Unsubscribe]',
    );
    expect(placeholderBody('Dear Friend,\n\nPlease give.', 'x@y.z')).toBe(
      'Dear [Recipient],\n\nPlease give.\n\n[Donate Buttons]\n\n[Unsubscribe]',
    );
    expect(placeholderBody('Please give.', 'x@y.z')).toBe(
      'Hi [Recipient],\n\nPlease give.\n\n[Donate Buttons]\n\n[Unsubscribe]',
    );
  });
});
