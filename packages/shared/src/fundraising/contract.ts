import { z } from 'zod';
import { ZOk } from '../api.schemas';
import { contract, fail, json, jsonBody } from '../contract';
import { ZIdText } from '../fields';
import {
  ZAddContactsInput,
  ZAddContactsResult,
  ZCampaignContactList,
  ZCampaignContactsQuery,
  ZCampaignDetail,
  ZCampaignInput,
  ZCampaignList,
  ZCampaignListQuery,
  ZCampaignProgress,
  ZCampaignSaved,
  ZContactInsights,
  ZDonationAnalytics,
  ZDonationCheckout,
  ZDonationCheckoutInput,
  ZDonationFilterQuery,
  ZDonationListQuery,
  ZDonationPage,
  ZEmailHistory,
  ZGeneratedEmail,
  ZGenerateEmailInput,
  ZInsightsQuery,
  ZLaunchInput,
  ZLaunchResult,
  ZPlayerProgressList,
  ZPublicCampaign,
  ZTemplateInput,
  ZUnsubscribeQuery,
} from './schemas';

const tags = ['fundraising'];
const topic = 'fundraising';

const invalid = fail('Invalid input, with a message per field');
const signedOut = fail('Not signed in');
const notMember = fail('Not a member of an organization');
const noRight = fail('The member’s roles do not allow it');
const notFound = fail("Campaign not found or you don't have permission to access it.");
const ZParams = z.object({ id: ZIdText });
const resources = { id: 'campaign' } as const;
const exampleId = '00000000-0000-4000-8000-000000000000';

const exampleCampaign = {
  name: 'Spring Booster Drive',
  campaignType: 'player',
  goalCents: 50_000,
  startsAt: '2099-03-01',
  endsAt: '2099-03-31',
  minContactsPerPlayer: 10,
  messagePerspective: 'team',
  behalfOfName: null,
  reminderSchedule: {
    autoScheduleEnabled: true,
    customScheduleEnabled: false,
    customIntervalsDays: [],
    maxReminders: 2,
  },
  players: [{ name: 'Alex Rivera' }],
  contacts: [{ name: 'Maria Rivera', email: 'maria.rivera@example.org', playerIndex: 0 }],
};

/** What every read of one campaign shares: any member may, and it answers its reply or why not. */
const campaignRead = { method: 'get', tags, permission: 'member', topic, resources } as const;
const readReplies = <R extends z.ZodType>(reply: R) =>
  ({ 200: json(reply), 400: invalid, 401: signedOut, 403: notMember, 404: notFound }) as const;

const read = <R extends z.ZodType>(path: string, summary: string, reply: R) =>
  contract({ ...campaignRead, path, summary, request: { params: ZParams }, responses: readReplies(reply) });
/** A read of a campaign's that takes a query (a page, a filter). */
const readWithQuery = <R extends z.ZodType, Q extends z.ZodObject>(path: string, summary: string, query: Q, reply: R) =>
  contract({ ...campaignRead, path, summary, request: { params: ZParams, query }, responses: readReplies(reply) });

export const listCampaigns = contract({
  method: 'get',
  path: '/fundraising/campaigns',
  tags,
  summary: 'The organization’s campaigns (not deleted), newest first, 50 a page, with raised totals and unsent counts',
  permission: 'member',
  topic,
  request: { query: ZCampaignListQuery },
  responses: { 200: json(ZCampaignList), 400: invalid, 401: signedOut, 403: notMember },
});

export const createCampaign = contract({
  method: 'post',
  path: '/fundraising/campaigns',
  tags,
  summary: 'Create a campaign as draft with its players and contacts (spec upsert-fundraising-campaign)',
  permission: 'campaigns.create',
  topic,
  example: exampleCampaign,
  request: jsonBody(ZCampaignInput),
  responses: {
    201: json(ZCampaignSaved, 'Created'),
    400: invalid,
    401: signedOut,
    403: fail('The member’s roles do not allow it, or the plan allows no new campaigns'),
    409: fail('An alumni campaign needs a ready payment account'),
  },
});

export const getCampaign = read(
  '/fundraising/campaigns/{id}',
  'A campaign with its organization’s name, its players and how many contacts it holds',
  ZCampaignDetail,
);

export const updateCampaign = contract({
  method: 'put',
  path: '/fundraising/campaigns/{id}',
  tags,
  summary: 'Save a campaign’s changes (the type is fixed; contacts already e-mailed stay)',
  permission: 'campaigns.edit',
  topic,
  resources,
  example: exampleCampaign,
  request: { params: ZParams, ...jsonBody(ZCampaignInput) },
  responses: {
    200: json(ZCampaignSaved),
    400: invalid,
    401: signedOut,
    403: noRight,
    404: notFound,
    409: fail('The type cannot change, or a contact already e-mailed would be removed'),
  },
});

