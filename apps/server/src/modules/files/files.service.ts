import { EXPIRED_LINK_MESSAGE } from '@pennant/shared/files/contract';
import type { TDeps } from '../../deps';
import { AppError } from '../../errors';
import { attachmentDisposition } from '../../integrations/files/file-store';
import type { TStoredFile } from '../../integrations/files/files';

export interface TDownload {
  file: TStoredFile;
  headers: Record<string, string>;
}

/**
 * The file a signed link names (GET /api/files/{token}): a forged, damaged or expired token is
 * a 403 that says to download again, a file gone from the store a 404. The reply is a download
 * (attachment, with the link's file name) that no cache keeps.
 */
export async function openDownload(deps: TDeps, token: string): Promise<TDownload> {
  const link = deps.files.readLink(token);
  if (!link) throw new AppError('forbidden', EXPIRED_LINK_MESSAGE);
  const file = await deps.files.get(link.key);
  if (!file) throw new AppError('not_found', 'The file no longer exists');
  const headers: Record<string, string> = {
    'Content-Type': file.contentType,
    'Content-Disposition': attachmentDisposition(link.fileName),
    'Cache-Control': 'private, no-store',
  };
  if (file.size !== undefined) headers['Content-Length'] = String(file.size);
  return { file, headers };
}
