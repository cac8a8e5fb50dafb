import * as api from '@pennant/shared/catalogue/contract';
import { route } from '../../http/contract-route';
import { createRouter } from '../../http/router';
import { requireMember } from '../session/member';
import { createAdType, listAdTypes } from './ad-types.service';
import { createBundle, deleteBundle, listBundles, updateBundle } from './bundles.service';
import { createPriceList, deletePriceList, listPriceLists, updatePriceList } from './price-lists.service';
import { createPriceSheet } from './price-sheet.service';
import { createProduct, deleteProduct, duplicateProduct, listProducts, updateProduct } from './products.service';

const ok = { ok: true as const };

export const catalogueRoutes = createRouter()
  // Ad types
  .openapi(route(api.listAdTypes), async (c) =>
    c.json({ adTypes: await listAdTypes(c.get('deps'), await requireMember(c)) }, 200),
  )
  .openapi(route(api.createAdType), async (c) => {
    const { adType, created } = await createAdType(c.get('deps'), await requireMember(c), c.req.valid('json'));
    return created ? c.json(adType, 201) : c.json(adType, 200);
  })
  // Products
  .openapi(route(api.listProducts), async (c) =>
    c.json({ products: await listProducts(c.get('deps'), await requireMember(c)) }, 200),
  )
  .openapi(route(api.createProduct), async (c) =>
    c.json(await createProduct(c.get('deps'), await requireMember(c), c.req.valid('json')), 201),
  )
  .openapi(route(api.updateProduct), async (c) =>
    c.json(
      await updateProduct(c.get('deps'), await requireMember(c), c.req.valid('param').id, c.req.valid('json')),
      200,
    ),
  )
  .openapi(route(api.duplicateProduct), async (c) =>
    c.json(await duplicateProduct(c.get('deps'), await requireMember(c), c.req.valid('param').id), 201),
  )
  .openapi(route(api.deleteProduct), async (c) => {
    await deleteProduct(c.get('deps'), await requireMember(c), c.req.valid('param').id);
    return c.json(ok, 200);
  })
  // Bundles
  .openapi(route(api.listBundles), async (c) =>
    c.json(await listBundles(c.get('deps'), await requireMember(c), c.req.valid('query')), 200),
  )
  .openapi(route(api.createBundle), async (c) =>
    c.json(await createBundle(c.get('deps'), await requireMember(c), c.req.valid('json')), 201),
  )
  .openapi(route(api.updateBundle), async (c) =>
    c.json(
      await updateBundle(c.get('deps'), await requireMember(c), c.req.valid('param').id, c.req.valid('json')),
      200,
    ),
  )
  .openapi(route(api.deleteBundle), async (c) => {
    await deleteBundle(c.get('deps'), await requireMember(c), c.req.valid('param').id);
    return c.json(ok, 200);
  })
  // Price lists
  .openapi(route(api.listPriceLists), async (c) =>
    c.json({ priceLists: await listPriceLists(c.get('deps'), await requireMember(c)) }, 200),
  )
  .openapi(route(api.createPriceList), async (c) =>
    c.json(await createPriceList(c.get('deps'), await requireMember(c), c.req.valid('json')), 201),
  )
  .openapi(route(api.updatePriceList), async (c) =>
    c.json(
      await updatePriceList(c.get('deps'), await requireMember(c), c.req.valid('param').id, c.req.valid('json')),
      200,
    ),
  )
  .openapi(route(api.deletePriceList), async (c) => {
    await deletePriceList(c.get('deps'), await requireMember(c), c.req.valid('param').id);
    return c.json(ok, 200);
  })
  // The price sheet (price-sheet.service.ts renders, stores and links it)
  .openapi(route(api.createPriceSheet), async (c) =>
    c.json(await createPriceSheet(c.get('deps'), await requireMember(c), c.req.valid('param').id), 200),
  );
