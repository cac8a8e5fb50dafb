import { ZApiError } from '@pennant/shared/api.schemas';
import type { TContract } from '@pennant/shared/contract';
import type { z } from 'zod';

/** An API refusal with the server's code, message and per-field messages. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

async function request<S extends z.ZodType>(
  method: string,
  path: string,
  schema: S,
  body?: unknown,
): Promise<z.infer<S>> {
  const init: RequestInit = { method, headers: { Accept: 'application/json' }, credentials: 'same-origin' };
  if (body instanceof FormData) init.body = body;
  else if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = { ...init.headers, 'Content-Type': 'application/json' };
  }
  let res: Response;
  try {
    res = await fetch(path, init);
  } catch {
    throw new ApiError(0, 'network', 'Could not reach the server. Check your connection and try again.');
  }
  const text = await res.text();
  const data: unknown = text ? JSON.parse(text) : null;
  if (!res.ok) {
    const parsed = ZApiError.safeParse(data);
    if (parsed.success) {
      const { code, message, fields } = parsed.data.error;
      throw new ApiError(res.status, code, message, fields);
    }
    throw new ApiError(res.status, 'internal', 'Something went wrong');
  }
  return schema.parse(data);
}

export function errorMessage(err: unknown, fallback: string): string {
  return err instanceof Error && err.message ? err.message : fallback;
}

// ---------------------------------------------------------------------------------------------
// Calls by route contract: the path, method, input and reply schema come from the contract that
// the server mounts, so a page cannot call a route with the wrong shape or read a reply unparsed.
// ---------------------------------------------------------------------------------------------

type TSuccessStatus = 200 | 201 | 202;
type TJsonSchemaOf<R> = R extends { content: { 'application/json': { schema: infer S extends z.ZodType } } }
  ? S
  : never;
/** The schema of a contract's success reply. */
export type TReplySchema<C extends TContract> = TJsonSchemaOf<C['responses'][keyof C['responses'] & TSuccessStatus]>;
export type TReplyOf<C extends TContract> = z.output<TReplySchema<C>>;

type TParamsInput<C extends TContract> = C['request'] extends { params: infer P extends z.ZodType }
  ? { params: z.input<P> }
  : { params?: never };
type TQueryInput<C extends TContract> = C['request'] extends { query: infer Q extends z.ZodType }
  ? { query?: z.input<Q> }
  : { query?: never };
type TBodyInput<C extends TContract> = C['request'] extends {
  body: { content: { 'application/json': { schema: infer B extends z.ZodType } } };
}
  ? { body: z.input<B> }
  : C['request'] extends { body: { content: { 'multipart/form-data': unknown } } }
    ? { body: FormData }
    : { body?: never };
export type TCallInput<C extends TContract> = TParamsInput<C> & TQueryInput<C> & TBodyInput<C>;

function successSchema(c: TContract): z.ZodType | null {
  for (const status of [200, 201, 202] as const) {
    const reply = c.responses[status];
    const content = reply?.content;
    if (content && 'application/json' in content) return content['application/json']?.schema ?? null;
  }
  return null;
}

const entriesOf = (v: unknown): [string, unknown][] => (typeof v === 'object' && v !== null ? Object.entries(v) : []);

function pathOf(c: TContract, params: unknown, query: unknown): string {
  const values = new Map(entriesOf(params));
  const path = c.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(String(values.get(name) ?? '')));
  const search = new URLSearchParams();
  for (const [k, v] of entriesOf(query)) {
    if (v === undefined || v === null || v === '') continue;
    for (const one of Array.isArray(v) ? v : [v]) search.append(k, String(one));
  }
  const qs = search.toString();
  return `/api${path}${qs ? `?${qs}` : ''}`;
}

/**
 * The address of a route a link opens rather than a call reads (a CSV download): its path and
 * query from the contract, typed by it.
 */
export function hrefOf<C extends TContract>(
  c: C,
  ...[input]: keyof TCallInput<C> extends never ? [] : [TCallInput<C>] | []
): string {
  const given: { params?: unknown; query?: unknown } = input ?? {};
  return pathOf(c, given.params, given.query);
}

/** Calls the route a contract describes and returns its parsed success reply. */
export async function call<C extends TContract>(
  c: C,
  ...[input]: keyof TCallInput<C> extends never ? [] : [TCallInput<C>] | []
): Promise<TReplyOf<C>> {
  const given: { params?: unknown; query?: unknown; body?: unknown } = input ?? {};
  const schema = successSchema(c);
  if (!schema) throw new Error(`${c.method} ${c.path} has no JSON reply`);
  const parsed: unknown = await request(
    c.method.toUpperCase(),
    pathOf(c, given.params, given.query),
    schema,
    given.body,
  );
  // Parsed above by the very schema TReplyOf<C> names; only TypeScript cannot follow the lookup.
  return parsed as TReplyOf<C>;
}
