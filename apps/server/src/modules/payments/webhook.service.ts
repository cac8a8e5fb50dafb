import { withPlatform } from '../../db/tenant';
import type { TDeps } from '../../deps';
import { PROCESS_PAYMENT_EVENT } from '../../jobs/process-payment-event.job';
import { findPaymentEvent, insertPaymentEvent } from './billing.repo';

/**
 * Receives one provider event: verifies the signature on the raw body (a WebhookSignatureError
 * when it does not hold, which the route answers 400), records the event id once (a repeat is
 * `duplicate: true` and changes nothing), and enqueues the job that handles it. The HTTP route and
 * the simulator's pages both deliver events through here, so everything after is the same code.
 *
 * A repeat of an event that is recorded but not handled yet (its job still failing, e.g. an
 * invoice whose organization was not known yet) is enqueued again: the job is idempotent and its
 * singleton key keeps one waiting copy.
 */
export async function receivePaymentWebhook(
  deps: TDeps,
  rawBody: string,
  signatureHeader: string | undefined,
): Promise<{ eventId: string; duplicate: boolean }> {
  const event = await deps.payments.verifyWebhook(rawBody, signatureHeader);
  const { created, pending } = await withPlatform(deps.db, deps.log, 'payment webhook', async (tx) => {
    const isNew = await insertPaymentEvent(tx, {
      id: event.id,
      type: event.type,
      payload: {
        created: event.created.toISOString(),
        objectId: event.objectId,
        accountId: event.accountId,
        data: event.data,
      },
    });
    if (isNew) return { created: true, pending: true };
    const stored = await findPaymentEvent(tx, event.id);
    return { created: false, pending: stored !== null && !stored.processed };
  });
  if (pending) await deps.queue.send(PROCESS_PAYMENT_EVENT, { eventId: event.id }, event.id);
  return { eventId: event.id, duplicate: !created };
}
