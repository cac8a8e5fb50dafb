import type { TErrorCode } from '@pennant/shared/api.schemas';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ZodError } from 'zod';
import { AppError } from '../errors';
import type { TAppEnv } from './env';

const STATUS: Record<TErrorCode, ContentfulStatusCode> = {
  bad_request: 400,
  validation_failed: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  plan_limit: 403,
  unprocessable: 422,
  rate_limited: 429,
  internal: 500,
  bad_gateway: 502,
  frozen: 423,
};

export function validationError(error: ZodError): AppError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= issue.message;
  }
  const first = error.issues[0]?.message ?? 'Invalid request';
  return new AppError('validation_failed', first, fields);
}

/** The one place where errors become HTTP replies; nothing unexpected leaks its stack. */
export function handleError(err: Error, c: Context<TAppEnv>) {
  const appError = err instanceof AppError ? err : err instanceof ZodError ? validationError(err) : bodyError(err);
  if (appError) {
    const { code, message, fields } = appError;
    return c.json({ error: { code, message, ...(fields ? { fields } : {}) } }, STATUS[code]);
  }
  c.get('deps')?.log.error({ err, requestId: c.get('requestId') }, 'unhandled error');
  return c.json({ error: { code: 'internal', message: 'Something went wrong' } }, 500);
}

/** Malformed JSON bodies surface as SyntaxError or Hono's HTTPException; both are the caller's fault. */
function bodyError(err: Error): AppError | null {
  if (err instanceof SyntaxError) return new AppError('bad_request', 'Malformed JSON body');
  if ('status' in err && typeof err.status === 'number' && err.status >= 400 && err.status < 500) {
    return new AppError('bad_request', err.message || 'Bad request');
  }
  return null;
}
