import type { Readable } from 'node:stream';

/**
 * Where uploaded and drawn images live, whichever backend holds them. A key is a relative path that is also
 * the image's URL path on the API: `images/products/x.webp`, `images/products/x-thumb.webp`,
 * `images/brands/x.webp`, `avatars/x.webp`, `share/products/x.jpg`. The database holds these paths (products and
 * brands without the `images/` folder), so changing the backend changes no row.
 */
export interface ImageStore {
  /** Writes the whole file under `key`; a reader never sees part of it. */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The file as a stream with what an HTTP answer needs, or null when there is none. */
  get(key: string): Promise<StoredImage | null>;
  /** What `get` tells without the body. */
  head(key: string): Promise<StoredImageInfo | null>;
  /** Removes the file; a missing one is not an error. */
  remove(key: string): Promise<void>;
  /** Every file whose key starts with `prefix`, in no particular order. */
  list(prefix: string): AsyncIterable<ListedImage>;
  /** Resolves when the store can be read and written; throws ImageStoreUnavailableError otherwise. */
  check(): Promise<void>;
  /** Lets go of what it holds open (kept-alive connections). */
  close(): void;
  /** Where the files are, for log lines and commands (`folder /srv/images`, `s3://bucket/prefix/`). */
  readonly description: string;
}

export interface StoredImageInfo {
  size: number;
  /** An HTTP entity tag, quoted, weak (`W/"…"`) where the backend has no content hash. */
  etag: string;
  lastModified: Date;
  contentType: string;
}

export interface StoredImage extends StoredImageInfo {
  body: Readable;
}

export interface ListedImage {
  key: string;
  size: number;
  lastModified: Date;
  /** The entity tag when the listing gives one (S3 does; a folder does not). */
  etag?: string;
}

/** The folders (key prefixes) the API writes. Anything else under the same folder or bucket prefix is not its own. */
export const STORE_PREFIXES = ['images/', 'avatars/', 'share/'] as const;

/**
 * The store cannot be reached or refuses us: a request that needs it is answered 503, the readiness check
 * fails. `permanent`: it will not get better by waiting (no such bucket, credentials refused), so a server
 * refuses to start on it.
 */
export class ImageStoreUnavailableError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ImageStoreUnavailableError';
  }
}

/** A key no file of ours can have (a traversal, an empty or hidden segment, an odd character). */
export class InvalidImageKeyError extends Error {
  constructor(key: string) {
    super(`not an image key: ${JSON.stringify(key.slice(0, 200))}`);
    this.name = 'InvalidImageKeyError';
  }
}

/**
 * Segments of letters, digits, `_`, `.` and `-`, none empty, none starting with a dot (so no `.` or `..`, and
 * the local store's hidden temporary files are never keys).
 */
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9_.-]*$/;
const MAX_KEY_LENGTH = 512;

export function isImageKey(key: string): boolean {
  return key.length > 0 && key.length <= MAX_KEY_LENGTH && key.split('/').every((segment) => SEGMENT.test(segment));
}

/** The key itself, or InvalidImageKeyError: every driver checks before it touches anything. */
export function checkedKey(key: string): string {
  if (!isImageKey(key)) throw new InvalidImageKeyError(key);
  return key;
}

/** No SVG: the API writes none, and one served from its origin could run script. */
const CONTENT_TYPES: Record<string, string> = { webp: 'image/webp', jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png' };

/** The content type a file's name says; what the local store answers, and what a migration sends. */
export function contentTypeOf(key: string): string {
  const extension = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return CONTENT_TYPES[extension] ?? 'application/octet-stream';
}
