import { EMAIL_SUBJECT_MAX } from '@pennant/shared/ai/schemas';
import { fillHtmlPlaceholders, markdownToHtml } from '@pennant/shared/fundraising/markdown';
import { fillTextPlaceholders, senderLabel, type TPlaceholderValues } from '@pennant/shared/fundraising/rules';
import { FUNDRAISING_LIMITS, type TCampaignType } from '@pennant/shared/fundraising/schemas';
import { campaignEmail, type TCampaignEmailPart, type TDonateButton } from '../../emails/campaign.email';
import { signUnsubscribeToken } from './unsubscribe-token';

/**
 * One contact's campaign e-mail (spec 002 §5.5, issue 15 "Sending"): the launch's subject and
 * markdown-like body with the placeholders filled for this contact, the donate buttons with the
 * contact's own ids, and the signed unsubscribe link, also as List-Unsubscribe headers (RFC 2369,
 * RFC 8058 one-click). Every link starts at PUBLIC_URL. Reminders are the same e-mail with
 * 'Reminder: ' before the subject.
 */

export interface TCampaignEmailFacts {
  /** config.publicUrl, without a trailing slash. */
  publicUrl: string;
  /** unsubscribeSigningKey(session secret). */
  signingKey: Buffer;
  orgId: string;
  organizationName: string;
  campaign: {
    id: string;
    name: string;
    campaignType: TCampaignType;
    goalCents: number | null;
    behalfOfName: string | null;
  };
  contact: { id: string; name: string; email: string };
  /** The contact's player in a player campaign; null for alumni (or a contact under no player). */
  player: { id: string; name: string } | null;
  /** As the launch saved them, placeholders unfilled. */
  subject: string;
  body: string;
  reminder?: boolean;
}

export interface TRenderedCampaignEmail {
  to: string;
  subject: string;
  html: string;
  text: string;
  fromName: string;
  headers: Record<string, string>;
}

const DONATE = '[Donate Buttons]';
const UNSUBSCRIBE = '[Unsubscribe]';
const BLOCK_PLACEHOLDER = /\[(Donate Buttons|Unsubscribe)\]/g;
const BLOCK_PARAGRAPH = /<p>\[(Donate Buttons|Unsubscribe)\]<\/p>/g;
/** A block placeholder with the spaces around it, which would otherwise end or start the text beside it. */
const BLOCK_AROUND = /[ \t]*\[(Donate Buttons|Unsubscribe)\][ \t]*/g;

export function unsubscribeUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/api/public/unsubscribe?${new URLSearchParams({ token })}`;
}

/** /donate with the spec's query (§2.7): campaign_id, amount, player_id (player campaigns), contact_id, email. */
export function donateUrl(f: TCampaignEmailFacts, amountDollars: number | null): string {
  const q = new URLSearchParams({ campaign_id: f.campaign.id });
  if (amountDollars !== null) q.set('amount', String(amountDollars));
  if (f.campaign.campaignType === 'player' && f.player) q.set('player_id', f.player.id);
  q.set('contact_id', f.contact.id);
  q.set('email', f.contact.email);
  return `${f.publicUrl}/donate?${q}`;
}

export function donateButtons(f: TCampaignEmailFacts): TDonateButton[] {
  return [
    ...FUNDRAISING_LIMITS.quickAmounts.map((amount) => ({ label: `$${amount}`, url: donateUrl(f, amount) })),
    { label: 'Other amount', url: donateUrl(f, null) },
  ];
}

/**
 * The body as parts: the two block placeholders each on a paragraph of their own (so a block never
 * lands inside a <p>), the text between them as HTML, each block once (a repeat is dropped), and a
 * block the writer left out appended: every e-mail has its donate buttons and its unsubscribe link.
 * The text placeholders are filled after the split, so a contact named '[Unsubscribe]' is only text.
 */
export function bodyParts(body: string, values: TPlaceholderValues): TCampaignEmailPart[] {
  const html = markdownToHtml(body.replace(BLOCK_AROUND, (_m, name: string) => `\n\n[${name}]\n\n`));
  const parts: TCampaignEmailPart[] = [];
  const seen = new Set<string>();
  const pushHtml = (chunk: string) => {
    // A placeholder marked up some other way (inside bold, say) is dropped; the block is appended below.
    const clean = chunk.replace(BLOCK_PLACEHOLDER, '').trim();
    if (clean && clean !== '<p></p>') parts.push({ kind: 'html', html: fillHtmlPlaceholders(clean, values) });
  };
  let last = 0;
  for (const m of html.matchAll(BLOCK_PARAGRAPH)) {
    pushHtml(html.slice(last, m.index));
    last = m.index + m[0].length;
    const kind = m[1] === 'Donate Buttons' ? 'donate' : 'unsubscribe';
    if (!seen.has(kind)) parts.push({ kind });
    seen.add(kind);
  }
  pushHtml(html.slice(last));
  if (!seen.has('donate')) {
    // Before a trailing unsubscribe line the writer placed, else at the end.
    const at = parts.at(-1)?.kind === 'unsubscribe' ? parts.length - 1 : parts.length;
    parts.splice(at, 0, { kind: 'donate' });
  }
  if (!seen.has('unsubscribe')) parts.push({ kind: 'unsubscribe' });
  return parts;
}

export function placeholderValues(f: TCampaignEmailFacts): TPlaceholderValues {
  return {
    recipient: f.contact.name,
    // The contact's player; an alumni contact (or one under no player) reads the organization.
    playerName: f.player?.name ?? f.organizationName,
    campaignName: f.campaign.name,
    organizationName: f.organizationName,
    goalCents: f.campaign.goalCents,
  };
}

export function campaignSubject(f: TCampaignEmailFacts): string {
  const filled = fillTextPlaceholders(f.subject, placeholderValues(f))
    .replace(BLOCK_PLACEHOLDER, '')
    .replace(/\s+/g, ' ')
    .trim();
  return (f.reminder ? `Reminder: ${filled}` : filled).slice(0, EMAIL_SUBJECT_MAX);
}

export async function renderCampaignEmail(f: TCampaignEmailFacts): Promise<TRenderedCampaignEmail> {
  const values = placeholderValues(f);
  const unsubscribe = unsubscribeUrl(
    f.publicUrl,
    signUnsubscribeToken(f.signingKey, { orgId: f.orgId, contactId: f.contact.id }),
  );
  const subject = campaignSubject(f);
  const mail = await campaignEmail({
    subject,
    heading: f.campaign.name,
    organizationName: f.organizationName,
    parts: bodyParts(f.body, values),
    donateButtons: donateButtons(f),
    unsubscribeUrl: unsubscribe,
    fromName:
      f.campaign.campaignType === 'alumni'
        ? senderLabel(f.campaign.behalfOfName, f.organizationName)
        : f.organizationName,
  });
  return {
    to: f.contact.email,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    fromName: mail.fromName,
    headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

export { DONATE as DONATE_PLACEHOLDER, UNSUBSCRIBE as UNSUBSCRIBE_PLACEHOLDER };
