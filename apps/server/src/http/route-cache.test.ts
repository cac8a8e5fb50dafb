import type { Result, Router } from 'hono/router';
import { RegExpRouter } from 'hono/router/reg-exp-router';
import { SmartRouter } from 'hono/router/smart-router';
import { TrieRouter } from 'hono/router/trie-router';
import { describe, expect, it } from 'vitest';
import { CachedRouter, ROUTE_CACHE_PATH_CHARS } from './route-cache';

/** Routes shaped like the API's: middleware on every path, a word and an id at the same place. */
const ROUTES: [string, string, string][] = [
  ['ALL', '*', 'request id'],
  ['ALL', '/api/*', 'session'],
  ['GET', '/api/companies', 'list companies'],
  ['GET', '/api/companies/imports/:id', 'import status'],
  ['POST', '/api/companies/imports/:id/start', 'start import'],
  ['GET', '/api/companies/:id', 'company'],
  ['POST', '/api/companies/:id/notes', 'add note'],
  ['PATCH', '/api/companies/:id/contacts/:contactId', 'edit contact'],
  ['GET', '*', 'web app'],
];

const hono = () => new SmartRouter<string>({ routers: [new RegExpRouter(), new TrieRouter()] });

/** The handlers a match runs, in order, each with its path parameters. */
function handlers(result: Result<string>): [string, Record<string, string>][] {
  const [matched, stash] = result;
  return matched.map(([handler, params]) => {
    const values: Record<string, string> = {};
    for (const [name, at] of Object.entries(params)) values[name] = stash ? (stash[Number(at)] ?? '') : String(at);
    return [handler, values];
  });
}

class CountingRouter implements Router<string> {
  name = 'counting';
  matches = 0;
  readonly inner = hono();
  add(method: string, path: string, handler: string) {
    this.inner.add(method, path, handler);
  }
  match(method: string, path: string) {
    this.matches++;
    return this.inner.match(method, path);
  }
}

describe('the router with remembered matches', () => {
  const requests: [string, string][] = [
    ['GET', '/api/companies'],
    ['GET', '/api/companies/imports/7f0c'],
    ['POST', '/api/companies/imports/7f0c/start'],
    ['GET', '/api/companies/1a2b'],
    ['GET', '/api/companies/3c4d'],
    ['POST', '/api/companies/1a2b/notes'],
    ['PATCH', '/api/companies/1a2b/contacts/9e9e'],
    ['DELETE', '/api/companies/1a2b'],
    ['GET', '/dashboard'],
  ];

  it('answers every request as Hono’s own router does, the first time and again', () => {
    const cached = new CachedRouter<string>();
    const plain = hono();
    for (const [method, path, handler] of ROUTES) {
      cached.add(method, path, handler);
      plain.add(method, path, handler);
    }
    for (const round of [1, 2]) {
      for (const [method, path] of requests) {
        expect(handlers(cached.match(method, path)), `${method} ${path}, round ${round}`).toEqual(
          handlers(plain.match(method, path)),
        );
      }
    }
    expect(handlers(cached.match('POST', '/api/companies/1a2b/notes'))).toEqual([
      ['request id', {}],
      ['session', {}],
      ['add note', { id: '1a2b' }],
    ]);
    // Another id is another path: its own parameters, never the last one's.
    expect(handlers(cached.match('GET', '/api/companies/3c4d'))).toContainEqual(['company', { id: '3c4d' }]);
  });

  it('asks the router once per method and path, and again after a route is added', () => {
    const counting = new CountingRouter();
    const cached = new CachedRouter<string>(counting);
    for (const [method, path, handler] of ROUTES) cached.add(method, path, handler);
    cached.match('GET', '/api/companies');
    cached.match('GET', '/api/companies');
    cached.match('HEAD', '/api/companies');
    expect(counting.matches).toBe(2);

    // A router that takes routes after its first match (the trie) must not answer from before.
    const trie = new CachedRouter<string>(new TrieRouter<string>());
    trie.add('GET', '/api/companies', 'list companies');
    expect(handlers(trie.match('GET', '/api/quotes'))).toEqual([]);
    trie.add('GET', '/api/quotes', 'list quotes');
    expect(handlers(trie.match('GET', '/api/quotes'))).toEqual([['list quotes', {}]]);
  });

  it('answers a path longer than its whole memory without keeping it', () => {
    const counting = new CountingRouter();
    const cached = new CachedRouter<string>(counting);
    for (const [method, path, handler] of ROUTES) cached.add(method, path, handler);
    const long = `/api/companies/${'x'.repeat(ROUTE_CACHE_PATH_CHARS)}`;
    expect(handlers(cached.match('GET', long)).map(([handler]) => handler)).toContain('company');
    cached.match('GET', long);
    expect(counting.matches).toBe(2);
  });
});
