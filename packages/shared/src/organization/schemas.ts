import { z } from 'zod';
import { EMAIL_MAX, EMAIL_PATTERN, limitedText, organizationName, text } from '../fields';
import { EIN_PATTERN } from './ein';

export const PAYMENT_METHODS = ['stripe', 'manual'] as const;
export type TPaymentMethod = (typeof PAYMENT_METHODS)[number];
export const DEFAULT_PAYMENT_METHOD: TPaymentMethod = 'manual';

export const OWNER_ONLY_SETTINGS_MESSAGE =
  'Only the Owner may edit these settings. If you need changes, please contact your Owner.';

/** Empty optional fields are stored as null (spec §5: saving turns empty optionals into null). */
const emptyToNull = (v: string | null | undefined): string | null => (v ? v : null);

function optionalText(max: number, message: string) {
  return limitedText(max, message).trim().nullish().transform(emptyToNull);
}

function optionalEmail(max = EMAIL_MAX) {
  return text(max, 'Email')
    .trim()
    .refine((v) => v === '' || EMAIL_PATTERN.test(v), 'Invalid email format')
    .nullish()
    .transform(emptyToNull);
}

const month = 'Month must be between 1 and 12';

/**
 * The organization tab of the settings page (spec §5). The form and the server validate with this
 * same object. The legal fields (EIN, business address) only ever fail once something is typed
 * into them, because empty is valid for each, which is the spec's "errors appear only when some
 * legal field is filled".
 */
export const ZOrganizationSettings = z.object({
  name: organizationName(),
  seasonLabel: text(15, 'Season label', 'Season label is required').trim().min(1, 'Season label is required'),
  fiscalStartMonth: z.coerce.number({ error: month }).int(month).min(1, month).max(12, month),
  emailAlias: optionalEmail(),
  sponsorshipLeadEmail: optionalEmail(100),
  treasurerEmail: optionalEmail(100),
  remitToAddress: optionalText(500, 'Remit To Address cannot exceed 500 characters'),
  ein: text(20, 'EIN')
    .trim()
    .refine((v) => v === '' || EIN_PATTERN.test(v), 'EIN must be in format ##-#######')
    .nullish()
    .transform(emptyToNull),
  businessStreet: optionalText(200, 'Street cannot exceed 200 characters'),
  businessCity: optionalText(100, 'City cannot exceed 100 characters'),
  businessState: optionalText(2, 'State cannot exceed 2 characters'),
  businessZip: optionalText(10, 'ZIP cannot exceed 10 characters'),
  defaultPaymentMethod: z
    .enum(PAYMENT_METHODS, { error: 'Choose Stripe or Manual' })
    .nullish()
    .transform((v) => v ?? DEFAULT_PAYMENT_METHOD),
});
/** What the form holds (optional fields may be empty strings or null). */
export type TOrganizationSettingsInput = z.input<typeof ZOrganizationSettings>;
/** What is saved: trimmed, empty optionals as null, payment method defaulted. */
export type TOrganizationSettings = z.output<typeof ZOrganizationSettings>;

/** GET/PUT /api/organization/settings reply. */
export const ZOrganizationSettingsReply = z.object({
  id: z.uuid(),
  name: z.string(),
  seasonLabel: z.string(),
  fiscalStartMonth: z.number(),
  emailAlias: z.string().nullable(),
  emailVerified: z.boolean(),
  sponsorshipLeadEmail: z.string().nullable(),
  treasurerEmail: z.string().nullable(),
  remitToAddress: z.string().nullable(),
  ein: z.string().nullable(),
  businessStreet: z.string().nullable(),
  businessCity: z.string().nullable(),
  businessState: z.string().nullable(),
  businessZip: z.string().nullable(),
  defaultPaymentMethod: z.enum(PAYMENT_METHODS),
  /** Only the owner may edit; everyone else sees the form read-only with the owner notice. */
  canEdit: z.boolean(),
});
export type TOrganizationSettingsReply = z.infer<typeof ZOrganizationSettingsReply>;

/** GET /api/plan: the plan state and the usage the limits are measured against. */
export const ZPlanReply = z.object({
  planKey: z.string(),
  status: z.string().nullable(),
  expiresAt: z.string().nullable(),
  usage: z.object({
    /** Companies in status sponsor. */
    activeSponsors: z.number().int(),
    /** null when the plan lifts the limit (premium active or trialing). */
    sponsorLimit: z.number().int().nullable(),
    /** Distinct users holding a role in the organization. */
    teamMembers: z.number().int(),
    /** Pending, unexpired invitations; they count against the team limit too. */
    pendingInvites: z.number().int(),
    /** null when the plan lifts the limit (premium active). */
    teamLimit: z.number().int().nullable(),
  }),
});
export type TPlanReply = z.infer<typeof ZPlanReply>;
