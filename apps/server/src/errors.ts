import type { TErrorCode } from '@pennant/shared/api.schemas';

/** A domain error: services throw it, only the HTTP layer maps its code to a status. */
export class AppError extends Error {
  constructor(
    readonly code: TErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (what: string) => new AppError('not_found', `${what} not found`);
export const forbidden = (message = 'You do not have permission to do that') => new AppError('forbidden', message);
