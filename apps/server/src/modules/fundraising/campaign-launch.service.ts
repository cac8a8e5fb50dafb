import { emailFeatureFor } from '@pennant/shared/ai/rules';
import {
  AI_MESSAGES,
  CUSTOM_INSTRUCTIONS_MAX,
  EMAIL_BODY_MAX,
  EMAIL_SUBJECT_MAX,
  type TEmailTone,
  ZEmailDraftRequest,
} from '@pennant/shared/ai/schemas';
import { canAcceptCardPayments } from '@pennant/shared/billing/connect';
import { markdownToHtml } from '@pennant/shared/fundraising/markdown';
import { estimatedCompletionMinutes } from '@pennant/shared/fundraising/rules';
import {
  FUNDRAISING_MESSAGES,
  type TAiTone,
  type TGenerateEmailInput,
  type TLaunchInput,
  type TLaunchResult,
  ZGenerateEmailInput,
  ZLaunchInput,
} from '@pennant/shared/fundraising/schemas';
import { withTenant } from '../../db/tenant';
import type { TDeps } from '../../deps';
import { AppError } from '../../errors';
import { longDate } from '../../integrations/ai/ai-writer';
import { writeEmail } from '../ai/ai.service';
import type { TMember } from '../session/member';
import { DONATE_PLACEHOLDER, UNSUBSCRIBE_PLACEHOLDER } from './campaign-email.service';
import {
  findWritingFacts,
  finishEmailCampaign,
  hasEarlierLaunch,
  insertEmailCampaign,
  insertNewRecipients,
  lockLaunchCampaign,
  markCampaignSent,
  saveTemplate,
  type TWritingFacts,
} from './campaign-launch.repo';
import { SEND_CAMPAIGN_EMAIL } from './campaign-send.service';
import { campaignNotFound, isId, publishFundraising, requireCampaignRight } from './campaigns.common';

/**
 * Launch (spec 002 §4.2, §5.5, §7.4 send-fundraising-emails): queues the campaign e-mail for every
 * contact not yet sent it. In one transaction, with the campaign locked: an alumni campaign needs
 * the organization's payment account ready (409 with the spec's message); the subject and body
 * become the template; one email_campaign (the batch) and one recipient per new contact, queued a
 * cadence apart (CAMPAIGN_SEND_CADENCE_SECONDS, 10 s) or skipped when opted out; the campaign
 * becomes sent. No new contact is 409 'All contacts have already been sent emails…'. After commit
 * one send-campaign-email job per queued recipient, each starting at its turn; if queueing fails
 * the launch stands and the sweep enqueues them (send-campaign-email.job.ts).
 */
