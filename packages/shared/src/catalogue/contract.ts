import { z } from 'zod';
import { ZOk } from '../api.schemas';
import { contract, fail, json, jsonBody } from '../contract';
import { ZIdText } from '../fields';
import { ZAdType, ZCustomAdType } from '../onboarding/schemas';
import {
  ZBundle,
  ZBundleInput,
  ZBundleList,
  ZBundleListQuery,
  ZDocumentLink,
  ZPriceList,
  ZPriceListInput,
  ZPriceListList,
  ZProduct,
  ZProductInput,
  ZProductList,
} from './schemas';

const tags = ['catalogue'];
const topic = 'catalogue';

const invalid = fail('Invalid input, with a message per field');
const signedOut = fail('Not signed in');
const notMember = fail('Not a member of an organization');
const noRight = fail('The member’s roles do not allow it');
const notFound = fail('No such record in this organization');
const overLimit = fail('The organization has reached the catalogue’s limit');

const ZParams = z.object({ id: ZIdText });
const exampleId = '00000000-0000-4000-8000-000000000000';

// ---------------------------------------------------------------------------------------------
// Ad types
// ---------------------------------------------------------------------------------------------

export const listAdTypes = contract({
  method: 'get',
  path: '/ad-types',
  tags,
  summary: 'Global ad types plus the organization’s own (marked custom)',
  permission: 'member',
  topic,
  responses: { 200: json(z.object({ adTypes: z.array(ZAdType) })), 401: signedOut, 403: notMember },
});

export const createAdType = contract({
  method: 'post',
  path: '/ad-types',
  tags,
  summary: 'Add a custom ad type; a label whose slug already exists answers that type (200)',
  permission: 'products.create',
  topic,
  example: { label: 'Scoreboard Sign' },
  request: jsonBody(ZCustomAdType),
  responses: {
    200: json(ZAdType, 'An ad type with this slug already exists'),
    201: json(ZAdType, 'Created'),
    400: invalid,
    401: signedOut,
    403: noRight,
    409: overLimit,
  },
});

// ---------------------------------------------------------------------------------------------
// Products
// ---------------------------------------------------------------------------------------------

export const listProducts = contract({
  method: 'get',
  path: '/products',
  tags,
  summary: 'Every product of the organization, by name, with its ad type',
  permission: 'member',
  topic,
  responses: { 200: json(ZProductList), 401: signedOut, 403: notMember },
});

export const createProduct = contract({
  method: 'post',
  path: '/products',
  tags,
  summary: 'Add a product (prices in cents)',
  permission: 'products.create',
  topic,
  example: {
    name: 'Outfield Banner',
    masterTypeId: exampleId,
    recurringPriceCents: 50000,
    setupFeeCents: 7500,
    shareType: 'none',
    isLimited: false,
  },
  request: jsonBody(ZProductInput),
  responses: { 201: json(ZProduct, 'Created'), 400: invalid, 401: signedOut, 403: noRight, 409: overLimit },
});

export const updateProduct = contract({
  method: 'put',
  path: '/products/{id}',
  tags,
  summary: 'Replace a product’s fields (quotes already made keep their prices)',
  permission: 'products.edit',
  topic,
  resources: { id: 'product' },
  example: { name: 'Outfield Banner', masterTypeId: exampleId, recurringPriceCents: 55000, shareType: 'none' },
  request: { params: ZParams, ...jsonBody(ZProductInput) },
  responses: { 200: json(ZProduct), 400: invalid, 401: signedOut, 403: noRight, 404: notFound },
});

export const duplicateProduct = contract({
  method: 'post',
  path: '/products/{id}/duplicate',
  tags,
  summary: 'Copy a product, its name followed by “ (Copy)”',
  permission: 'products.create',
  topic,
  resources: { id: 'product' },
  example: {},
  request: { params: ZParams },
  responses: {
    201: json(ZProduct, 'Created'),
    401: signedOut,
    403: noRight,
    404: notFound,
    409: overLimit,
  },
});

export const deleteProduct = contract({
  method: 'delete',
  path: '/products/{id}',
  tags,
  summary: 'Delete a product that no live bundle or price list holds',
  permission: 'products.delete',
  topic,
  resources: { id: 'product' },
  request: { params: ZParams },
  responses: {
    200: json(ZOk),
    401: signedOut,
    403: noRight,
    404: notFound,
    409: fail('The product is part of a bundle or price list'),
  },
});

