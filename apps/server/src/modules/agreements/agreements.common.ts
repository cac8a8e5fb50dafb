import { AGREEMENT_MESSAGES } from '@pennant/shared/agreements/schemas';
import type { TTopic } from '@pennant/shared/realtime/topics';
import { can, refusal, type TRecordAction } from '@pennant/shared/session/permissions';
import { z } from 'zod';
import type { TDeps } from '../../deps';
import { AppError } from '../../errors';
import type { TMember } from '../session/member';

/** The route checks the same right first; the service checks again (defence in depth). */
export function requireAgreementRight(member: TMember, action: TRecordAction): void {
  // refusal('agreements.delete') is the spec's 'You do not have permission to delete agreements'.
  if (!can(member, action, 'agreements')) throw new AppError('forbidden', refusal(`agreements.${action}`));
}

const ZId = z.uuid();
/** Ids arrive as path text; anything that is not a uuid cannot name a row, so it is simply not found. */
export function isId(value: string): boolean {
  return ZId.safeParse(value).success;
}

export const agreementNotFound = () => new AppError('not_found', AGREEMENT_MESSAGES.notFound);
export const quoteNotFound = () => new AppError('not_found', AGREEMENT_MESSAGES.quoteNotFound);

/** After commit: the organization's open agreement pages (and the others named) refresh. */
export function publishAgreements(deps: TDeps, member: TMember, ...also: TTopic[]): void {
  for (const topic of ['agreements' as const, ...also]) deps.hub.publish(member.orgId, { topic });
}
