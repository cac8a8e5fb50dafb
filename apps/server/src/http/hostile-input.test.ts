import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { z } from 'zod';
import { makePlatformAdmin } from '../modules/admin/fixtures/admin-fixtures';
import { ownerWithOrg } from '../test/fixtures';
import { forEachDatabase } from '../test/harness';
import { makePremium } from '../test/team-fixtures';
import { isPublicApiPath } from './public-paths';

/**
 * Hostile input, for every route the OpenAPI document lists (so a new route is covered the day it
 * is mounted): every text a client can send has a length limit and refuses NUL with a 400, and a
 * signed-out request to a route that needs a session is a 401 whatever its body.
 */

type TSchema = {
  type?: string | string[];
  maxLength?: number;
  maxItems?: number;
  properties?: Record<string, TSchema>;
  items?: TSchema;
  anyOf?: TSchema[];
  oneOf?: TSchema[];
  allOf?: TSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  additionalProperties?: TSchema | boolean;
};

const ZDoc = z.object({
  paths: z.record(
    z.string(),
    z.record(
      z.string(),
      z.object({
        parameters: z
          .array(z.object({ name: z.string(), in: z.string(), schema: z.custom<TSchema>().optional() }))
          .optional(),
        requestBody: z
          .object({ content: z.record(z.string(), z.object({ schema: z.custom<TSchema>().optional() })) })
          .optional(),
      }),
    ),
  ),
});

interface TOperation {
  method: string;
  path: string;
  params: { name: string; in: string; schema?: TSchema }[];
  body: TSchema | null;
}

const hasType = (s: TSchema, t: string) => (Array.isArray(s.type) ? s.type.includes(t) : s.type === t);
const variants = (s: TSchema): TSchema[] => [s, ...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])];

/** Every place in a request schema that accepts free text or a list, with its path. */
function unbounded(schema: TSchema, at: string, found: string[] = []): string[] {
  for (const v of variants(schema)) {
    if (v !== schema) {
      unbounded(v, at, found);
      continue;
    }
    const fixed = v.enum !== undefined || v.const !== undefined || v.format === 'uuid';
    if (hasType(v, 'string') && !fixed && v.maxLength === undefined) found.push(`${at} (text without maxLength)`);
    if (hasType(v, 'array') && v.maxItems === undefined) found.push(`${at} (list without maxItems)`);
    for (const [name, child] of Object.entries(v.properties ?? {})) unbounded(child, `${at}.${name}`, found);
    if (v.items) unbounded(v.items, `${at}[]`, found);
    if (typeof v.additionalProperties === 'object') unbounded(v.additionalProperties, `${at}{}`, found);
  }
  return found;
}

/** Top-level body fields that take free text (not an enum, uuid or fixed value). */
function textFields(schema: TSchema): string[] {
  return Object.entries(schema.properties ?? {})
    .filter(([, s]) =>
      variants(s).some(
        (v) => hasType(v, 'string') && v.enum === undefined && v.const === undefined && v.format !== 'uuid',
      ),
    )
    .map(([name]) => name);
}

function concretePath(path: string): string {
  return path.replace(/\{[^}]+\}/g, () => randomUUID());
}

