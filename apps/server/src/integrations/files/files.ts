import type { TConfig } from '../../config';
import type { TFileStore } from './file-store';
import { createLocalFileStore, localFilesDir } from './local';
import { createS3FileStore } from './s3';

export type { TFileLink, TFileStore, TSignedUrl, TStoredFile } from './file-store';

/** The store the configuration names: an S3-compatible bucket, else DATA_DIR/files. */
export async function createFileStore(config: TConfig): Promise<TFileStore> {
  const { files } = config;
  if (files.store === 's3') return createS3FileStore(files);
  return createLocalFileStore({
    dir: localFilesDir(config.dataDir),
    publicUrl: config.publicUrl,
    secret: config.sessionSecret,
  });
}
