import * as api from '@pennant/shared/quotes/contract';
import { route } from '../../http/contract-route';
import { createRouter } from '../../http/router';
import { requireMember } from '../session/member';
import { acceptQuote, rejectQuote } from './quote-decide.service';
import { quotePdf } from './quote-pdf.service';
import { sendQuote } from './quote-send.service';
import {
  createQuote,
  deleteQuote,
  draftQuoteEmail,
  getQuote,
  listQuotes,
  saveQuoteEmail,
  updateQuote,
} from './quotes.service';

const ok = { ok: true as const };

export const quoteRoutes = createRouter()
  .openapi(route(api.listQuotes), async (c) =>
    c.json(await listQuotes(c.get('deps'), await requireMember(c), c.req.valid('query')), 200),
  )
  // Before /quotes/{id}: a fixed path is not an id.
  .openapi(route(api.draftQuoteEmail), async (c) =>
    c.json(await draftQuoteEmail(c.get('deps'), await requireMember(c), c.req.valid('json')), 200),
  )
  .openapi(route(api.getQuote), async (c) =>
    c.json(await getQuote(c.get('deps'), await requireMember(c), c.req.valid('param').id), 200),
  )
  .openapi(route(api.createQuote), async (c) =>
    c.json(await createQuote(c.get('deps'), await requireMember(c), c.req.valid('json')), 201),
  )
  .openapi(route(api.updateQuote), async (c) =>
    c.json(await updateQuote(c.get('deps'), await requireMember(c), c.req.valid('param').id, c.req.valid('json')), 200),
  )
  .openapi(route(api.saveQuoteEmail), async (c) =>
    c.json(
      await saveQuoteEmail(c.get('deps'), await requireMember(c), c.req.valid('param').id, c.req.valid('json')),
      200,
    ),
  )
  .openapi(route(api.sendQuote), async (c) =>
    c.json(await sendQuote(c.get('deps'), await requireMember(c), c.req.valid('param').id, c.req.valid('json')), 200),
  )
  .openapi(route(api.acceptQuote), async (c) =>
    c.json(await acceptQuote(c.get('deps'), await requireMember(c), c.req.valid('param').id, c.req.valid('json')), 200),
  )
  .openapi(route(api.rejectQuote), async (c) =>
    c.json(await rejectQuote(c.get('deps'), await requireMember(c), c.req.valid('param').id), 200),
  )
  .openapi(route(api.deleteQuote), async (c) => {
    await deleteQuote(c.get('deps'), await requireMember(c), c.req.valid('param').id);
    return c.json(ok, 200);
  })
  .openapi(route(api.quotePdf), async (c) =>
    c.json(await quotePdf(c.get('deps'), await requireMember(c), c.req.valid('param').id), 200),
  );
