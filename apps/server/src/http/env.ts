import type { HttpBindings } from '@hono/node-server';
import type { TDeps } from '../deps';
import type { TAuthUser } from '../modules/auth/auth';
import type { TMember } from '../modules/session/member.types';

export interface TAppEnv {
  /** The Node.js request and reply when @hono/node-server serves the app; none under app.request (node-bindings.ts). */
  Bindings: Partial<HttpBindings>;
  Variables: {
    requestId: string;
    deps: TDeps;
    authUser: TAuthUser | null;
    sessionToken: string | null;
    /** Loaded once per request by the permission check (or the first requireMember). */
    member?: TMember;
  };
}
