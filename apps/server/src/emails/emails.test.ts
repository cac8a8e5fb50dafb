import { describe, expect, it } from 'vitest';
import { confirmEmailChangeEmail, confirmEmailLink, emailChangeNoticeEmail } from './account.email';
import { inviteEmail } from './invite.email';

const invite = {
  inviterName: 'Dana Coach',
  orgName: 'Eastside Eagles',
  roles: ['sponsorship_lead', 'treasurer'] as const,
  origin: 'https://app.pennant.example/',
  inviteId: 'inv-123',
  token: 'secret-token',
};
const acceptUrl = 'https://app.pennant.example/auth/accept-invite?invite_id=inv-123&token=secret-token';

describe('invite e-mail', () => {
  it('comes from the inviter and names the organization in the subject', async () => {
    const mail = await inviteEmail(invite);
    expect(mail.subject).toBe('Dana Coach invited you to join Eastside Eagles on Pennant');
    expect(mail.fromName).toBe('Dana Coach via Pennant');
  });

  it('has a button to the accept URL and the URL repeated as text in the HTML', async () => {
    const { html } = await inviteEmail(invite);
    const href = acceptUrl.replace('&', '&amp;');
    expect(html).toMatch(new RegExp(`<a href="${href.replace(/[.?]/g, '\\$&')}"[^>]*>.*Accept invitation`));
    expect(html).toContain(`If the button does not work, copy this address into your browser:`);
    expect(html).toContain(`>${href}</a>`);
    expect(html).toContain('<strong>Dana Coach</strong> invited you to join <strong>Eastside Eagles</strong>');
    expect(html).toContain('as <strong>Sponsorship Lead and Treasurer</strong>.');
    expect(html).toContain('This link expires in 3 days.');
    expect(html).toContain('If you were not expecting this invitation, you can ignore this e-mail.');
  });

  it('has a text version with the words and the link', async () => {
    const { text } = await inviteEmail(invite);
    expect(text).toContain('Join Eastside Eagles on Pennant');
    expect(text).toContain('Dana Coach invited you to join Eastside Eagles as Sponsorship Lead and Treasurer.');
    expect(text).toContain(`Accept invitation ${acceptUrl}`);
    expect(text).toContain('This link expires in 3 days.');
    expect(text).toContain('If you were not expecting this invitation, you can ignore this e-mail.');
    expect(text).not.toMatch(/<[a-z]/i);
  });

  it('escapes a name with markup in the HTML', async () => {
    const mail = await inviteEmail({ ...invite, inviterName: '<script>alert(1)</script>', orgName: 'A & B "FC"' });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('<strong>&lt;script&gt;alert(1)&lt;/script&gt;</strong> invited you');
    expect(mail.html).toContain('A &amp; B &quot;FC&quot;');
    expect(mail.text).toContain('<script>alert(1)</script> invited you to join A & B "FC"');
  });

  it('falls back to "A teammate" and leaves out "as" without roles', async () => {
    const mail = await inviteEmail({ ...invite, inviterName: '  ', roles: [] });
    expect(mail.subject).toBe('A teammate invited you to join Eastside Eagles on Pennant');
    expect(mail.text).toContain('A teammate invited you to join Eastside Eagles.');
  });
});

describe('account e-mails', () => {
  it('asks the new address to confirm, with the link', async () => {
    const link = confirmEmailLink('https://app.pennant.example/', 'a.b.c');
    expect(link).toBe('https://app.pennant.example/auth/confirm-email?token=a.b.c');
    const mail = await confirmEmailChangeEmail({ name: 'Morgan', newEmail: 'new@example.org', link });
    expect(mail.subject).toBe('Confirm your new e-mail address for Pennant');
    expect(mail.html).toContain('Hi Morgan, you asked to use <strong>new@example.org</strong> to sign in to Pennant.');
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.text).toContain(`Confirm e-mail address ${link}`);
    expect(mail.text).toContain('This link works for 24 hours.');
  });

  it('tells the old address, with a sign-in button', async () => {
    const mail = await emailChangeNoticeEmail({
      name: 'Morgan',
      newEmail: 'new@example.org',
      origin: 'https://x.test/',
    });
    expect(mail.subject).toBe('Your Pennant e-mail address is about to change');
    expect(mail.html).toContain('change its e-mail address to <strong>new@example.org</strong>.');
    expect(mail.html).toContain('href="https://x.test/auth?mode=signin"');
    expect(mail.text).toContain('If it was not you, sign in and change your password now.');
    expect(mail.text).toContain('Pennant: sponsorships and fundraising for volunteer sports organizations');
  });
});
