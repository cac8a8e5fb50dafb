// What every AI writer offers, and the pieces the writers share (the user prompt, reading a
// model's reply): shared by the writers and the factory in ai.ts, so neither imports the other.

import { greetingName } from '@pennant/shared/ai/rules';
import {
  EMAIL_BODY_MAX,
  EMAIL_SUBJECT_MAX,
  type TAiEmailFeature,
  type TEmailDraft,
  type TEmailDraftRequest,
  type TEmailKind,
} from '@pennant/shared/ai/schemas';
import { formatMoney } from '@pennant/shared/money';
import { z } from 'zod';

/** A feature's configuration as the writer uses it (ai_config). */
export interface TAiWriterConfig {
  model: string;
  tokenLimit: number;
  systemPrompt: string;
}

/** The tokens one call used, and the model that used them. */
export interface TAiUsage {
  model: string;
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
}

export interface TAiDraftResult extends TEmailDraft {
  usage: TAiUsage;
}

/**
 * Writes e-mails: through an OpenAI-compatible chat completions endpoint (openai.ts), or the
 * built-in writer (local.ts) that composes a specific e-mail from the same inputs offline.
 */
export interface TAiWriter {
  readonly kind: 'openai' | 'local';
  draftEmail(feature: TAiEmailFeature, request: TEmailDraftRequest, config: TAiWriterConfig): Promise<TAiDraftResult>;
}

/**
 * A writer's failure in technical words ('LLM returned 500', 'LLM response missing fields'),
 * for the log; people see AI_MESSAGES.failed (ai.service.ts).
 */
export class AiWriterError extends Error {
  constructor(
    message: string,
    /** The endpoint's HTTP status, when it answered. */
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'AiWriterError';
  }
}

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** '2026-03-01' → 'March 1, 2026'; an impossible date stays as written. */
export function longDate(isoDate: string): string {
  const at = new Date(`${isoDate}T00:00:00Z`);
  return Number.isNaN(at.getTime()) || at.toISOString().slice(0, 10) !== isoDate ? isoDate : dateFormat.format(at);
}

/** The total an e-mail states: the one given, else the items' sum, else none. */
export function totalOf(request: TEmailDraftRequest): number | null {
  if (request.totalCents !== null) return request.totalCents;
  if (request.items.length === 0) return null;
  return request.items.reduce((sum, item) => sum + item.qty * item.cents, 0);
}

const KIND_BRIEFS: Record<TEmailKind, string> = {
  quote: 'an e-mail sending a sponsorship proposal (a quote) to a business',
  invoice: 'an e-mail sending an invoice to a sponsor',
  agreement: 'an e-mail sending a sponsorship agreement to sign and return',
  prospect: 'a first e-mail inviting a local business to sponsor the club',
  fundraising: 'a fundraising reminder asking for a donation',
};

const ATTACHMENTS: Record<TEmailKind, string> = {
  quote: 'the proposal (PDF)',
  invoice: 'the invoice (PDF)',
  agreement: 'the agreement (PDF)',
  prospect: 'the price sheet (PDF)',
  fundraising: 'nothing',
};

const TOTAL_LABELS: Record<TEmailKind, string> = {
  quote: 'Total',
  invoice: 'Amount due',
  agreement: 'Total value',
  prospect: 'Total',
  fundraising: 'Goal',
};

/** How every reply must look, whatever the editable system prompt says (json_object needs the word JSON too). */
export const REPLY_FORMAT =
  'Reply with a JSON object with exactly two string fields: "subject" (one line, under 100 characters) and ' +
  '"body" (plain text: the greeting, short paragraphs separated by a blank line, list items one per line ' +
  "starting with '- ', and the sign-off with the sender's name; no markdown, no HTML, no placeholders).";

/** The facts of one e-mail as the model reads them (the user message). */
export function emailPrompt(request: TEmailDraftRequest): string {
  const lines = [
    `Write ${KIND_BRIEFS[request.kind]}.`,
    `Organization (the sender's club): ${request.organizationName}`,
  ];
  if (request.companyName) lines.push(`Recipient company: ${request.companyName}`);
  lines.push(`Greet the recipient as: ${greetingName(request.contactFirstName)}`);
  if (request.campaignName) {
    lines.push(`${request.kind === 'fundraising' ? 'Campaign' : 'Price list'}: ${request.campaignName}`);
  }
  if (request.items.length) {
    lines.push('Items:');
    for (const item of request.items) {
      const each = item.qty > 1 ? ` × ${item.qty} at ${formatMoney(item.cents)} each` : '';
      lines.push(`- ${item.name}${each}: ${formatMoney(item.qty * item.cents)}`);
    }
  }
  const total = totalOf(request);
  if (total !== null) {
    lines.push(`${TOTAL_LABELS[request.kind]}: ${formatMoney(total)}`);
  }
  if (request.dueDate) lines.push(`Due date: ${longDate(request.dueDate)}`);
  lines.push(`Attached to the e-mail: ${request.documentAttached ? ATTACHMENTS[request.kind] : 'nothing'}`);
  lines.push(`Tone: ${request.tone}`);
  lines.push(`Sender: ${request.sender.name} <${request.sender.email}>`);
  if (request.customInstructions) {
    lines.push(`The sender's own instructions for this e-mail:\n"""\n${request.customInstructions}\n"""`);
  }
  if (request.subjectSeed) {
    lines.push(`Start the subject from the sender's subject, personalised for the recipient: ${request.subjectSeed}`);
  }
  if (request.bodySeed) {
    lines.push(
      `Start the body from the sender's text, personalised for the recipient and keeping its meaning:\n"""\n${request.bodySeed}\n"""`,
    );
  }
  lines.push('', REPLY_FORMAT);
  return lines.join('\n');
}

const ZReply = z.object({ subject: z.string().trim().min(1), body: z.string().trim().min(1) });

/** Subject on one line; body with \n line ends, no trailing spaces, at most one blank line in a row; both within limits. */
export function tidyDraft(subject: string, body: string): TEmailDraft {
  return {
    subject: subject.replace(/\s+/g, ' ').trim().slice(0, EMAIL_SUBJECT_MAX),
    body: body
      .replace(/\r\n?/g, '\n')
      .replace(/[ \t]+$/gm, '')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
      .slice(0, EMAIL_BODY_MAX),
  };
}

/**
 * A model's reply as subject and body: the JSON object it was asked for, also when wrapped in a
 * code fence or words (servers that ignore response_format). Anything else is 'LLM response
 * missing fields'.
 */
export function readDraft(content: string | null | undefined, missingFields: string): TEmailDraft {
  const text = content ?? '';
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  let parsed: unknown = null;
  if (start >= 0 && end > start) {
    try {
      parsed = JSON.parse(text.slice(start, end + 1));
    } catch {
      parsed = null;
    }
  }
  const reply = ZReply.safeParse(parsed);
  if (!reply.success) throw new AiWriterError(missingFields);
  return tidyDraft(reply.data.subject, reply.data.body);
}
