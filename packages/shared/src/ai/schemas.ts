import { z } from 'zod';
import { email, LONG_TEXT_MAX, optionalText, requiredText, SHORT_TEXT_MAX, text } from '../fields';
import { MAX_PRICE_CENTS } from '../money';

/**
 * The AI writer (issue 12; spec 002 §3 AI config, AI config history, Token usage; §9 Admin; spec
 * 001 §7 chat-completion, §8 AI messages, §9 merge tags). The admin console edits one
 * configuration per feature; the server's writer drafts e-mails from ZEmailDraftRequest.
 */

// ---------------------------------------------------------------------------------------------
// Features, models, limits
// ---------------------------------------------------------------------------------------------

/** The four AI features of spec 002 §9, each with its own model, token limit and system prompt. */
export const AI_FEATURES = [
  'personalize-email',
  'personalize-fundraising-reminder',
  'lead-scout-parse',
  'chat-completion',
] as const;
export type TAiFeature = (typeof AI_FEATURES)[number];
export const ZAiFeature = z.enum(AI_FEATURES, { error: 'Unknown AI feature' });

/** The features that write e-mails (lead-scout-parse reads pasted text instead). */
export const AI_EMAIL_FEATURES = ['personalize-email', 'personalize-fundraising-reminder', 'chat-completion'] as const;
export type TAiEmailFeature = (typeof AI_EMAIL_FEATURES)[number];

export const AI_FEATURE_LABELS: Record<TAiFeature, string> = {
  'personalize-email': 'Prospect e-mails',
  'personalize-fundraising-reminder': 'Fundraising reminders',
  'lead-scout-parse': 'Lead scout',
  'chat-completion': 'Quote, agreement and invoice e-mails',
};

/** The two models the admin chooses from (spec 002 §5.8: a smaller recommended one and a more capable one). */
export const AI_MODEL_IDS = ['gpt-4o-mini', 'gpt-4o'] as const;
export type TAiModel = (typeof AI_MODEL_IDS)[number];

export interface TAiModelInfo {
  label: string;
  description: string;
  recommended: boolean;
  /** List price in US dollars per million prompt tokens, which is micro-dollars per token. */
  inputUsdPerMillion: number;
  /** The same for completion tokens. */
  outputUsdPerMillion: number;
}

/** Usage costs computed from these are estimates, never invoices. */
export const AI_MODELS: Record<TAiModel, TAiModelInfo> = {
  'gpt-4o-mini': {
    label: 'GPT-4o mini (recommended)',
    description: 'Fast and inexpensive; writes every e-mail Pennant needs.',
    recommended: true,
    inputUsdPerMillion: 0.15,
    outputUsdPerMillion: 0.6,
  },
  'gpt-4o': {
    label: 'GPT-4o (complex tasks)',
    description: 'More capable, at about 16 times the price; for long or unusual prompts.',
    recommended: false,
    inputUsdPerMillion: 2.5,
    outputUsdPerMillion: 10,
  },
};
export const DEFAULT_AI_MODEL: TAiModel = 'gpt-4o-mini';
/** The model name usage rows carry when the built-in writer wrote the text (it costs nothing). */
export const LOCAL_WRITER_MODEL = 'local-writer';

export const TOKEN_LIMIT_MIN = 1000;
export const TOKEN_LIMIT_MAX = 32000;
export const SYSTEM_PROMPT_MAX = LONG_TEXT_MAX;
/** What a sender may add for one e-mail ('mention our new scoreboard'). */
export const CUSTOM_INSTRUCTIONS_MAX = 1000;
/** Items an e-mail may list; a quote or price list has fewer in practice. */
export const EMAIL_ITEMS_MAX = 100;
export const EMAIL_ITEM_QTY_MAX = 1000;
export const EMAIL_SUBJECT_MAX = SHORT_TEXT_MAX;
export const EMAIL_BODY_MAX = LONG_TEXT_MAX;
/** A greeting or merge-tag name longer than this is cut (a contact name field, not a paragraph). */
export const CONTACT_NAME_MAX = 100;

/** The spec's messages (001 §8) and the admin form's. */
export const AI_MESSAGES = {
  errorTitle: 'AI Error',
  couldNotGenerate: 'Could not generate message. Please try again.',
  llmReturned: (status: number | string) => `LLM returned ${status}`,
  missingFields: 'LLM response missing fields',
  failed: 'Failed to generate AI content. Please try again.',
  failedEmail: 'Failed to generate email. Please try again.',
  missingInformation: 'Missing required information for AI generation',
  generated: 'Email generated successfully',
  personalized: 'AI has personalized your email content.',
  invoiceGenerated: 'AI has generated email content for you!',
  tokenLimit: `Token limit must be between ${TOKEN_LIMIT_MIN} and ${TOKEN_LIMIT_MAX}`,
  model: 'Choose one of the two models',
  systemPrompt: 'System prompt is required',
  companyName: 'Company name is required',
} as const;

