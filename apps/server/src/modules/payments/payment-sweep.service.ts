import { withPlatform } from '../../db/tenant';
import type { TDeps } from '../../deps';
import { PROCESS_PAYMENT_EVENT } from '../../jobs/process-payment-event.job';
import { listStalePaymentEvents } from './billing.repo';

/** An event is stale when still unhandled this long after it came (the job's own retries take minutes). */
export const STALE_EVENT_SECONDS = 15 * 60;
/** After this many tries an event needs a person: it stays recorded and is logged, not retried for ever. */
export const MAX_EVENT_ATTEMPTS = 40;
const SWEEP_BATCH = 200;

/**
 * Nothing lost: an event whose job ran out of retries (say, the provider was down for an hour) or
 * was never enqueued (a node died right after recording it) is enqueued again. The job is
 * idempotent and its singleton key (the event id) keeps one waiting copy, so a sweep that races
 * a delivery changes nothing. Answers how many were enqueued.
 */
export async function sweepPaymentEvents(deps: TDeps): Promise<number> {
  const stale = await withPlatform(deps.db, deps.log, 'payment event sweep', (tx) =>
    listStalePaymentEvents(tx, {
      olderThanSeconds: STALE_EVENT_SECONDS,
      maxAttempts: MAX_EVENT_ATTEMPTS,
      limit: SWEEP_BATCH,
    }),
  );
  for (const event of stale) {
    if (event.attempts >= MAX_EVENT_ATTEMPTS - 1) {
      deps.log.error(
        { eventId: event.id, attempts: event.attempts },
        'payment event still failing; last automatic try',
      );
    }
    await deps.queue.send(PROCESS_PAYMENT_EVENT, { eventId: event.id }, event.id);
  }
  if (stale.length > 0) deps.log.warn({ count: stale.length }, 'stale payment events enqueued again');
  return stale.length;
}
