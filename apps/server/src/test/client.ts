import type { Hono } from 'hono';
import type { TAppEnv } from '../http/env';

export interface TReply<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

export const TEST_ORIGIN = 'http://localhost:3999';

/** What a browser keeps of a reply's Set-Cookie headers: new values set, expired ones dropped. */
export function keepCookies(cookies: Map<string, string>, headers: Headers): void {
  for (const line of headers.getSetCookie()) {
    const [pair = '', ...attrs] = line.split(';');
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    const expired = attrs.some((a) => /max-age=0/i.test(a.trim())) || value === '';
    if (expired) cookies.delete(name);
    else cookies.set(name, value);
  }
}

/** A browser stand-in: keeps cookies between requests and speaks JSON. */
export class TestClient {
  readonly cookies = new Map<string, string>();

  constructor(private readonly app: Hono<TAppEnv>) {}

  async request<T = Record<string, unknown>>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<TReply<T>> {
    const h = new Headers(headers);
    // Our own pages always send their origin on writes; a test of a foreign one passes its own.
    if (!h.has('origin') && !h.has('referer') && !['GET', 'HEAD'].includes(method)) h.set('origin', TEST_ORIGIN);
    if (body !== undefined) h.set('content-type', 'application/json');
    if (this.cookies.size) h.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await this.app.request(`http://localhost:3999${path}`, {
      method,
      headers: h,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    keepCookies(this.cookies, res.headers);
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  }

  get<T = Record<string, unknown>>(path: string) {
    return this.request<T>('GET', path);
  }
  post<T = Record<string, unknown>>(path: string, body: unknown = {}) {
    return this.request<T>('POST', path, body);
  }
  put<T = Record<string, unknown>>(path: string, body: unknown = {}) {
    return this.request<T>('PUT', path, body);
  }
  patch<T = Record<string, unknown>>(path: string, body: unknown = {}) {
    return this.request<T>('PATCH', path, body);
  }
  delete<T = Record<string, unknown>>(path: string) {
    return this.request<T>('DELETE', path);
  }
}