export async function launchCampaign(
  deps: TDeps,
  member: TMember,
  id: string,
  input: TLaunchInput,
): Promise<TLaunchResult> {
  requireCampaignRight(member, 'edit');
  const v = ZLaunchInput.parse(input);
  if (!isId(id)) throw campaignNotFound();
  const cadenceSeconds = deps.config.campaignSendCadenceSeconds;
  const launched = await withTenant(deps.db, member, async (tx) => {
    const campaign = await lockLaunchCampaign(tx, member.orgId, id);
    if (!campaign) throw campaignNotFound();
    const paymentsReady = canAcceptCardPayments({
      accountId: campaign.stripe_connected_account_id,
      onboardingComplete: campaign.stripe_onboarding_complete,
      accountEnabled: campaign.stripe_account_enabled,
      chargesEnabled: campaign.stripe_charges_enabled,
      payoutsEnabled: campaign.stripe_payouts_enabled,
    });
    if (campaign.campaign_type === 'alumni' && !paymentsReady) {
      throw new AppError('conflict', FUNDRAISING_MESSAGES.stripeRequired);
    }
    const incremental = await hasEarlierLaunch(tx, member.orgId, id);
    await saveTemplate(tx, member.orgId, id, v.subject, v.body);
    const emailCampaignId = await insertEmailCampaign(tx, {
      orgId: member.orgId,
      campaignId: id,
      name: campaign.name,
      subject: v.subject,
      body: v.body,
      cadenceSeconds,
      createdBy: member.userId,
    });
    const recipients = await insertNewRecipients(tx, {
      orgId: member.orgId,
      campaignId: id,
      emailCampaignId,
      cadenceSeconds,
    });
    if (recipients.length === 0) throw new AppError('conflict', FUNDRAISING_MESSAGES.allContacted);
    const queued = recipients.filter((r) => r.status === 'queued');
    await finishEmailCampaign(tx, member.orgId, emailCampaignId, recipients.length, queued.length);
    await markCampaignSent(tx, member.orgId, id);
    return { emailCampaignId, incremental, queued, skipped: recipients.length - queued.length };
  });

  const jobs = [...launched.queued]
    .sort((a, b) => a.sendAfter.getTime() - b.sendAfter.getTime())
    .map((r) => ({ data: { recipientId: r.id }, key: r.id, startAfter: r.sendAfter }));
  try {
    await deps.queue.sendMany(SEND_CAMPAIGN_EMAIL, jobs);
  } catch (err) {
    // The recipients are queued in the database; the sweep enqueues them within minutes.
    deps.log.error({ err, campaignId: id, orgId: member.orgId }, 'campaign e-mails not enqueued; the sweep will');
  }
  publishFundraising(deps, member.orgId);
  return {
    emailCampaignId: launched.emailCampaignId,
    queued: launched.queued.length,
    skipped: launched.skipped,
    incremental: launched.incremental,
    // The spec's estimate (§4.2): e-mails × 10 s, in minutes rounded up.
    estimatedMinutes: estimatedCompletionMinutes(launched.queued.length),
  };
}

// ---------------------------------------------------------------------------------------------
// Generate Email Content with AI (§5.5, §7.4 personalize-email)
// ---------------------------------------------------------------------------------------------

/** The editor's tones in the writer's: professional reads formal, urgent enthusiastic (with the end date said). */
const WRITER_TONES: Record<TAiTone, TEmailTone> = {
  friendly: 'friendly and professional',
  professional: 'formal',
  enthusiastic: 'enthusiastic',
  urgent: 'enthusiastic',
};

/** The name the writer greets, replaced by [Recipient] afterwards (the writer is told to write no placeholders). */
const GREETED = 'Friend';
const PLAYER_NAME = '[Player Name]';

/**
 * What the writer is told beyond its request's fields. Clauses the built-in writer understands
 * ('Highlight …', 'Remind them that …', plain statements) say the facts; the 'Write …' clauses
 * steer a model's voice and are ignored by the built-in writer, whose sender and organization
 * already carry the perspective.
 */
function writerInstructions(facts: TWritingFacts, v: TGenerateEmailInput, player: boolean): string {
  const clauses = [
    `Highlight ${v.focusArea.trim().replace(/[.!?]+$/, '')}.`,
    v.callToAction?.trim() ? `${v.callToAction.trim().replace(/[.!?]+$/, '')}.` : null,
    v.tone === 'urgent' ? `Remind them that ${facts.name} ends on ${longDate(facts.ends_at)}.` : null,
    player
      ? `Write in the first person as the player who is raising the money (I, my), signing as ${PLAYER_NAME}.`
      : `Write as the team, with we and our team${v.teamOrGroup?.trim() ? ` (${v.teamOrGroup.trim()})` : ''}.`,
    'Write that the donate buttons are below.',
  ];
  return clauses
    .filter((c): c is string => c !== null)
    .join('\n')
    .slice(0, CUSTOM_INSTRUCTIONS_MAX);
}

const GREETING = /^(hi|hello|hey|dear|greetings)\b[^\n]{0,60}?([,!:])?$/i;

/**
 * The writer's plain text as the editor's body: the greeting to [Recipient], the sender's own
 * address left out (the e-mail goes to many, from the organization), a repeated signature line
 * once, [Donate Buttons] before the sign-off and [Unsubscribe] at the end.
 */
