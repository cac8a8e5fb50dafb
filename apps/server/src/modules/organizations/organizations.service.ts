import {
  OWNER_ONLY_SETTINGS_MESSAGE,
  PAYMENT_METHODS,
  type TOrganizationSettingsInput,
  type TOrganizationSettingsReply,
  type TPaymentMethod,
  ZOrganizationSettings,
} from '@pennant/shared/organization/schemas';
import { canManage } from '@pennant/shared/session/permissions';
import { readTenant, withTenant } from '../../db/tenant';
import type { TDeps } from '../../deps';
import { AppError } from '../../errors';
import type { TMember } from '../session/member';
import { findSettings, type TSettingsRow, updateSettings } from './organizations.repo';

function paymentMethodOf(raw: string): TPaymentMethod {
  return (PAYMENT_METHODS as readonly string[]).includes(raw) ? (raw as TPaymentMethod) : 'manual';
}

function toReply(org: TSettingsRow, member: TMember): TOrganizationSettingsReply {
  return {
    id: org.id,
    name: org.name,
    seasonLabel: org.season_label,
    fiscalStartMonth: org.fiscal_start_month,
    emailAlias: org.email_alias,
    emailVerified: org.email_verified,
    sponsorshipLeadEmail: org.sponsorship_lead_email,
    treasurerEmail: org.treasurer_email,
    remitToAddress: org.remit_to_address,
    ein: org.ein,
    businessStreet: org.business_street,
    businessCity: org.business_city,
    businessState: org.business_state,
    businessZip: org.business_zip,
    defaultPaymentMethod: paymentMethodOf(org.default_payment_method),
    canEdit: canManage(member, 'organization_settings'),
  };
}

export async function getSettings(deps: TDeps, member: TMember): Promise<TOrganizationSettingsReply> {
  const org = await readTenant(deps.db, member, (tx) => findSettings(tx, member.orgId));
  if (!org) throw new AppError('not_found', 'Organization not found');
  return toReply(org, member);
}

/**
 * Owner only (spec §5). The shared schema trims, turns empty optionals into null and defaults the
 * payment method; changing the e-mail alias resets its verification.
 */
export async function saveSettings(
  deps: TDeps,
  member: TMember,
  input: TOrganizationSettingsInput,
): Promise<TOrganizationSettingsReply> {
  if (!canManage(member, 'organization_settings')) throw new AppError('forbidden', OWNER_ONLY_SETTINGS_MESSAGE);
  const values = ZOrganizationSettings.parse(input);
  const org = await withTenant(deps.db, member, (tx) => updateSettings(tx, member.orgId, values));
  if (!org) throw new AppError('not_found', 'Organization not found');
  return toReply(org, member);
}
