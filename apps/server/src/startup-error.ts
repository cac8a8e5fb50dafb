/**
 * A reason the server cannot start that the person starting it can fix: printed as one clear
 * line (what is wrong, how to recover), never as a stack trace.
 */
export class StartupError extends Error {
  override name = 'StartupError';
}
