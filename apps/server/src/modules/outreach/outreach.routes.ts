import * as api from '@pennant/shared/outreach/contract';
import { route } from '../../http/contract-route';
import { createRouter } from '../../http/router';
import { requireMember } from '../session/member';
import { blastProspects, blastStatus, previewBlastEmail, queueBlast } from './blast.service';

/** The prospect e-mail blast (packages/shared/src/outreach/contract.ts). */
export const outreachRoutes = createRouter()
  .openapi(route(api.listBlastProspects), async (c) =>
    c.json(await blastProspects(c.get('deps'), await requireMember(c), c.req.valid('query')), 200),
  )
  .openapi(route(api.previewBlastEmail), async (c) =>
    c.json(await previewBlastEmail(c.get('deps'), await requireMember(c), c.req.valid('json')), 200),
  )
  .openapi(route(api.queueBlast), async (c) =>
    c.json(await queueBlast(c.get('deps'), await requireMember(c), c.req.valid('json')), 201),
  )
  .openapi(route(api.getBlastStatus), async (c) =>
    c.json(await blastStatus(c.get('deps'), await requireMember(c), c.req.valid('param').id), 200),
  );
