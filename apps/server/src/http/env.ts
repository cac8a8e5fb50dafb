import type { TDeps } from '../deps';
import type { TAuthUser } from '../modules/auth/auth';

export interface TAppEnv {
  Variables: {
    requestId: string;
    deps: TDeps;
    authUser: TAuthUser | null;
    sessionToken: string | null;
  };
}
