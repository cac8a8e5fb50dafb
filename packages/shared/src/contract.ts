import type { z } from 'zod';
import { ZApiError } from './api.schemas';
import type { TTopic } from './realtime/topics';
import type { TPermission } from './session/permissions';

/**
 * A route contract: everything a route is, as data, declared once per route and used by the
 * server (mounting, permission check, validation, OpenAPI), the web client (typed calls, query
 * invalidation) and the security suites (generated from the list of contracts). Schemas only,
 * no I/O. Its shape is the OpenAPI route config's, plus the permission, the realtime topic and
 * the resource kind behind each path id.
 */

export type TMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** Kinds of tenant records a path id can name; the tenant suite makes one of each. */
export const RESOURCE_KINDS = [
  'company',
  'contact',
  'note',
  'import',
  'invite',
  'product',
  'bundle',
  'price_list',
  'quote',
  'agreement',
  'receipt',
  'invoice',
  'campaign',
  'blast',
] as const;
export type TResourceKind = (typeof RESOURCE_KINDS)[number];

export interface TReply {
  content?: { 'application/json': { schema: z.ZodType } } | { [mime: string]: { schema: z.ZodType } };
  description: string;
}

export interface TRequest {
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: { content: { [mime: string]: { schema: z.ZodType } }; required: true };
}

export interface TContract {
  method: TMethod;
  /** OpenAPI style, under /api: '/companies/{id}'. */
  path: string;
  tags: string[];
  summary: string;
  permission: TPermission;
  /** The realtime topic a mutation publishes, or a read follows. */
  topic?: TTopic;
  /** The resource kind each path id names, for the tenant suite. */
  resources?: Record<string, TResourceKind>;
  /** A valid body, for the docs and for the suites that must get past validation. */
  example?: unknown;
  /** A valid query string, where the query has required values. */
  exampleQuery?: Record<string, string>;
  request?: TRequest;
  responses: Record<number, TReply>;
}

/** Declares a contract, keeping its literal types for the server and the client. */
export function contract<const C extends TContract>(c: C): C {
  return c;
}

export const json = <T extends z.ZodType>(schema: T, description = 'OK') => ({
  content: { 'application/json': { schema } },
  description,
});

export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  body: { content: { 'application/json': { schema } }, required: true as const },
});

/** An error reply: `{ error: { code, message, fields? } }`. */
export const fail = (description: string) => json(ZApiError, description);
