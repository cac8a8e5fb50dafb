import { z } from 'zod';
import { contract, fail, json, jsonBody } from '../contract';
import { ZIdText } from '../fields';
import {
  ZBlastPreview,
  ZBlastPreviewInput,
  ZBlastProspectPage,
  ZBlastProspectQuery,
  ZBlastQueued,
  ZBlastStatusReply,
  ZQueueBlastInput,
} from './schemas';

/*
 * The prospect e-mail blast (spec 002 §7.6). Every route is the outreach area's: admins and
 * sponsorship leads (the dashboard card shows for them only, §6); treasurers and read-only members
 * are refused. Previews are one AI call per recipient, the queue writes the blast and its
 * recipients and returns at once, and the status is polled.
 */

const tags = ['outreach'];
const topic = 'outreach';

const invalid = fail('Invalid input, with a message per field');
const signedOut = fail('Not signed in');
const noRight = fail('Only admins and sponsorship leads send prospect e-mails');
const exampleId = '00000000-0000-4000-8000-000000000000';

export const listBlastProspects = contract({
  method: 'get',
  path: '/outreach/prospects',
  tags,
  summary:
    'One page (50) of active prospects: pipeline companies (prospect, contacted, negotiating) with a primary contact e-mail not opted out, by contact name; a search on contact, company or e-mail; the total (first page, up to 500)',
  permission: 'outreach.create',
  topic,
  request: { query: ZBlastProspectQuery },
  responses: { 200: json(ZBlastProspectPage), 400: invalid, 401: signedOut, 403: noRight },
});

export const previewBlastEmail = contract({
  method: 'post',
  path: '/outreach/previews',
  tags,
  summary:
    'One recipient’s personalised e-mail from the seeds, the prospect and the price list (spec personalize-email)',
  permission: 'outreach.create',
  topic,
  example: {
    priceListId: exampleId,
    prospectId: exampleId,
    subjectSeed: 'Spring Menu - Sponsorship Opportunities',
    bodySeed: 'Thank you for supporting youth sports in our community.',
  },
  request: jsonBody(ZBlastPreviewInput),
  responses: {
    200: json(ZBlastPreview),
    400: invalid,
    401: signedOut,
    403: noRight,
    404: fail('The price list or the prospect is not this organization’s'),
    429: fail('The AI writer’s limit was reached'),
    502: fail('The AI writer failed'),
  },
});

export const queueBlast = contract({
  method: 'post',
  path: '/outreach/blasts',
  tags,
  summary:
    'Queue a blast (spec queue-email-blast): the e-mails, sanitised, one per recipient, sent in the background at the cadence',
  permission: 'outreach.create',
  topic,
  example: {
    priceListId: exampleId,
    subjectSeed: 'Spring Menu - Sponsorship Opportunities',
    bodySeed: 'Thank you for supporting youth sports in our community.',
    ccRole: 'lead',
    attachPdf: true,
    recipients: [{ prospectId: exampleId, subject: 'Sponsorship at Riverside', html: '<p>Hello!</p>' }],
  },
  request: jsonBody(ZQueueBlastInput),
  responses: {
    201: json(ZBlastQueued, 'Queued'),
    400: invalid,
    401: signedOut,
    403: noRight,
    404: fail('The price list is not this organization’s'),
    409: fail('A recipient is no longer an active prospect, or the CC role has no address'),
  },
});

export const getBlastStatus = contract({
  method: 'get',
  path: '/outreach/blasts/{id}',
  tags,
  summary: 'A blast’s progress: queued or completed, and its recipients by status (polled, spec §4.5)',
  permission: 'outreach.create',
  topic,
  resources: { id: 'blast' },
  request: { params: z.object({ id: ZIdText }) },
  responses: {
    200: json(ZBlastStatusReply),
    401: signedOut,
    403: noRight,
    404: fail('Email blast not found'),
  },
});
