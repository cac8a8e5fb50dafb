// What every file store offers and how a key may look: shared by the stores and the factory in
// files.ts, so neither imports the other.

/** A stored file as the download route streams it. */
export interface TStoredFile {
  body: ReadableStream<Uint8Array>;
  contentType: string;
  /** Bytes, when the store knows them. */
  size: number | undefined;
}

export interface TSignedUrl {
  url: string;
  /** ISO instant after which the link is refused. */
  expiresAt: string;
}

export interface TSignOptions {
  /** The name the browser saves the file under (Content-Disposition: attachment). */
  fileName: string;
  /** How long the link works; SIGNED_URL_TTL_SECONDS when absent. */
  ttlSeconds?: number;
}

/** What a link of GET /api/files/{token} names once its signature and expiry are checked. */
export interface TFileLink {
  key: string;
  fileName: string;
}

/**
 * Where generated documents (price sheets, quotes, agreements, invoices) are kept: the local
 * disk under DATA_DIR, or an S3-compatible bucket. Keys are paths like
 * `org/<orgId>/price-sheets/<id>/<timestamp>.pdf` (see isFileKey); people reach a file only
 * through a short-lived signed link.
 */
export interface TFileStore {
  readonly kind: 'local' | 's3';
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The file, or null when there is none under the key. */
  get(key: string): Promise<TStoredFile | null>;
  /** Removes the file; a key with no file is not an error. */
  delete(key: string): Promise<void>;
  signedUrl(key: string, options: TSignOptions): Promise<TSignedUrl>;
  /**
   * The key and file name a token of GET /api/files/{token} carries, or null when the token is
   * forged, damaged or expired. The S3 store's links go to the bucket itself, so it knows none.
   */
  readLink(token: string): TFileLink | null;
}

export const FILE_KEY_MAX = 512;
/** Segments of letters, digits, dot, dash and underscore, each starting with a letter or digit. */
const FILE_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

/** A key no store can be tricked with: no '..', no leading or doubled slash, no backslash, no NUL. */
export function isFileKey(key: string): boolean {
  return key.length <= FILE_KEY_MAX && FILE_KEY.test(key);
}

export function assertFileKey(key: string): void {
  if (!isFileKey(key)) throw new Error(`Not a valid file key: ${JSON.stringify(key.slice(0, 80))}`);
}

/**
 * Content-Disposition for a download: an ASCII name for old clients and the exact name in
 * RFC 5987 form (filename*), so quotes, slashes or accents in a name cannot break the header.
 */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\/]/g, '_') || 'download';
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
