import { FUNDRAISING_MESSAGES } from '@pennant/shared/fundraising/schemas';
import { can, refusal, type TRecordAction } from '@pennant/shared/session/permissions';
import { z } from 'zod';
import type { TDeps } from '../../deps';
import { AppError } from '../../errors';
import type { TMember } from '../session/member';

/** What the campaign services share: the right check, the not-found answer, the id test, the event. */

/** The route checks the same right first; the service checks again (defence in depth). */
export function requireCampaignRight(member: TMember, action: TRecordAction): void {
  if (!can(member, action, 'campaigns')) throw new AppError('forbidden', refusal(`campaigns.${action}`));
}

/** Deleted, another organization's, or no such campaign: one answer (§6), so nothing leaks. */
export const campaignNotFound = () => new AppError('not_found', FUNDRAISING_MESSAGES.notFound);

const ZId = z.uuid();
/** Ids arrive as path text; anything that is not a uuid cannot name a row, so it is simply not found. */
export function isId(value: string): boolean {
  return ZId.safeParse(value).success;
}

/** After commit: the organization's fundraising pages refresh. */
export function publishFundraising(deps: TDeps, orgId: string): void {
  deps.hub.publish(orgId, { topic: 'fundraising' });
}
