import { z } from 'zod';

/**
 * The field schemas every form, route and import uses. Every text a client can send goes through
 * `text()` (or a schema built on it), so each one refuses NUL (PostgreSQL cannot store it) and has
 * a length limit, checked at the edge before any handler runs.
 */

export const NUL_MESSAGE = 'Text cannot contain NUL characters';
/** No NUL anywhere: the pattern is also published in the OpenAPI document. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching NUL is the point of this pattern.
const NO_NUL = /^[^\u0000]*$/;

/** The longest free text any field accepts (notes, messages); most fields are much shorter. */
export const LONG_TEXT_MAX = 10_000;
export const SHORT_TEXT_MAX = 200;
export const EMAIL_MAX = 254;
export const URL_MAX = 500;
export const ID_MAX = 100;

/** Password rules, one constant for sign-up, invite sign-up and password change. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const PASSWORD_MESSAGE = `Password must be at least ${PASSWORD_MIN} characters`;

const tooLong = (label: string, max: number) => `${label} cannot exceed ${max} characters`;

/**
 * A string that refuses NUL and anything past `max` characters. Untrimmed: compose `.trim()`
 * after. `missing` is the message when the value is absent or not text at all.
 */
export function text(max: number, label = 'Text', missing?: string): z.ZodString {
  return z
    .string(missing ? { error: missing } : undefined)
    .max(max, tooLong(label, max))
    .regex(NO_NUL, NUL_MESSAGE);
}

/** Like `text`, with the spec's own words for a value that is too long. */
export function limitedText(max: number, tooLongMessage: string): z.ZodString {
  return z.string().max(max, tooLongMessage).regex(NO_NUL, NUL_MESSAGE);
}

/**
 * Trimmed text that must not be blank. The trim runs first, so surrounding spaces never count
 * against the limit; an absent value reads like a blank one.
 */
export function requiredText(max: number, label: string, requiredMessage = `${label} is required`): z.ZodString {
  return z
    .string({ error: requiredMessage })
    .trim()
    .max(max, tooLong(label, max))
    .regex(NO_NUL, NUL_MESSAGE)
    .min(1, requiredMessage);
}

/** A short identifier-like value from a path or query (ids, tokens, enum-ish strings). */
export const ZIdText = text(ID_MAX, 'Value');

/** Blank text becomes null, so forms can send '' for an empty input; absent stays undefined. */
export const blankToNull = (v: string | null | undefined) => (v === undefined ? undefined : v ? v : null);

export function optionalText(max: number, label: string) {
  return text(max, label).trim().nullish().transform(blankToNull);
}

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const EMAIL_MESSAGE = 'Please enter a valid email address';

/** A required e-mail address, trimmed and lower-cased. */
export function email(message = EMAIL_MESSAGE) {
  return text(EMAIL_MAX, 'Email').trim().toLowerCase().regex(EMAIL_PATTERN, message);
}

export function optionalEmail(message = EMAIL_MESSAGE) {
  return text(EMAIL_MAX, 'Email')
    .trim()
    .refine((v) => v === '' || EMAIL_PATTERN.test(v), message)
    .nullish()
    .transform(blankToNull);
}

/**
 * A web address as people type it: with or without http(s)://, never another scheme
 * (javascript:, data:, ftp: …), a dot in the host, no spaces.
 */
export const WEBSITE_PATTERN =
  /^(https?:\/\/)?[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+(?::\d{1,5})?(?:[/?#]\S*)?$/i;
export const WEBSITE_MESSAGE = 'Please enter a valid website';

export function isWebsite(value: string): boolean {
  return WEBSITE_PATTERN.test(value.trim());
}

export function optionalWebsite(message = WEBSITE_MESSAGE) {
  return text(URL_MAX, 'Website')
    .trim()
    .refine((v) => v === '' || isWebsite(v), message)
    .nullish()
    .transform(blankToNull);
}

/** A password as typed: never trimmed, one minimum everywhere. */
export function password() {
  return z
    .string()
    .min(PASSWORD_MIN, PASSWORD_MESSAGE)
    .max(PASSWORD_MAX, tooLong('Password', PASSWORD_MAX))
    .regex(NO_NUL, NUL_MESSAGE);
}

/** True when the value holds a NUL anywhere (for checks outside zod, such as imported cells). */
export function hasNul(value: string): boolean {
  return value.includes('\u0000');
}

/** Organization names, one rule for onboarding and settings (spec: required, 2 to 60 characters). */
export const ORGANIZATION_NAME_MIN = 2;
export const ORGANIZATION_NAME_MAX = 60;
export function organizationName() {
  return z
    .string({ error: 'Organization name is required' })
    .trim()
    .max(ORGANIZATION_NAME_MAX, `Organization name cannot exceed ${ORGANIZATION_NAME_MAX} characters`)
    .regex(NO_NUL, NUL_MESSAGE)
    .min(1, 'Organization name is required')
    .min(ORGANIZATION_NAME_MIN, `Organization name must be at least ${ORGANIZATION_NAME_MIN} characters`);
}
