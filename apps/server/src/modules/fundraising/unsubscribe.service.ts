import type { TUnsubscribeReason } from '@pennant/shared/fundraising/schemas';
import { withPlatform } from '../../db/tenant';
import type { TDeps } from '../../deps';
import { publishFundraising } from './campaigns.common';
import { optOutCompanyContact, optOutContact } from './unsubscribe.repo';
import { unsubscribeSigningKey, verifyUnsubscribeToken } from './unsubscribe-token';

export type TUnsubscribeOutcome = { ok: true } | { ok: false; reason: TUnsubscribeReason };

/**
 * The opt-out behind every campaign e-mail's unsubscribe link and its List-Unsubscribe one-click
 * POST (spec 002 §2.8, §8.4). The signed token names the organization and the contact; a forged
 * or damaged one is 'invalid-link'. The contact is opted out for every campaign of the
 * organization, once (a second use keeps the first opt_out_at). Runs as the platform, since no one
 * is signed in, but only ever on the organization the token names. A database failure is
 * 'database-error'; no signing secret is 'config-error'; anything else 'unexpected-error'.
 */
export async function unsubscribeByToken(deps: TDeps, token: string): Promise<TUnsubscribeOutcome> {
  try {
    if (!deps.config.sessionSecret) return { ok: false, reason: 'config-error' };
    const subject = verifyUnsubscribeToken(unsubscribeSigningKey(deps.config.sessionSecret), token);
    if (!subject) return { ok: false, reason: 'invalid-link' };
    let known: boolean;
    try {
      known = await withPlatform(deps.db, deps.log, 'unsubscribe link', (tx) =>
        subject.kind === 'company_contact'
          ? optOutCompanyContact(tx, subject.orgId, subject.contactId)
          : optOutContact(tx, subject.orgId, subject.contactId),
      );
    } catch (err) {
      deps.log.error({ err, orgId: subject.orgId, contactId: subject.contactId }, 'unsubscribe could not be saved');
      return { ok: false, reason: 'database-error' };
    }
    // A contact deleted since the e-mail is sent nothing more either: the request has its effect.
    if (known) {
      if (subject.kind === 'company_contact') deps.hub.publish(subject.orgId, { topic: 'outreach' });
      else publishFundraising(deps, subject.orgId);
    }
    return { ok: true };
  } catch (err) {
    deps.log.error({ err }, 'unsubscribe failed');
    return { ok: false, reason: 'unexpected-error' };
  }
}
