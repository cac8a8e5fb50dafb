import type { TDeps } from '../deps';
import type { TAuthUser } from '../modules/auth/auth';
import type { TMember } from '../modules/session/member.types';

export interface TAppEnv {
  Variables: {
    requestId: string;
    deps: TDeps;
    authUser: TAuthUser | null;
    sessionToken: string | null;
    /** Loaded once per request by the permission check (or the first requireMember). */
    member?: TMember;
  };
}
