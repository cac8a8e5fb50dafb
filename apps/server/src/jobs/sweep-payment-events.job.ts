import type { TDeps } from '../deps';
import { sweepPaymentEvents } from '../modules/payments/payment-sweep.service';
import type { TJobDefinition } from './queue';

export const SWEEP_PAYMENT_EVENTS = 'sweep-payment-events';

/** Every 10 minutes: provider events recorded but not handled are enqueued again (payment-sweep.service.ts). */
export function sweepPaymentEventsJob(deps: TDeps): TJobDefinition {
  return {
    name: SWEEP_PAYMENT_EVENTS,
    cron: '*/10 * * * *',
    retryLimit: 1,
    async handler() {
      await sweepPaymentEvents(deps);
    },
  };
}
