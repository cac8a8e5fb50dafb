import { AI_MODELS, CONTACT_NAME_MAX, type TAiEmailFeature, type TAiModel, type TEmailKind } from './schemas';

/** The greeting's name when the primary contact has no first name (spec 001 §9). */
export const VALUED_PARTNER = 'Valued Partner';
/** The organization's name in the default subject when none is known (spec 001 §9). */
export const YOUR_CLUB = 'Your Club';

/**
 * The name an e-mail greets: the contact's first name, or 'Valued Partner'. A full name gives
 * its first word ('Jane Doe' → 'Jane'), as a greeting would.
 */
export function greetingName(firstName: string | null | undefined): string {
  const first = (firstName ?? '').trim().split(/\s+/)[0] ?? '';
  return first ? first.slice(0, CONTACT_NAME_MAX) : VALUED_PARTNER;
}

/** 'Sponsorship Proposal from {organization}' (spec 001 §9), 'Your Club' without a name. */
export function defaultQuoteSubject(organizationName: string | null | undefined): string {
  return `Sponsorship Proposal from ${organizationName?.trim() || YOUR_CLUB}`;
}

export interface TMergeValues {
  company_name: string | null | undefined;
  contact_name: string | null | undefined;
}

/**
 * Replaces the merge tags {{company_name}} and {{contact_name}} (spaces inside the braces
 * allowed); a missing contact name reads 'Valued Partner', as the greeting does. Other tags are
 * left as they are, so a typo shows in the preview rather than vanishing.
 */
export function applyMergeTags(text: string, values: TMergeValues): string {
  return text.replace(/\{\{\s*(company_name|contact_name)\s*\}\}/g, (_tag, name: string) =>
    name === 'company_name' ? (values.company_name?.trim() ?? '') : greetingName(values.contact_name),
  );
}

/** The feature whose configuration writes an e-mail of this kind (spec 001 §7 and 002 §7). */
export function emailFeatureFor(kind: TEmailKind): TAiEmailFeature {
  if (kind === 'prospect') return 'personalize-email';
  if (kind === 'fundraising') return 'personalize-fundraising-reminder';
  return 'chat-completion';
}

export function isAiModel(model: string): model is TAiModel {
  return Object.hasOwn(AI_MODELS, model);
}

/**
 * The estimated cost of one call in micro-dollars (millionths of a US dollar), from the model's
 * list prices; 0 for a model Pennant has no price for (the built-in writer, a local server).
 */
export function estimateCostMicros(model: string, promptTokens: number, completionTokens: number): number {
  if (!isAiModel(model)) return 0;
  const price = AI_MODELS[model];
  return Math.round(promptTokens * price.inputUsdPerMillion + completionTokens * price.outputUsdPerMillion);
}

/** A rough token count for text no tokenizer has seen: about four characters a token in English. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** A drafted body as HTML for the e-mail editor and the mail: escaped, line breaks as <br>. */
export function bodyToHtml(body: string): string {
  return body
    .replace(/\r\n?/g, '\n')
    .replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch] ?? ch)
    .replace(/\n/g, '<br>');
}
