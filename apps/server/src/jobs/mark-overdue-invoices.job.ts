import type { TDeps } from '../deps';
import { markOverdueInvoices } from '../modules/invoices/invoice-overdue.service';
import type { TJobDefinition } from './queue';

export const MARK_OVERDUE_INVOICES = 'mark-overdue-invoices';

/**
 * Sent invoices past their due date become overdue (idempotent, see markOverdueInvoices). Each
 * organization's day ends at its own midnight, so the run is hourly (at :30 UTC): an invoice turns
 * overdue within the hour its organization's new day begins, once, whatever its zone.
 */
export function markOverdueInvoicesJob(deps: TDeps): TJobDefinition {
  return {
    name: MARK_OVERDUE_INVOICES,
    cron: '30 * * * *',
    retryLimit: 2,
    async handler() {
      await markOverdueInvoices(deps);
    },
  };
}
