import type { Result, Router } from 'hono/router';
import { RegExpRouter } from 'hono/router/reg-exp-router';
import { SmartRouter } from 'hono/router/smart-router';
import { TrieRouter } from 'hono/router/trie-router';
import { LRUCache } from 'lru-cache';

/** How many method and path pairs the router remembers, and how many characters of paths at most. */
export const ROUTE_CACHE_MAX = 4_000;
export const ROUTE_CACHE_PATH_CHARS = 1_000_000;

/**
 * Hono's own choice of router (the regular-expression one where every path fits it, else the trie)
 * with its answers remembered per method and path.
 *
 * The API's paths put a fixed word and an id at the same place with more after both
 * (`/companies/imports/:id/start` beside `/companies/:id/notes`), which the regular-expression
 * router refuses, so Hono falls back to its trie, whose search gathers and orders the middleware and
 * route a request runs from the nodes along its path and builds its answer anew each time: in a CPU
 * profile of a read that does little else (`GET /onboarding`) the search was 5% of the app's time
 * and the garbage collector 7.4%, 1.5% once matches were remembered (decisions.md, stop 45). A match
 * depends on nothing but the method and the path, and Hono only reads it, so the same path is
 * answered from memory; a path seen once (an id nobody asks for again) is forgotten first.
 */
export class CachedRouter<T> implements Router<T> {
  name = 'CachedRouter';
  readonly #router: Router<T>;
  readonly #matches = new LRUCache<string, Result<T>>({
    max: ROUTE_CACHE_MAX,
    maxSize: ROUTE_CACHE_PATH_CHARS,
    sizeCalculation: (_result, key) => key.length,
  });

  constructor(router: Router<T> = new SmartRouter<T>({ routers: [new RegExpRouter(), new TrieRouter()] })) {
    this.#router = router;
  }

  add(method: string, path: string, handler: T): void {
    this.#matches.clear();
    this.#router.add(method, path, handler);
  }

  match(method: string, path: string): Result<T> {
    const key = `${method} ${path}`;
    const known = this.#matches.get(key);
    if (known) return known;
    const found = this.#router.match(method, path);
    // A path longer than the whole budget is answered and not kept: lru-cache refuses it.
    this.#matches.set(key, found);
    return found;
  }
}
