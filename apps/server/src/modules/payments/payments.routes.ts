import * as api from '@pennant/shared/billing/contract';
import { AppError } from '../../errors';
import { route } from '../../http/contract-route';
import { createRouter } from '../../http/router';
import { WebhookSignatureError } from '../../integrations/payments';
import { requireMember } from '../session/member';
import {
  createCheckout,
  listReceipts,
  openBillingPortal,
  receiptPdf,
  verifyCheckout,
  verifySubscription,
} from './billing.service';
import {
  getPaymentAccount,
  openPaymentDashboard,
  refreshPaymentAccount,
  resetPaymentAccount,
  startPaymentSetup,
} from './connect.service';
import { receivePaymentWebhook } from './webhook.service';

export const paymentRoutes = createRouter()
  .openapi(route(api.createCheckout), async (c) =>
    c.json(await createCheckout(c.get('deps'), await requireMember(c), c.req.valid('json')), 200),
  )
  .openapi(route(api.openBillingPortal), async (c) =>
    c.json(await openBillingPortal(c.get('deps'), await requireMember(c)), 200),
  )
  .openapi(route(api.verifyCheckout), async (c) =>
    c.json(await verifyCheckout(c.get('deps'), await requireMember(c), c.req.valid('json')), 200),
  )
  .openapi(route(api.verifySubscription), async (c) =>
    c.json(await verifySubscription(c.get('deps'), await requireMember(c)), 200),
  )
  .openapi(route(api.listReceipts), async (c) =>
    c.json({ receipts: await listReceipts(c.get('deps'), await requireMember(c)) }, 200),
  )
  .openapi(route(api.receiptPdf), async (c) =>
    c.json(await receiptPdf(c.get('deps'), await requireMember(c), c.req.valid('param').id), 200),
  )
  .openapi(route(api.getPaymentAccount), async (c) =>
    c.json(await getPaymentAccount(c.get('deps'), await requireMember(c)), 200),
  )
  .openapi(route(api.refreshPaymentAccount), async (c) =>
    c.json(await refreshPaymentAccount(c.get('deps'), await requireMember(c)), 200),
  )
  .openapi(route(api.startPaymentSetup), async (c) =>
    c.json(await startPaymentSetup(c.get('deps'), await requireMember(c)), 200),
  )
  .openapi(route(api.openPaymentDashboard), async (c) =>
    c.json(await openPaymentDashboard(c.get('deps'), await requireMember(c)), 200),
  )
  .openapi(route(api.resetPaymentAccount), async (c) =>
    c.json(await resetPaymentAccount(c.get('deps'), await requireMember(c), c.req.valid('json')), 200),
  )
  // Public and exempt from the same-origin check (http/same-origin.ts): the provider sends no
  // Origin. The raw body is what the signature covers: read as text, never parsed before that.
  .openapi(route(api.paymentWebhook), async (c) => {
    const rawBody = await c.req.text();
    try {
      await receivePaymentWebhook(c.get('deps'), rawBody, c.req.header('stripe-signature'));
    } catch (err) {
      if (err instanceof WebhookSignatureError) throw new AppError('bad_request', 'Invalid signature');
      throw err;
    }
    return c.json({ ok: true as const }, 200);
  });
