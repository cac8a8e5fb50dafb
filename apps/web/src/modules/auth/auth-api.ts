import * as auth from '@pennant/shared/auth/contract';
import type { TSignIn, TSignUp } from '@pennant/shared/auth/schemas';
import { call } from '@/lib/api';
import { useContractMutation } from '@/lib/query';

/** Signs in; the page then reads the fresh session to choose where to go. */
export function useSignIn() {
  return useContractMutation(auth.signIn, { mutationFn: (body: TSignIn) => call(auth.signIn, { body }) });
}

/** Creates the account and signs it in (no confirmation mail: docs/decisions.md). */
export function useSignUp() {
  return useContractMutation(auth.signUp, { mutationFn: (body: TSignUp) => call(auth.signUp, { body }) });
}