// ---------------------------------------------------------------------------------------------
// Configuration (the admin console's table and Edit dialog)
// ---------------------------------------------------------------------------------------------

export const ZAiModel = z.enum(AI_MODEL_IDS, { error: AI_MESSAGES.model });

export const ZTokenLimit = z
  .number({ error: AI_MESSAGES.tokenLimit })
  .int(AI_MESSAGES.tokenLimit)
  .min(TOKEN_LIMIT_MIN, AI_MESSAGES.tokenLimit)
  .max(TOKEN_LIMIT_MAX, AI_MESSAGES.tokenLimit);

/** What the Edit dialog saves (admin_update_ai_config: model, token limit, system prompt). */
export const ZAiConfigUpdate = z.object({
  model: ZAiModel,
  tokenLimit: ZTokenLimit,
  systemPrompt: requiredText(SYSTEM_PROMPT_MAX, 'System prompt', AI_MESSAGES.systemPrompt),
});
export type TAiConfigUpdate = z.output<typeof ZAiConfigUpdate>;

/** One feature's configuration as the admin console lists it. */
export const ZAiConfig = ZAiConfigUpdate.extend({
  featureKey: ZAiFeature,
  /** ISO instant of the last change (the migration's seed counts as one). */
  updatedAt: z.string(),
  /** Who changed it last; null for the seeded default. */
  updatedByEmail: z.string().nullable(),
});
export type TAiConfig = z.output<typeof ZAiConfig>;

/** A change of a feature's configuration, with what it replaced (spec 002 §3). */
export const ZAiConfigHistoryEntry = z.object({
  id: z.string(),
  featureKey: ZAiFeature,
  createdAt: z.string(),
  createdByEmail: z.string(),
  previousConfig: ZAiConfigUpdate,
});
export type TAiConfigHistoryEntry = z.output<typeof ZAiConfigHistoryEntry>;

/** Token usage by model (the admin metrics' bar chart). */
export const ZAiUsageByModel = z.object({
  model: z.string(),
  tokenCount: z.number().int(),
  /** Estimated cost in US dollars. */
  estimatedCost: z.number(),
});
export type TAiUsageByModel = z.output<typeof ZAiUsageByModel>;

// ---------------------------------------------------------------------------------------------
// The e-mail the writer drafts
// ---------------------------------------------------------------------------------------------

/**
 * quote, agreement and invoice: to a sponsor about its own deal (the chat-completion feature);
 * prospect: a first approach with the price sheet (personalize-email); fundraising: a donation
 * reminder (personalize-fundraising-reminder).
 */
export const EMAIL_KINDS = ['quote', 'invoice', 'agreement', 'prospect', 'fundraising'] as const;
export type TEmailKind = (typeof EMAIL_KINDS)[number];

/** The tone of voice; the first is the spec's org_tone ('friendly and professional'). */
export const EMAIL_TONES = ['friendly and professional', 'warm', 'enthusiastic', 'formal'] as const;
export type TEmailTone = (typeof EMAIL_TONES)[number];
export const DEFAULT_EMAIL_TONE: TEmailTone = 'friendly and professional';

const ZCents = z
  .number({ error: 'Amounts are whole cents' })
  .int('Amounts are whole cents')
  .min(0, 'Amounts cannot be negative')
  .max(MAX_PRICE_CENTS * EMAIL_ITEM_QTY_MAX, 'Amount is too large');

export const ZEmailItem = z.object({
  name: requiredText(SHORT_TEXT_MAX, 'Item name'),
  qty: z
    .number({ error: 'Quantity must be at least 1' })
    .int('Quantity must be at least 1')
    .min(1, 'Quantity must be at least 1')
    .max(EMAIL_ITEM_QTY_MAX, `Quantity cannot exceed ${EMAIL_ITEM_QTY_MAX}`),
  /** The price of one, in cents; a line's amount is qty × cents. */
  cents: ZCents,
});
export type TEmailItem = z.output<typeof ZEmailItem>;

/** Optional text that is always a string or null once parsed (blank and absent alike). */
const maybeText = (max: number, label: string) => optionalText(max, label).transform((v) => v ?? null);

const KINDS_WITH_COMPANY: readonly TEmailKind[] = ['quote', 'invoice', 'agreement', 'prospect'];

