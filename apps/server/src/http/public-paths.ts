/**
 * The API routes a signed-out visitor may call. Every other /api route answers 401 to a request
 * without a session before its body is read (an upload is not parsed for a stranger).
 */
const PUBLIC_API: readonly { method: string; path: RegExp }[] = [
  { method: 'POST', path: /^\/api\/auth\/(sign-up|sign-in|sign-out)$/ },
  { method: 'GET', path: /^\/api\/session$/ },
  { method: 'GET', path: /^\/api\/invites\/[^/]+$/ },
  { method: 'POST', path: /^\/api\/invites\/[^/]+\/sign-up$/ },
  { method: 'POST', path: /^\/api\/account\/email\/confirm$/ },
  { method: 'GET', path: /^\/api\/(openapi\.json|docs)$/ },
];

export function isPublicApiPath(method: string, path: string): boolean {
  const m = method === 'HEAD' ? 'GET' : method;
  return PUBLIC_API.some((r) => r.method === m && r.path.test(path));
}
