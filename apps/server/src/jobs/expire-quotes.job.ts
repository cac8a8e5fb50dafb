import type { TDeps } from '../deps';
import { expireQuotes } from '../modules/quotes/quote-expiry.service';
import type { TJobDefinition } from './queue';

export const EXPIRE_QUOTES = 'expire-quotes';

/** Daily at 03:15 UTC: sent quotes past their 30 days become expired (idempotent, see expireQuotes). */
export function expireQuotesJob(deps: TDeps): TJobDefinition {
  return {
    name: EXPIRE_QUOTES,
    cron: '15 3 * * *',
    retryLimit: 2,
    async handler() {
      await expireQuotes(deps);
    },
  };
}
