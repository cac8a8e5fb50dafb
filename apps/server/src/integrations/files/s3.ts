import { SIGNED_URL_TTL_SECONDS } from '@pennant/shared/files/contract';
import type { TS3Config } from '../../config';
import { assertFileKey, attachmentDisposition, type TFileStore } from './file-store';

/** A presigned link lives at most 7 days (SigV4's limit). */
const MAX_PRESIGN_SECONDS = 7 * 24 * 3600;

export interface TS3FileStoreOptions extends TS3Config {
  /** The clock links are signed by (tests sign one in the past to see it refused). */
  now?: () => number;
}

/**
 * An S3-compatible bucket through the AWS SDK; downloads are the bucket's own presigned GET
 * links (with the file name as ResponseContentDisposition), so file bytes never pass through
 * Pennant. The SDK is loaded only when this store is chosen: it is large, and a server on the
 * local disk store should not pay for it at start.
 */
export async function createS3FileStore(opts: TS3FileStoreOptions): Promise<TFileStore> {
  const { S3Client, PutObjectCommand, GetObjectCommand, DeleteObjectCommand, NoSuchKey } = await import(
    '@aws-sdk/client-s3'
  );
  const { getSignedUrl } = await import('@aws-sdk/s3-request-presigner');
  const client = new S3Client({
    region: opts.region,
    endpoint: opts.endpoint,
    forcePathStyle: opts.forcePathStyle,
    credentials: { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey },
    // Checksums only where an operation requires one: many S3-compatible services (and older
    // MinIO, R2 at times) refuse the SDK's default CRC32 trailers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const now = opts.now ?? Date.now;
  const Bucket = opts.bucket;

  return {
    kind: 's3',
    async put(key, bytes, contentType) {
      assertFileKey(key);
      await client.send(
        new PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentType: contentType, ContentLength: bytes.length }),
      );
    },
    async get(key) {
      assertFileKey(key);
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!out.Body) return null;
        return {
          body: out.Body.transformToWebStream(),
          contentType: out.ContentType ?? 'application/octet-stream',
          size: out.ContentLength,
        };
      } catch (err) {
        if (err instanceof NoSuchKey) return null;
        throw err;
      }
    },
    async delete(key) {
      assertFileKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async signedUrl(key, { fileName, ttlSeconds = SIGNED_URL_TTL_SECONDS }) {
      assertFileKey(key);
      const expiresIn = Math.min(Math.max(1, Math.round(ttlSeconds)), MAX_PRESIGN_SECONDS);
      const signedAt = now();
      const url = await getSignedUrl(
        client,
        new GetObjectCommand({
          Bucket,
          Key: key,
          ResponseContentDisposition: attachmentDisposition(fileName),
          ResponseCacheControl: 'private, no-store',
        }),
        { expiresIn, signingDate: new Date(signedAt) },
      );
      // SigV4 signs to the second: the link dies at the signing second plus expiresIn.
      const expiresAt = new Date(Math.floor(signedAt / 1000) * 1000 + expiresIn * 1000).toISOString();
      return { url, expiresAt };
    },
    readLink() {
      return null;
    },
  };
}
