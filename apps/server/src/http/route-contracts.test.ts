import { ALL_CONTRACTS } from '@pennant/shared/contracts';
import { isPermission } from '@pennant/shared/session/permissions';
import { describe, expect, it } from 'vitest';
import { forEachDatabase } from '../test/harness';
import { mountedContracts } from './contract-route';

const key = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

describe('route contracts', () => {
  it('each has a known permission, error replies and, with a JSON body, a valid example', () => {
    for (const c of ALL_CONTRACTS) {
      const name = key(c.method, c.path);
      expect(isPermission(c.permission), `${name} permission ${String(c.permission)}`).toBe(true);
      if (c.permission !== 'public') expect(Object.keys(c.responses), `${name} documents 401`).toContain('401');
      if (c.exampleQuery)
        expect(c.request?.query?.safeParse(c.exampleQuery).success, `${name} example query`).toBe(true);
      const schema = c.request?.body?.content['application/json']?.schema;
      if (schema) {
        expect(c.example, `${name} needs an example body`).toBeDefined();
        expect(schema.safeParse(c.example).success, `${name} example is valid`).toBe(true);
      }
    }
  });

  it('declares each method and path once', () => {
    const keys = ALL_CONTRACTS.map((c) => key(c.method, c.path));
    expect(new Set(keys).size).toBe(keys.length);
  });
});

forEachDatabase('route coverage', (env) => {
  it('serves exactly the contracts: no route without one, no contract without a route', async () => {
    const doc = await env().client().get<{ paths: Record<string, Record<string, unknown>> }>('/api/openapi.json');
    const served = Object.entries(doc.body.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((m) => key(m, path.replace(/^\/api/, ''))),
    );
    const declared = ALL_CONTRACTS.map((c) => key(c.method, c.path));
    expect(served.sort()).toEqual([...declared].sort());
    for (const c of ALL_CONTRACTS) expect(mountedContracts.has(c), key(c.method, c.path)).toBe(true);
    process.stdout.write(`route coverage: ${served.length} routes, each from a contract\n`);
  });
});