forEachDatabase('hostile input on every route', (env) => {
  async function operations(): Promise<TOperation[]> {
    const doc = ZDoc.parse((await env().client().get('/api/openapi.json')).body);
    const ops: TOperation[] = [];
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        const json = op.requestBody?.content['application/json']?.schema ?? null;
        ops.push({ method: method.toUpperCase(), path, params: op.parameters ?? [], body: json });
      }
    }
    return ops;
  }

  it('declares a length limit on every text and a size cap on every list a client can send', async () => {
    const ops = await operations();
    expect(ops.length).toBeGreaterThan(20);
    const missing: string[] = [];
    for (const op of ops) {
      const where = `${op.method} ${op.path}`;
      if (op.body) missing.push(...unbounded(op.body, `${where} body`));
      for (const p of op.params) if (p.schema) missing.push(...unbounded(p.schema, `${where} ${p.in}.${p.name}`));
    }
    expect(missing).toEqual([]);
  });

  it('answers a NUL byte or an over-long value in any text field with a 400, never a 500', async () => {
    const client = env().client();
    const owner = await ownerWithOrg(client, 'Hostile Input Club');
    await makePremium(env(), owner.orgId);
    // A platform administrator too, so the admin console's routes get past their gate to the input.
    await makePlatformAdmin(env(), owner.email);
    const ops = (await operations()).filter((op) => op.body && textFields(op.body).length > 0);
    let tried = 0;
    for (const op of ops) {
      for (const field of textFields(op.body ?? {})) {
        for (const value of ['bad\u0000value', 'x'.repeat(20_000)]) {
          const res = await client.request(op.method, concretePath(op.path), { [field]: value });
          tried += 1;
          expect(res.status, `${op.method} ${op.path} ${field}`).toBe(400);
        }
      }
    }
    for (const op of await operations()) {
      for (const q of op.params.filter((p) => p.in === 'query')) {
        const res = await client.request(op.method, `${concretePath(op.path)}?${q.name}=a%00b`);
        tried += 1;
        expect(res.status, `${op.method} ${op.path}?${q.name}`).toBe(400);
      }
    }
    expect(tried).toBeGreaterThan(10);
    console.info(`hostile input: ${tried} requests over ${ops.length} routes with text bodies`);
  });

  it('answers signed out with 401 before reading the body, on every route that needs a session', async () => {
    const stranger = env().client();
    let tried = 0;
    for (const op of await operations()) {
      if (isPublicApiPath(op.method, op.path.replace(/\{[^}]+\}/g, 'x'))) continue;
      const res = await stranger.request(
        op.method,
        concretePath(op.path),
        op.method === 'GET' ? undefined : 'not json',
      );
      tried += 1;
      expect(res.status, `${op.method} ${op.path}`).toBe(401);
    }
    expect(tried).toBeGreaterThan(10);
    // A large upload from a stranger is refused as such, not parsed first.
    const res = await env().app.request('http://localhost:3999/api/companies/import', {
      method: 'POST',
      headers: { origin: 'http://localhost:3999', 'content-type': 'multipart/form-data; boundary=x' },
      body: `--x\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\n${'a,b\n'.repeat(3_000_000)}\r\n--x--\r\n`,
    });
    expect(res.status).toBe(401);
  });

  it('answers a sign-in with NUL or a huge e-mail, and a malformed or missing Origin, with 4xx', async () => {
    const c = env().client();
    expect((await c.post('/api/auth/sign-in', { email: 'a\u0000@b.co', password: 'x' })).status).toBe(400);
    expect((await c.post('/api/auth/sign-in', { email: `${'a'.repeat(5000)}@b.co`, password: 'x' })).status).toBe(400);
    expect((await c.get('/api/session?x=%00')).status).toBe(400);
    const malformed = await c.request(
      'POST',
      '/api/auth/sign-in',
      { email: 'a@b.co', password: 'x' },
      { origin: 'http://[bad' },
    );
    expect(malformed.status).toBe(403);
    const nullOrigin = await c.request(
      'POST',
      '/api/auth/sign-in',
      { email: 'a@b.co', password: 'x' },
      { origin: 'null' },
    );
    expect(nullOrigin.status).toBe(403);
    const wrongScheme = await c.request(
      'POST',
      '/api/auth/sign-in',
      { email: 'a@b.co', password: 'x' },
      { origin: 'https://localhost:3999' },
    );
    expect(wrongScheme.status).toBe(403);
    const viaReferer = await c.request(
      'POST',
      '/api/auth/sign-in',
      { email: 'a@b.co', password: 'wrong-password' },
      { referer: 'http://localhost:3999/auth?mode=signin' },
    );
    expect(viaReferer.status).toBe(401);
    const none = await env().app.request('http://localhost:3999/api/auth/sign-in', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'a@b.co', password: 'x' }),
    });
    expect(none.status).toBe(403);
  });
});
