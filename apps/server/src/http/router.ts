import { OpenAPIHono } from '@hono/zod-openapi';
import type { TAppEnv } from './env';
import { validationError } from './errors';

/** A module router whose request validation failures answer 400 with per-field messages. */
export function createRouter() {
  return new OpenAPIHono<TAppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw validationError(result.error);
    },
  });
}
