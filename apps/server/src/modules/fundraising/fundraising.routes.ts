import * as api from '@pennant/shared/fundraising/contract';
import type { Context } from 'hono';
import { AppError } from '../../errors';
import { clientIp } from '../../http/client-ip';
import { route } from '../../http/contract-route';
import type { TAppEnv } from '../../http/env';
import { createRouter } from '../../http/router';
import { attachmentDisposition } from '../../integrations/files/file-store';
import { requireMember } from '../session/member';
import { generateCampaignEmail, launchCampaign } from './campaign-launch.service';
import {
  campaignAnalytics,
  campaignEmailHistory,
  campaignInsights,
  campaignPlayerProgress,
  campaignProgress,
} from './campaign-reads.service';
import {
  addCampaignContacts,
  campaignContacts,
  createCampaign,
  deleteCampaign,
  getCampaign,
  listCampaigns,
  saveCampaignTemplate,
  updateCampaign,
} from './campaigns.service';
import {
  campaignDonationPage,
  createDonationCheckout,
  exportDonations,
  exportDonorSummary,
  publicCampaign,
  type TCsvDownload,
} from './donations.service';
import { unsubscribeByToken } from './unsubscribe.service';

/** A CSV download: saved under its file name, never kept by a cache (it is the organization's data). */
function csvReply(c: Context<TAppEnv>, file: TCsvDownload) {
  return c.body(file.body, 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': attachmentDisposition(file.fileName),
    'Cache-Control': 'private, no-store',
  });
}

/**
 * Every fundraising contract (packages/shared/src/fundraising/contract.ts): the campaigns, the
 * campaign page's reads, the launch, and the public donation and unsubscribe routes. No fixed path
 * collides with /campaigns/{id} today (the sub-resources sit under it); the list and create come
 * first all the same, so a fixed path added later is mounted before the id routes.
 */
export const fundraisingRoutes = createRouter()
  .openapi(route(api.listCampaigns), async (c) =>
    c.json(await listCampaigns(c.get('deps'), await requireMember(c), c.req.valid('query')), 200),
  )
  .openapi(route(api.createCampaign), async (c) =>
    c.json(await createCampaign(c.get('deps'), await requireMember(c), c.req.valid('json')), 201),
  )
  .openapi(route(api.getCampaign), async (c) =>
    c.json(await getCampaign(c.get('deps'), await requireMember(c), c.req.valid('param').id), 200),
  )
  .openapi(route(api.updateCampaign), async (c) =>
    c.json(
      await updateCampaign(c.get('deps'), await requireMember(c), c.req.valid('param').id, c.req.valid('json')),
      200,
    ),
  )
  .openapi(route(api.deleteCampaign), async (c) =>
    c.json(await deleteCampaign(c.get('deps'), await requireMember(c), c.req.valid('param').id), 200),
  )
  // The campaign page (campaign-reads.service.ts)
  .openapi(route(api.campaignEmailHistory), async (c) =>
    c.json(await campaignEmailHistory(c.get('deps'), await requireMember(c), c.req.valid('param').id), 200),
  )
  .openapi(route(api.campaignPlayerProgress), async (c) =>
    c.json(await campaignPlayerProgress(c.get('deps'), await requireMember(c), c.req.valid('param').id), 200),
  )
  .openapi(route(api.campaignProgress), async (c) =>
    c.json(await campaignProgress(c.get('deps'), await requireMember(c), c.req.valid('param').id), 200),
  )
  // Donation Details: the pages and the two exports (donations.service.ts)
  .openapi(route(api.campaignDonations), async (c) =>
    c.json(
      await campaignDonationPage(c.get('deps'), await requireMember(c), c.req.valid('param').id, c.req.valid('query')),
      200,
    ),
  )
  .openapi(route(api.exportCampaignDonations), async (c) =>
    csvReply(
      c,
      await exportDonations(
        c.get('deps'),
        await requireMember(c),
        c.req.valid('param').id,
        c.req.valid('query').status,
      ),
    ),
  )
  .openapi(route(api.exportCampaignDonorSummary), async (c) =>
    csvReply(
      c,
      await exportDonorSummary(
        c.get('deps'),
        await requireMember(c),
        c.req.valid('param').id,
        c.req.valid('query').status,
      ),
    ),
  )
  .openapi(route(api.campaignAnalytics), async (c) =>
    c.json(await campaignAnalytics(c.get('deps'), await requireMember(c), c.req.valid('param').id), 200),
  )
  .openapi(route(api.listCampaignContacts), async (c) =>
    c.json(
      await campaignContacts(c.get('deps'), await requireMember(c), c.req.valid('param').id, c.req.valid('query')),
      200,
    ),
  )
  .openapi(route(api.campaignInsights), async (c) =>
    c.json(
      await campaignInsights(c.get('deps'), await requireMember(c), c.req.valid('param').id, c.req.valid('query')),
      200,
    ),
  )
  // Writes on an existing campaign
  .openapi(route(api.addCampaignContacts), async (c) =>
    c.json(
      await addCampaignContacts(c.get('deps'), await requireMember(c), c.req.valid('param').id, c.req.valid('json')),
      200,
    ),
  )
  .openapi(route(api.saveCampaignTemplate), async (c) =>
    c.json(
      await saveCampaignTemplate(c.get('deps'), await requireMember(c), c.req.valid('param').id, c.req.valid('json')),
      200,
    ),
  )
  // The launch and the AI writer (campaign-launch.service.ts)
  .openapi(route(api.generateCampaignEmail), async (c) =>
    c.json(
      await generateCampaignEmail(c.get('deps'), await requireMember(c), c.req.valid('param').id, c.req.valid('json')),
      200,
    ),
  )
  .openapi(route(api.launchCampaign), async (c) =>
    c.json(
      await launchCampaign(c.get('deps'), await requireMember(c), c.req.valid('param').id, c.req.valid('json')),
      200,
    ),
  )
  // Public: the donation page (donations.service.ts) and the unsubscribe link (unsubscribe.service.ts)
  .openapi(route(api.publicCampaign), async (c) =>
    c.json(await publicCampaign(c.get('deps'), c.req.valid('param').id), 200),
  )
  .openapi(route(api.createDonationCheckout), async (c) =>
    c.json(await createDonationCheckout(c.get('deps'), c.req.valid('json'), { ip: clientIp(c) }), 200),
  )
  .openapi(route(api.unsubscribeLink), async (c) => {
    const deps = c.get('deps');
    const outcome = await unsubscribeByToken(deps, c.req.valid('query').token);
    const result = outcome.ok
      ? new URLSearchParams({ unsubscribe: 'success' })
      : new URLSearchParams({ unsubscribe: 'error', reason: outcome.reason });
    return c.redirect(`${deps.config.publicUrl}/unsubscribe?${result}`, 302);
  })
  .openapi(route(api.unsubscribeOneClick), async (c) => {
    const outcome = await unsubscribeByToken(c.get('deps'), c.req.valid('query').token);
    // A mail client's one-click POST reads only the status: 200 done (again or not), 400 a bad link.
    if (!outcome.ok) throw new AppError('bad_request', 'The link is not valid');
    return c.json({ ok: true as const }, 200);
  });
