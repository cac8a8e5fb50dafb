import { quoteNumber } from '@pennant/shared/quotes/rules';
import { withPlatform } from '../../db/tenant';
import type { TDeps } from '../../deps';
import { expireDueQuotes, insertQuoteEvents } from './quotes.repo';

/** Quotes expired per transaction; a backlog is worked through batch by batch. */
export const EXPIRY_BATCH = 500;

/**
 * Every sent quote past its expires_at becomes expired (spec §4, §9: valid 30 days), with
 * expired_at and an entry on its company's timeline. Runs as the platform (every organization)
 * and is idempotent: the change is a conditional update, so a second run, or one racing an
 * acceptance, changes nothing twice. Each organization with a change hears 'quotes'. Answers how
 * many quotes expired.
 */
export async function expireQuotes(deps: TDeps, now = new Date()): Promise<number> {
  const orgs = new Set<string>();
  let total = 0;
  for (;;) {
    const expired = await withPlatform(deps.db, deps.log, 'expire sent quotes past their date', async (tx) => {
      const found = await expireDueQuotes(tx, now, EXPIRY_BATCH);
      await insertQuoteEvents(
        tx,
        found.map((q) => ({
          orgId: q.org_id,
          companyId: q.company_id,
          quoteId: q.id,
          eventType: 'quote_expired',
          description: `${quoteNumber(q.id)} expired`,
          createdBy: null,
          metadata: { quote_id: q.id, from: 'sent', to: 'expired' },
          occurredAt: now,
        })),
      );
      return found;
    });
    for (const q of expired) orgs.add(q.org_id);
    total += expired.length;
    if (expired.length < EXPIRY_BATCH) break;
  }
  for (const orgId of orgs) {
    deps.hub.publish(orgId, { topic: 'quotes' });
    deps.hub.publish(orgId, { topic: 'companies' });
  }
  if (total > 0) deps.log.info({ expired: total, organizations: orgs.size }, 'quotes expired');
  return total;
}
