import { z } from 'zod';
import { contract, fail } from '../contract';
import { text } from '../fields';

/**
 * A stored document (price sheets now; quotes, agreements and invoices later) is fetched through
 * a short-lived signed link. On S3 the link is the store's own presigned URL; on the local disk
 * store it is this route, whose token carries the file's key, its expiry and an HMAC of both.
 */
export const SIGNED_URL_TTL_SECONDS = 15 * 60;
export const EXPIRED_LINK_MESSAGE = 'This link has expired or is not valid. Download the document again.';

export const downloadFile = contract({
  method: 'get',
  path: '/files/{token}',
  tags: ['files'],
  summary: 'A stored document by its signed link (local disk store)',
  permission: 'public',
  request: { params: z.object({ token: text(2000, 'Token') }) },
  responses: {
    200: {
      content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } },
      description: 'The file',
    },
    403: fail(EXPIRED_LINK_MESSAGE),
    404: fail('The file no longer exists'),
  },
});
