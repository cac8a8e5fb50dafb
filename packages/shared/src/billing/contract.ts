import { z } from 'zod';
import { ZOk } from '../api.schemas';
import { ZDocumentLink } from '../catalogue/schemas';
import { contract, fail, json, jsonBody } from '../contract';
import { ZIdText } from '../fields';
import { ZPaymentAccount, ZResetPaymentAccountInput } from './connect';
import { ZCheckoutInput, ZReceiptList, ZRedirect, ZVerifyInput, ZVerifyResult } from './schemas';

const tags = ['billing'];
const signedOut = fail('Not signed in');
const noRight = fail('The member’s roles do not allow it');
const invalid = fail('Invalid input, with a message per field');
const badGateway = fail('The payment provider failed');

export const createCheckout = contract({
  method: 'post',
  path: '/billing/checkout',
  tags,
  summary: 'Start a Premium checkout (monthly or yearly); answers the payment page to go to',
  permission: 'payment',
  topic: 'billing',
  example: { planKey: 'premium_month' },
  request: jsonBody(ZCheckoutInput),
  responses: { 200: json(ZRedirect), 400: invalid, 401: signedOut, 403: noRight, 502: badGateway },
});

export const openBillingPortal = contract({
  method: 'post',
  path: '/billing/portal',
  tags,
  summary: 'The payment provider’s customer portal for the organization’s subscription',
  permission: 'payment',
  topic: 'billing',
  example: {},
  responses: {
    200: json(ZRedirect),
    401: signedOut,
    403: noRight,
    409: fail('The organization has no subscription yet'),
    502: badGateway,
  },
});

export const verifyCheckout = contract({
  method: 'post',
  path: '/billing/verify',
  tags,
  summary: 'Confirm a finished checkout by its session id and bring the plan up to date',
  permission: 'member',
  topic: 'billing',
  example: { sessionId: 'cs_test_123' },
  request: jsonBody(ZVerifyInput),
  responses: {
    200: json(ZVerifyResult),
    400: invalid,
    401: signedOut,
    403: fail('Not a member'),
    404: fail('No such checkout for this organization'),
    502: badGateway,
  },
});

export const verifySubscription = contract({
  method: 'post',
  path: '/billing/verify-subscription',
  tags,
  summary: 'Manual verification: read the customer’s subscriptions at the provider and update the plan',
  permission: 'member',
  topic: 'billing',
  example: {},
  responses: { 200: json(ZVerifyResult), 401: signedOut, 403: fail('Not a member'), 502: badGateway },
});

export const listReceipts = contract({
  method: 'get',
  path: '/billing/receipts',
  tags,
  summary: 'The subscription’s paid invoices, newest first',
  permission: 'member',
  topic: 'billing',
  responses: { 200: json(ZReceiptList), 401: signedOut, 403: fail('Not a member') },
});

export const receiptPdf = contract({
  method: 'post',
  path: '/billing/receipts/{id}/pdf',
  tags,
  summary: 'A short-lived link to a receipt’s PDF',
  permission: 'member',
  topic: 'billing',
  resources: { id: 'receipt' },
  example: {},
  request: { params: z.object({ id: ZIdText }) },
  responses: { 200: json(ZDocumentLink), 401: signedOut, 403: fail('Not a member'), 404: fail('No such receipt') },
});

/**
 * The payment provider's webhook: public, its raw body verified by signature (a bad one is a 400
 * and changes nothing); each event id is recorded once and handled by a job.
 */
export const paymentWebhook = contract({
  method: 'post',
  path: '/payments/webhook',
  tags,
  summary: 'Payment provider events (signed); answered fast, handled in a job, each event once',
  permission: 'public',
  responses: { 200: json(ZOk), 400: fail('Missing or bad signature') },
});

// ---------------------------------------------------------------------------------------------
// The payment account (Settings → Payments): the organization's connected account
// ---------------------------------------------------------------------------------------------

const premiumRequired = fail('Payment Setup needs an active Premium plan');

export const getPaymentAccount = contract({
  method: 'get',
  path: '/payments/account',
  tags,
  summary: 'The organization’s payment account: its badge, requirements and whether it can take card payments',
  permission: 'member',
  topic: 'billing',
  responses: { 200: json(ZPaymentAccount), 401: signedOut, 403: fail('Not a member') },
});

export const refreshPaymentAccount = contract({
  method: 'post',
  path: '/payments/account/refresh',
  tags,
  summary: 'Read the payment account at the provider again (after onboarding) and store what it says',
  permission: 'payment',
  topic: 'billing',
  example: {},
  responses: { 200: json(ZPaymentAccount), 401: signedOut, 403: noRight, 502: badGateway },
});

/** generate-stripe-oauth-link and generate-stripe-account-link in one: the account is made on first use. */
export const startPaymentSetup = contract({
  method: 'post',
  path: '/payments/account/onboarding',
  tags,
  summary: 'A link to the provider’s onboarding for the payment account (made on first use)',
  permission: 'payment',
  topic: 'billing',
  example: {},
  responses: { 200: json(ZRedirect), 401: signedOut, 403: premiumRequired, 502: badGateway },
});

export const openPaymentDashboard = contract({
  method: 'post',
  path: '/payments/account/dashboard',
  tags,
  summary: 'A one-time link into the payment account’s dashboard at the provider',
  permission: 'payment',
  topic: 'billing',
  example: {},
  responses: {
    200: json(ZRedirect),
    401: signedOut,
    403: noRight,
    409: fail('The organization has no payment account yet'),
    502: badGateway,
  },
});

/** dev-clear-stripe-connect: 'Reset & Start Over'. */
export const resetPaymentAccount = contract({
  method: 'post',
  path: '/payments/account/reset',
  tags,
  summary: 'Disconnect the payment account (and delete it at the provider), to start over',
  permission: 'payment',
  topic: 'billing',
  example: { deleteAccount: true },
  request: jsonBody(ZResetPaymentAccountInput),
  responses: { 200: json(ZPaymentAccount), 400: invalid, 401: signedOut, 403: noRight, 502: badGateway },
});