/** Everything the writer needs for one e-mail; both writers (the model and the built-in one) take it. */
export const ZEmailDraftRequest = z
  .object({
    kind: z.enum(EMAIL_KINDS, { error: 'Unknown kind of e-mail' }),
    organizationName: requiredText(SHORT_TEXT_MAX, 'Organization name'),
    /** The recipient's company; required except for fundraising, which may go to people. */
    companyName: maybeText(SHORT_TEXT_MAX, 'Company name'),
    /** The primary contact's first name; absent → 'Valued Partner'. */
    contactFirstName: maybeText(CONTACT_NAME_MAX, 'Contact first name'),
    items: z.array(ZEmailItem).max(EMAIL_ITEMS_MAX, `At most ${EMAIL_ITEMS_MAX} items`).default([]),
    /** The total (a quote's first-year total, an invoice's amount due, a campaign's goal); else the items' sum. */
    totalCents: ZCents.nullish().transform((v) => v ?? null),
    /** An invoice's due date, YYYY-MM-DD. */
    dueDate: text(10, 'Due date')
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'Due date must be a date (YYYY-MM-DD)')
      .nullish()
      .transform((v) => v ?? null),
    /** The price list (prospect) or campaign (fundraising) the e-mail is about. */
    campaignName: maybeText(SHORT_TEXT_MAX, 'Campaign name'),
    tone: z.enum(EMAIL_TONES, { error: 'Unknown tone' }).default(DEFAULT_EMAIL_TONE),
    sender: z.object({
      name: requiredText(SHORT_TEXT_MAX, 'Sender name'),
      email: email(),
    }),
    /** The kind's document goes with the e-mail (the proposal, agreement or invoice PDF, or the price sheet). */
    documentAttached: z.boolean().default(false),
    customInstructions: maybeText(CUSTOM_INSTRUCTIONS_MAX, 'Custom instructions'),
    /** A prospect blast's seeds (spec 002 §7.6 personalize-email): the writer starts from them. */
    subjectSeed: maybeText(EMAIL_SUBJECT_MAX, 'Subject seed'),
    bodySeed: maybeText(CUSTOM_INSTRUCTIONS_MAX * 2, 'Body seed'),
  })
  .superRefine((v, ctx) => {
    if (KINDS_WITH_COMPANY.includes(v.kind) && !v.companyName) {
      ctx.addIssue({ code: 'custom', path: ['companyName'], message: AI_MESSAGES.companyName });
    }
  });
export type TEmailDraftRequest = z.output<typeof ZEmailDraftRequest>;
export type TEmailDraftRequestInput = z.input<typeof ZEmailDraftRequest>;

/** The writer's reply: a one-line subject and a plain-text body whose paragraphs are separated by blank lines. */
export const ZEmailDraft = z.object({
  subject: z.string().max(EMAIL_SUBJECT_MAX),
  body: z.string().max(EMAIL_BODY_MAX),
});
export type TEmailDraft = z.output<typeof ZEmailDraft>;

// ---------------------------------------------------------------------------------------------
// Defaults (the migration seeds the same; a test compares them)
// ---------------------------------------------------------------------------------------------

const EMAIL_RULES =
  'Use only the facts you are given: never invent prices, dates, names, links or attachments. ' +
  'Write plain text without markdown or HTML, in short paragraphs separated by a blank line; list items one per line ' +
  "starting with '- '. Sign off with the sender's name and organization.";

/** The system prompts the migration seeds (spec 001 §9: a warm, professional, concise e-mail with a call to action). */
export const AI_DEFAULT_PROMPTS: Record<TAiFeature, string> = {
  'personalize-email':
    'You write e-mails for a volunteer-run youth sports booster club to local businesses that may sponsor it. ' +
    'Write a warm, professional, concise email (under 180 words) with a clear call to action: a short call, or a reply ' +
    "naming the option that interests them. Make it specific to the recipient's business and the club's offer, " +
    `mention the price sheet only when it is attached, and avoid pressure and cliches. ${EMAIL_RULES}`,
  'personalize-fundraising-reminder':
    "You write fundraising reminders for a volunteer-run youth sports booster club to its supporters, players' " +
    'families and local businesses. Write a warm, professional, concise email (under 150 words) with a call to ' +
    'action to give, saying what the money is for and that every amount helps. Be grateful, never guilt-tripping. ' +
    EMAIL_RULES,
  'lead-scout-parse':
    'You read text a volunteer pasted (a business directory, a web page, notes) and find local businesses that ' +
    'could sponsor a youth sports club. Reply with a JSON object {"leads": [...]} whose items have company_name, ' +
    'contact_name, email, phone, website and notes; use only what the text says and leave unknown fields empty. ' +
    'Never invent a contact or an address.',
  'chat-completion':
    'You write e-mails for a volunteer-run youth sports booster club to its sponsors about their quotes, ' +
    'agreements and invoices. Write a warm, professional, concise email (under 180 words) with a clear call to ' +
    'action (review and reply, sign and return, or pay by the due date). Name the items and amounts exactly as ' +
    `given and thank the sponsor for supporting the club. ${EMAIL_RULES}`,
};

export const AI_DEFAULT_TOKEN_LIMITS: Record<TAiFeature, number> = {
  'personalize-email': 1000,
  'personalize-fundraising-reminder': 1000,
  'lead-scout-parse': 4000,
  'chat-completion': 1000,
};
