import { ApiError } from './api';

/**
 * Puts the server's per-field messages (a 400 or 409 with `fields`) on the form's own fields.
 * `paths` lists the fields the form shows; a message for any other key is left to the caller's
 * toast. Returns whether any field got a message.
 */
export function applyFieldErrors<P extends string>(
  form: { setError: (path: NoInfer<P>, error: { message: string }, opts: { shouldFocus: boolean }) => void },
  err: unknown,
  paths: readonly P[],
  opts: { shouldFocus?: boolean } = {},
): boolean {
  if (!(err instanceof ApiError && err.fields)) return false;
  let applied = false;
  for (const [key, message] of Object.entries(err.fields)) {
    const path = paths.find((p) => p === key);
    if (!path) continue;
    form.setError(path, { message }, { shouldFocus: opts.shouldFocus ?? false });
    applied = true;
  }
  return applied;
}
