import { ALL_CONTRACTS, pathPattern } from '@pennant/shared/contracts';

/**
 * The API routes a signed-out visitor may call: the contracts whose permission is `public`, and
 * the API's own documentation. Every other /api route answers 401 to a request without a session
 * before its body is read (an upload is not parsed for a stranger).
 */
const PUBLIC_API: readonly { method: string; path: RegExp }[] = [
  ...ALL_CONTRACTS.filter((c) => c.permission === 'public').map((c) => ({
    method: c.method.toUpperCase(),
    path: pathPattern(c.path),
  })),
  { method: 'GET', path: /^\/api\/(openapi\.json|docs)$/ },
];

export function isPublicApiPath(method: string, path: string): boolean {
  const m = method === 'HEAD' ? 'GET' : method;
  return PUBLIC_API.some((r) => r.method === m && r.path.test(path));
}
