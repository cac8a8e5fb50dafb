import * as api from '@pennant/shared/invoices/contract';
import { route } from '../../http/contract-route';
import { createRouter } from '../../http/router';
import { requireMember } from '../session/member';
import { createInvoice } from './invoice-create.service';
import { draftInvoiceEmail, emailInvoice, resendInvoiceEmail } from './invoice-email.service';
import { invoicePdf } from './invoice-pdf.service';
import {
  getInvoice,
  invoiceFormDefaults,
  invoiceKpis,
  invoiceSources,
  listInvoices,
  markInvoicePaid,
  markInvoiceSent,
  voidInvoice,
} from './invoices.service';

// The fixed paths (kpis, sources, form) are mounted before /invoices/{id}, which would match them too.
export const invoiceRoutes = createRouter()
  .openapi(route(api.listInvoices), async (c) =>
    c.json(await listInvoices(c.get('deps'), await requireMember(c), c.req.valid('query')), 200),
  )
  .openapi(route(api.invoiceKpis), async (c) =>
    c.json(await invoiceKpis(c.get('deps'), await requireMember(c), c.req.valid('query')), 200),
  )
  .openapi(route(api.invoiceSources), async (c) =>
    c.json(await invoiceSources(c.get('deps'), await requireMember(c), c.req.valid('query').kind), 200),
  )
  .openapi(route(api.invoiceFormDefaults), async (c) =>
    c.json(await invoiceFormDefaults(c.get('deps'), await requireMember(c), c.req.valid('query')), 200),
  )
  .openapi(route(api.getInvoice), async (c) =>
    c.json(await getInvoice(c.get('deps'), await requireMember(c), c.req.valid('param').id), 200),
  )
  .openapi(route(api.createInvoice), async (c) =>
    c.json(await createInvoice(c.get('deps'), await requireMember(c), c.req.valid('json')), 201),
  )
  // Status changes (spec §4)
  .openapi(route(api.markInvoiceSent), async (c) =>
    c.json(await markInvoiceSent(c.get('deps'), await requireMember(c), c.req.valid('param').id), 200),
  )
  .openapi(route(api.markInvoicePaid), async (c) =>
    c.json(await markInvoicePaid(c.get('deps'), await requireMember(c), c.req.valid('param').id), 200),
  )
  .openapi(route(api.voidInvoice), async (c) =>
    c.json(await voidInvoice(c.get('deps'), await requireMember(c), c.req.valid('param').id), 200),
  )
  // The PDF and the e-mail (invoice-pdf.service.ts, invoice-email.service.ts)
  .openapi(route(api.invoicePdf), async (c) =>
    c.json(await invoicePdf(c.get('deps'), await requireMember(c), c.req.valid('param').id), 200),
  )
  .openapi(route(api.emailInvoice), async (c) =>
    c.json(
      await emailInvoice(c.get('deps'), await requireMember(c), c.req.valid('param').id, c.req.valid('json')),
      200,
    ),
  )
  .openapi(route(api.draftInvoiceEmail), async (c) =>
    c.json(
      await draftInvoiceEmail(c.get('deps'), await requireMember(c), c.req.valid('param').id, c.req.valid('json')),
      200,
    ),
  )
  .openapi(route(api.resendInvoiceEmail), async (c) =>
    c.json(await resendInvoiceEmail(c.get('deps'), await requireMember(c), c.req.valid('param').id), 200),
  );