export function placeholderBody(body: string, senderEmail: string): string {
  const paragraphs = body
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((p) =>
      p
        .split('\n')
        .map((line) => line.trimEnd())
        .filter((line) => line.trim().toLowerCase() !== senderEmail.trim().toLowerCase())
        .filter((line, i, lines) => i === 0 || line.trim() !== lines[i - 1]?.trim())
        .join('\n')
        .trim(),
    )
    .filter(Boolean);
  const first = paragraphs[0]?.split('\n') ?? [];
  const greeting = first[0] ? GREETING.exec(first[0].trim()) : null;
  if (greeting) {
    const word = greeting[1] ?? 'Hi';
    const salutation = `${word.charAt(0).toUpperCase()}${word.slice(1).toLowerCase()} [Recipient]${greeting[2] ?? ','}`;
    paragraphs[0] = [salutation, ...first.slice(1)].join('\n');
  } else {
    paragraphs.unshift('Hi [Recipient],');
  }
  const signOffAt = paragraphs.length >= 3 ? paragraphs.length - 1 : paragraphs.length;
  paragraphs.splice(signOffAt, 0, DONATE_PLACEHOLDER);
  paragraphs.push(UNSUBSCRIBE_PLACEHOLDER);
  return paragraphs.join('\n\n').slice(0, EMAIL_BODY_MAX);
}

/**
 * Writes the campaign e-mail with the AI writer (the fundraising feature's configuration, the
 * built-in writer without a model) from the campaign, the focus area, the call to action and the
 * tone, in the campaign's perspective: a player campaign from the player's point of view is
 * written in the first person and names [Player Name] in the subject; otherwise as the team. The
 * body comes back as the editor's text with [Recipient], [Donate Buttons] and [Unsubscribe] in
 * place, plus its HTML. It is saved as the template at once; a failed save is only logged (§7.4).
 * Writer failures are writeEmail's: 502 'Failed to generate AI content. Please try again.'.
 */
export async function generateCampaignEmail(
  deps: TDeps,
  member: TMember,
  id: string,
  input: TGenerateEmailInput,
): Promise<{ subject: string; body: string; html: string }> {
  requireCampaignRight(member, 'edit');
  const v = ZGenerateEmailInput.parse(input);
  if (!isId(id)) throw campaignNotFound();
  const facts = await withTenant(deps.db, member, (tx) => findWritingFacts(tx, member.orgId, id));
  if (!facts) throw campaignNotFound();
  const player = facts.campaign_type === 'player' && facts.message_perspective === 'player';
  const team = v.teamOrGroup?.trim() || null;
  const request = ZEmailDraftRequest.safeParse({
    kind: 'fundraising',
    organizationName: !player && team ? team : facts.organization_name,
    companyName: null,
    contactFirstName: GREETED,
    totalCents: facts.goal_cents,
    campaignName: facts.name,
    tone: WRITER_TONES[v.tone],
    sender: {
      name: player ? PLAYER_NAME : (facts.behalf_of_name ?? team ?? facts.organization_name),
      email: member.email,
    },
    documentAttached: false,
    customInstructions: writerInstructions(facts, v, player),
  });
  if (!request.success) {
    deps.log.error({ campaignId: id, issues: request.error.issues }, 'campaign e-mail request is not valid');
    throw new AppError('bad_gateway', AI_MESSAGES.failed);
  }
  const written = await writeEmail(deps, member, emailFeatureFor('fundraising'), request.data);

  let subject = written.subject.replace(/\s+/g, ' ').trim();
  if (player && !subject.includes(PLAYER_NAME)) subject = `${subject} – from ${PLAYER_NAME}`;
  subject = subject.slice(0, EMAIL_SUBJECT_MAX);
  const body = placeholderBody(written.body, member.email);

  try {
    await withTenant(deps.db, member, (tx) => saveTemplate(tx, member.orgId, id, subject, body));
    publishFundraising(deps, member.orgId);
  } catch (err) {
    // The content is written and shown; the editor can still save it (§7.4: only a warning).
    deps.log.warn({ err, campaignId: id, orgId: member.orgId }, 'generated campaign e-mail not saved as the template');
  }
  return { subject, body, html: markdownToHtml(body) };
}