export const deleteCampaign = contract({
  method: 'delete',
  path: '/fundraising/campaigns/{id}',
  tags,
  summary: 'Delete a draft or ready campaign (soft: is_deleted); a sent campaign cannot be deleted',
  permission: 'campaigns.delete',
  topic,
  resources,
  request: { params: ZParams },
  responses: {
    200: json(ZOk),
    401: signedOut,
    403: noRight,
    404: notFound,
    409: fail('Sent campaigns cannot be deleted'),
  },
});

export const campaignEmailHistory = read(
  '/fundraising/campaigns/{id}/email-history',
  'Who has been sent the campaign e-mail: the launch mode (first, incremental, all contacted)',
  ZEmailHistory,
);
export const campaignPlayerProgress = read(
  '/fundraising/campaigns/{id}/player-progress',
  'Per player: paid donations, contacts, goal and percentage',
  ZPlayerProgressList,
);
export const campaignProgress = read(
  '/fundraising/campaigns/{id}/progress',
  'The campaign’s paid total against its goal',
  ZCampaignProgress,
);
export const campaignDonations = contract({
  method: 'get',
  path: '/fundraising/campaigns/{id}/donations',
  tags,
  summary:
    'The campaign’s donations, newest first, filtered by status (all, paid, pending), 20 a page: the next page ' +
    'starts at the cursor the previous one answered; the first page counts the filter’s donations',
  permission: 'member',
  topic,
  resources,
  request: { params: ZParams, query: ZDonationListQuery },
  responses: { 200: json(ZDonationPage), 400: invalid, 401: signedOut, 403: notMember, 404: notFound },
});

/** A CSV download: UTF-8 with a byte-order mark, the spec's file name in Content-Disposition. */
const csvFile = (description: string) => ({
  content: { 'text/csv': { schema: z.string().meta({ format: 'binary' }) } },
  description,
});

// The exports (§7.3) are built on the server from the list's own query, a page of donations (or
// donors) at a time, so the list can be paged (decisions.md, "Donation exports").
export const exportCampaignDonations = contract({
  method: 'get',
  path: '/fundraising/campaigns/{id}/donations/export',
  tags,
  summary:
    'The donations as CSV (Date, Donor Name, Donor Email, Amount, Status, Player Name, Stripe Payment ID, ' +
    'Donation ID), newest first, by status: donations-campaign-{id}-{date}.csv',
  permission: 'member',
  resources,
  request: { params: ZParams, query: ZDonationFilterQuery },
  responses: {
    200: csvFile('donations-campaign-{id}-{date}.csv'),
    400: invalid,
    401: signedOut,
    403: notMember,
    404: notFound,
  },
});
export const exportCampaignDonorSummary = contract({
  method: 'get',
  path: '/fundraising/campaigns/{id}/donor-summary/export',
  tags,
  summary:
    'One CSV line per donor (Donor Name, Email, Total Amount, Number of Donations, Average Donation, Last ' +
    'Donation Date, Status Summary) over the donations of the status, largest paid total first: ' +
    'donor-summary-campaign-{id}-{date}.csv',
  permission: 'member',
  resources,
  request: { params: ZParams, query: ZDonationFilterQuery },
  responses: {
    200: csvFile('donor-summary-campaign-{id}-{date}.csv'),
    400: invalid,
    401: signedOut,
    403: notMember,
    404: notFound,
  },
});
export const campaignAnalytics = read(
  '/fundraising/campaigns/{id}/analytics',
  'Paid totals, the timeline by local date and the top donors',
  ZDonationAnalytics,
);
export const campaignInsights = readWithQuery(
  '/fundraising/campaigns/{id}/insights',
  'Contact insights: e-mailed, donated, opted out; 10 a page by filter, with counts and the delivery rate',
  ZInsightsQuery,
  ZContactInsights,
);

export const listCampaignContacts = readWithQuery(
  '/fundraising/campaigns/{id}/contacts',
  'A campaign’s contacts in the order entered: one page of 25 when a page is given, else all (for the editor)',
  ZCampaignContactsQuery,
  ZCampaignContactList,
);

export const addCampaignContacts = contract({
  method: 'post',
  path: '/fundraising/campaigns/{id}/contacts',
  tags,
  summary: 'Add contacts to a campaign (also a sent one); addresses already in it are skipped',
  permission: 'campaigns.edit',
  topic,
  resources,
  example: { contacts: [{ name: 'Jordan Lee', email: 'jordan.lee@example.org' }] },
  request: { params: ZParams, ...jsonBody(ZAddContactsInput) },
  responses: { 200: json(ZAddContactsResult), 400: invalid, 401: signedOut, 403: noRight, 404: notFound },
});