// ---------------------------------------------------------------------------------------------
// Bundles
// ---------------------------------------------------------------------------------------------

export const listBundles = contract({
  method: 'get',
  path: '/bundles',
  tags,
  summary: 'Bundles of the current season, the next, or all, with their products',
  permission: 'member',
  topic,
  request: { query: ZBundleListQuery },
  responses: { 200: json(ZBundleList), 400: invalid, 401: signedOut, 403: notMember },
});

const bundleExample = {
  name: 'Game Day Package',
  seasonLabel: '2026',
  packagePriceCents: 90000,
  items: [
    { productId: exampleId, qty: 1 },
    { productId: '00000000-0000-4000-8000-000000000001', qty: 1 },
  ],
};

export const createBundle = contract({
  method: 'post',
  path: '/bundles',
  tags,
  summary: 'Add a bundle of at least two products in total',
  permission: 'bundles.create',
  topic,
  example: bundleExample,
  request: jsonBody(ZBundleInput),
  responses: { 201: json(ZBundle, 'Created'), 400: invalid, 401: signedOut, 403: noRight, 409: overLimit },
});

export const updateBundle = contract({
  method: 'put',
  path: '/bundles/{id}',
  tags,
  summary: 'Replace a bundle’s fields and all its items',
  permission: 'bundles.edit',
  topic,
  resources: { id: 'bundle' },
  example: bundleExample,
  request: { params: ZParams, ...jsonBody(ZBundleInput) },
  responses: { 200: json(ZBundle), 400: invalid, 401: signedOut, 403: noRight, 404: notFound },
});

export const deleteBundle = contract({
  method: 'delete',
  path: '/bundles/{id}',
  tags,
  summary: 'Delete a bundle (kept, hidden from every list)',
  permission: 'bundles.delete',
  topic,
  resources: { id: 'bundle' },
  request: { params: ZParams },
  responses: { 200: json(ZOk), 401: signedOut, 403: noRight, 404: notFound },
});

// ---------------------------------------------------------------------------------------------
// Price lists
// ---------------------------------------------------------------------------------------------

export const listPriceLists = contract({
  method: 'get',
  path: '/price-lists',
  tags,
  summary: 'The organization’s price lists with their items, newest first',
  permission: 'member',
  topic,
  responses: { 200: json(ZPriceListList), 401: signedOut, 403: notMember },
});

const priceListExample = {
  name: 'Spring Sponsorship Menu',
  seasonLabel: '2026',
  items: [{ kind: 'product', id: exampleId, displayPriceCents: 50000 }],
};

export const createPriceList = contract({
  method: 'post',
  path: '/price-lists',
  tags,
  summary: 'Add a price list of products and bundles with their display prices',
  permission: 'price_lists.create',
  topic,
  example: priceListExample,
  request: jsonBody(ZPriceListInput),
  responses: { 201: json(ZPriceList, 'Created'), 400: invalid, 401: signedOut, 403: noRight, 409: overLimit },
});

export const updatePriceList = contract({
  method: 'put',
  path: '/price-lists/{id}',
  tags,
  summary: 'Replace a price list’s name, season and all its items',
  permission: 'price_lists.edit',
  topic,
  resources: { id: 'price_list' },
  example: priceListExample,
  request: { params: ZParams, ...jsonBody(ZPriceListInput) },
  responses: { 200: json(ZPriceList), 400: invalid, 401: signedOut, 403: noRight, 404: notFound },
});

export const deletePriceList = contract({
  method: 'delete',
  path: '/price-lists/{id}',
  tags,
  summary: 'Delete a price list (kept, hidden from every list)',
  permission: 'price_lists.delete',
  topic,
  resources: { id: 'price_list' },
  request: { params: ZParams },
  responses: { 200: json(ZOk), 401: signedOut, 403: noRight, 404: notFound },
});

export const createPriceSheet = contract({
  method: 'post',
  path: '/price-lists/{id}/sheet',
  tags,
  summary: 'Render the price list’s PDF price sheet, store it, and answer a short-lived link',
  permission: 'member',
  topic,
  resources: { id: 'price_list' },
  example: {},
  request: { params: ZParams },
  responses: {
    200: json(ZDocumentLink),
    401: signedOut,
    403: notMember,
    404: notFound,
    502: fail('No usable content returned from price sheet generator'),
  },
});
