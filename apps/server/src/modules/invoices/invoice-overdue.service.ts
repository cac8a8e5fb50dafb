import { invoiceNumber } from '@pennant/shared/invoices/rules';
import { zonedToday } from '@pennant/shared/months';
import { zoneOrDefault } from '@pennant/shared/profile/timezones';
import { withPlatform } from '../../db/tenant';
import type { TDeps } from '../../deps';
import { publishInvoices } from './invoices.common';
import { insertInvoiceEvents, listOverdueCandidates, markOrgInvoicesOverdue } from './invoices.repo';

/** The furthest-ahead calendar on earth (UTC+14): no organization's today is later than its today. */
const LATEST_ZONE = 'Pacific/Kiritimati';

/**
 * The daily run (spec §4): every sent invoice whose due date is before today on its
 * organization's calendar becomes overdue, with 'invoice_overdue' on its company's timeline. A
 * pending invoice was never sent, so it is not overdue yet. Runs as the platform, one transaction
 * per organization, and is idempotent: the change is a conditional update, so a second run, or one
 * racing a payment, changes nothing twice. Each organization with a change hears 'invoices'.
 * Answers how many invoices became overdue.
 */
export async function markOverdueInvoices(deps: TDeps, now: Date = new Date()): Promise<number> {
  const candidates = await withPlatform(deps.db, deps.log, 'find organizations with overdue invoices', (tx) =>
    listOverdueCandidates(tx, zonedToday(now, LATEST_ZONE)),
  );
  let total = 0;
  for (const { org_id: orgId, timezone } of candidates) {
    const today = zonedToday(now, zoneOrDefault(timezone));
    const changed = await withPlatform(
      deps.db,
      deps.log,
      'mark sent invoices past their due date overdue',
      async (tx) => {
        const overdue = await markOrgInvoicesOverdue(tx, orgId, today, now);
        await insertInvoiceEvents(
          tx,
          overdue.map((i) => ({
            orgId,
            companyId: i.company_id,
            invoiceId: i.id,
            eventType: 'invoice_overdue',
            description: `${invoiceNumber(i.id)} is overdue`,
            createdBy: null,
            metadata: { invoice_id: i.id, from: 'sent', to: 'overdue', due_date: i.due_date },
            occurredAt: now,
          })),
        );
        return overdue.length;
      },
    );
    if (changed > 0) publishInvoices(deps, orgId);
    total += changed;
  }
  if (total > 0) deps.log.info({ overdue: total }, 'invoices overdue');
  return total;
}
