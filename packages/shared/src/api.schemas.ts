import { z } from 'zod';

export const ERROR_CODES = [
  'bad_request',
  'validation_failed',
  'unauthenticated',
  'forbidden',
  'not_found',
  'conflict',
  'plan_limit',
  'unprocessable',
  'rate_limited',
  'internal',
  /** A generator or service behind the server gave nothing usable (e.g. a document renderer). */
  'bad_gateway',
  /** The organization is frozen by the platform's administrators: it may be read, not changed (423). */
  'frozen',
] as const;
export type TErrorCode = (typeof ERROR_CODES)[number];

export const ZApiError = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type TApiError = z.infer<typeof ZApiError>;

export const ZOk = z.object({ ok: z.literal(true) });
