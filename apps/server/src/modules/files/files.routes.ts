import * as api from '@pennant/shared/files/contract';
import { route } from '../../http/contract-route';
import { createRouter } from '../../http/router';
import { openDownload } from './files.service';

/** Stored documents by their signed link (the local disk store; S3 links go to the bucket). */
export const fileRoutes = createRouter().openapi(route(api.downloadFile), async (c) => {
  const { file, headers } = await openDownload(c.get('deps'), c.req.valid('param').token);
  return c.body(file.body, 200, headers);
});
