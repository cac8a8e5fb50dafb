import { z } from 'zod';
import type { TDeps } from '../deps';
import { processPaymentEvent } from '../modules/payments/payment-events.service';
import type { TJobDefinition } from './queue';

export const PROCESS_PAYMENT_EVENT = 'process-payment-event';
const ZData = z.object({ eventId: z.string().min(1) });

/**
 * Handles one recorded provider event (payment-events.service.ts): idempotent, so a retry or a
 * second delivery changes nothing, and order-proof, because it writes what the provider says now.
 */
export function processPaymentEventJob(deps: TDeps): TJobDefinition {
  return {
    name: PROCESS_PAYMENT_EVENT,
    retryLimit: 8,
    async handler(data) {
      const { eventId } = ZData.parse(data);
      await processPaymentEvent(deps, eventId);
    },
  };
}