export const saveCampaignTemplate = contract({
  method: 'put',
  path: '/fundraising/campaigns/{id}/template',
  tags,
  summary: 'Save the campaign e-mail’s subject and body (spec update-campaign-templates)',
  permission: 'campaigns.edit',
  topic,
  resources,
  example: { subjectSeed: 'Support our season', bodySeed: 'Hi [Recipient],\n\n[Donate Buttons]\n\n[Unsubscribe]' },
  request: { params: ZParams, ...jsonBody(ZTemplateInput) },
  responses: { 200: json(ZOk), 400: invalid, 401: signedOut, 403: noRight, 404: notFound },
});

export const generateCampaignEmail = contract({
  method: 'post',
  path: '/fundraising/campaigns/{id}/generate-email',
  tags,
  summary: 'Write the campaign e-mail with the AI writer (tone, focus area, perspective); saved as the template',
  permission: 'campaigns.edit',
  topic,
  resources,
  example: { tone: 'friendly', focusArea: 'New uniforms and travel to tournaments' },
  request: { params: ZParams, ...jsonBody(ZGenerateEmailInput) },
  responses: {
    200: json(ZGeneratedEmail),
    400: invalid,
    401: signedOut,
    403: noRight,
    404: notFound,
    429: fail('The AI writer’s limit was reached'),
    502: fail('The AI writer failed'),
  },
});

export const launchCampaign = contract({
  method: 'post',
  path: '/fundraising/campaigns/{id}/launch',
  tags,
  summary:
    'Queue the campaign e-mail for every contact not yet sent it, one every 10 seconds (spec send-fundraising-emails)',
  permission: 'campaigns.edit',
  topic,
  resources,
  example: { subject: 'Support our season', body: 'Hi [Recipient],\n\n[Donate Buttons]\n\n[Unsubscribe]' },
  request: { params: ZParams, ...jsonBody(ZLaunchInput) },
  responses: {
    200: json(ZLaunchResult),
    400: invalid,
    401: signedOut,
    403: noRight,
    404: notFound,
    409: fail('All contacts already e-mailed, or an alumni campaign without a ready payment account'),
  },
});

// ---------------------------------------------------------------------------------------------
// Public (§2.7, §2.8, §7.7): no session; the donation page and the unsubscribe link
// ---------------------------------------------------------------------------------------------

export const publicCampaign = contract({
  method: 'get',
  path: '/public/campaigns/{id}',
  tags,
  summary: 'What the donation page shows: the campaign’s name and type, on behalf of, the organization’s name',
  permission: 'public',
  request: { params: ZParams },
  responses: { 200: json(ZPublicCampaign), 404: fail('Campaign not found') },
});

export const createDonationCheckout = contract({
  method: 'post',
  path: '/public/donations',
  tags,
  summary: 'Start a donation: a pending donation and a checkout on the organization’s payment account',
  permission: 'public',
  example: { campaignId: exampleId, amountCents: 5000, donorEmail: 'donor@example.org' },
  request: jsonBody(ZDonationCheckoutInput),
  responses: {
    200: json(ZDonationCheckout),
    400: invalid,
    404: fail('Campaign not found'),
    409: fail('The organization’s payment account is not set up or cannot take charges'),
    423: fail('The organization is frozen by the platform administrators: it takes no donations'),
    429: fail('Too many donation attempts from this client; try again in a few minutes'),
    502: fail('The payment provider failed'),
  },
});

/** The link in every campaign e-mail: opts the contact out and goes on to /unsubscribe with the result. */
export const unsubscribeLink = contract({
  method: 'get',
  path: '/public/unsubscribe',
  tags,
  summary: 'Opt out by the signed link of an e-mail, then redirect to /unsubscribe?unsubscribe=success|error&reason=…',
  permission: 'public',
  request: { query: ZUnsubscribeQuery },
  exampleQuery: { token: 'x' },
  responses: { 302: { description: 'To the unsubscribe result page' } },
});

/** RFC 8058 one-click: mail clients POST the List-Unsubscribe address (no Origin; the token proves it). */
export const unsubscribeOneClick = contract({
  method: 'post',
  path: '/public/unsubscribe',
  tags,
  summary: 'One-click opt-out (List-Unsubscribe-Post); idempotent',
  permission: 'public',
  request: { query: ZUnsubscribeQuery },
  exampleQuery: { token: 'x' },
  responses: { 200: json(ZOk), 400: fail('The link is not valid') },
});
