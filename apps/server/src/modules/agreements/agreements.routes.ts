import * as api from '@pennant/shared/agreements/contract';
import { route } from '../../http/contract-route';
import { createRouter } from '../../http/router';
import { requireMember } from '../session/member';
import { draftAgreementEmail, emailAgreement } from './agreement-email.service';
import { agreementPdfLink, deleteAgreementPdf, generateAgreementPdf } from './agreement-pdf.service';
import { createAgreement, deleteAgreement, getAgreement, listAgreements, restoreAgreement } from './agreements.service';

const ok = { ok: true as const };

export const agreementRoutes = createRouter()
  .openapi(route(api.listAgreements), async (c) =>
    c.json(await listAgreements(c.get('deps'), await requireMember(c), c.req.valid('query')), 200),
  )
  .openapi(route(api.getAgreement), async (c) =>
    c.json(await getAgreement(c.get('deps'), await requireMember(c), c.req.valid('param').id), 200),
  )
  .openapi(route(api.createAgreement), async (c) =>
    c.json(await createAgreement(c.get('deps'), await requireMember(c), c.req.valid('json')), 201),
  )
  .openapi(route(api.deleteAgreement), async (c) => {
    await deleteAgreement(c.get('deps'), await requireMember(c), c.req.valid('param').id);
    return c.json(ok, 200);
  })
  .openapi(route(api.restoreAgreement), async (c) => {
    await restoreAgreement(c.get('deps'), await requireMember(c), c.req.valid('param').id);
    return c.json(ok, 200);
  })
  // The stored PDF (agreement-pdf.service.ts renders, stores, links and deletes it)
  .openapi(route(api.agreementPdf), async (c) =>
    c.json(await agreementPdfLink(c.get('deps'), await requireMember(c), c.req.valid('param').id), 200),
  )
  .openapi(route(api.generateAgreementPdf), async (c) =>
    c.json(await generateAgreementPdf(c.get('deps'), await requireMember(c), c.req.valid('param').id), 200),
  )
  .openapi(route(api.deleteAgreementPdf), async (c) => {
    await deleteAgreementPdf(c.get('deps'), await requireMember(c), c.req.valid('param').id);
    return c.json(ok, 200);
  })
  // E-mail (agreement-email.service.ts)
  .openapi(route(api.emailAgreement), async (c) =>
    c.json(
      await emailAgreement(c.get('deps'), await requireMember(c), c.req.valid('param').id, c.req.valid('json')),
      200,
    ),
  )
  .openapi(route(api.draftAgreementEmail), async (c) =>
    c.json(
      await draftAgreementEmail(c.get('deps'), await requireMember(c), c.req.valid('param').id, c.req.valid('json')),
      200,
    ),
  );
