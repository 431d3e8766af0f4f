import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, HeadObjectCommand, ListObjectsV2Command, type ObjectCannedACL, PutObjectCommand, S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import {
  checkedKey, contentTypeOf, type ImageStore, ImageStoreUnavailableError, isImageKey, type ListedImage, type StoredImage, type StoredImageInfo,
} from './image-store.js';

/** How requests are checksummed (S3_CHECKSUM): the SDK's default, or only where S3 demands one (what most S3-compatible servers accept). */
export type S3ChecksumMode = 'when_supported' | 'when_required';

export interface S3ImageStoreOptions {
  bucket: string;
  region: string;
  /** Another S3-compatible server (Swift's s3api, MinIO, Ceph, R2…); null: AWS. */
  endpoint: string | null;
  forcePathStyle: boolean;
  /** Null: the SDK's default chain (environment, shared files, instance or task role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  /** Put before every key ('' or ending in '/'), so that a bucket can hold other things, or several sites. */
  keyPrefix: string;
  /** A canned ACL sent with every upload (`public-read` for a CDN reading the bucket directly); null: the bucket's default. */
  acl: ObjectCannedACL | null;
  checksum: S3ChecksumMode;
}

/** What the objects carry, so that a CDN reading the bucket directly caches them as the API would. */
const CACHE_FOREVER = 'public, max-age=31536000, immutable';

/**
 * Until the answer's headers: a read that takes longer is an outage to the visitor (503), not a wait. The
 * socket may then stay idle up to SOCKET_IDLE_MS while a slow client takes the body (the stream is paused).
 */
const READ_TIMEOUT_MS = 2_000;
const WRITE_TIMEOUT_MS = 15_000;
const SOCKET_IDLE_MS = 30_000;

/** Errors S3 (or a compatible server) gives for a configuration that waiting will not mend. */
const PERMANENT = new Set(['NoSuchBucket', 'AccessDenied', 'InvalidAccessKeyId', 'SignatureDoesNotMatch', 'InvalidBucketName', 'AllAccessDisabled', 'PermanentRedirect']);

interface SdkError {
  name?: string;
  message?: string;
  $metadata?: { httpStatusCode?: number };
}

const statusOf = (error: unknown) => (error as SdkError | null)?.$metadata?.httpStatusCode;

/** A missing object: GetObject says NoSuchKey, HeadObject only 404 (it has no body to say more). */
const isMissingObject = (error: unknown) => {
  const name = (error as SdkError | null)?.name;
  return name === 'NoSuchKey' || name === 'NotFound' || (statusOf(error) === 404 && name !== 'NoSuchBucket');
};

/**
 * The images in an S3 bucket (or an S3-compatible store): what lets several API instances on several machines
 * share them. Reads are streamed from S3 to the visitor.
 */
export class S3ImageStore implements ImageStore {
  private readonly client: S3Client;

  constructor(private readonly options: S3ImageStoreOptions) {
    const checksum = options.checksum === 'when_required' ? 'WHEN_REQUIRED' : 'WHEN_SUPPORTED';
    const config: S3ClientConfig = {
      region: options.region,
      forcePathStyle: options.forcePathStyle,
      requestChecksumCalculation: checksum,
      responseChecksumValidation: checksum,
      // One retry: a visitor waiting on a store that is down is better told 503 soon.
      maxAttempts: 2,
      requestHandler: {
        connectionTimeout: 2_000,
        requestTimeout: READ_TIMEOUT_MS,
        throwOnRequestTimeout: true,
        socketTimeout: SOCKET_IDLE_MS,
        httpAgent: { keepAlive: true, maxSockets: 64 },
        httpsAgent: { keepAlive: true, maxSockets: 64 },
      },
      ...(options.endpoint && { endpoint: options.endpoint }),
      ...(options.credentials && { credentials: options.credentials }),
    };
    this.client = new S3Client(config);
  }

  get description(): string {
    return `s3://${this.options.bucket}/${this.options.keyPrefix}${this.options.endpoint ? ` at ${this.options.endpoint}` : ''}`;
  }

  private objectKey(key: string): string {
    return this.options.keyPrefix + checkedKey(key);
  }

  /** A failure in the store's words, with whether waiting can mend it. */
  private failure(error: unknown, what: string): ImageStoreUnavailableError {
    const { name = 'Error', message = String(error) } = (error ?? {}) as SdkError;
    const status = statusOf(error);
    const permanent = PERMANENT.has(name) || status === 403 || status === 301;
    const said = status ? `${name} (HTTP ${status})` : name;
    return new ImageStoreUnavailableError(`${this.description}: ${what} failed: ${said}: ${message}`, permanent, { cause: error });
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    const command = new PutObjectCommand({
      Bucket: this.options.bucket,
      Key: this.objectKey(key),
      Body: data,
      ContentLength: data.length,
      ContentType: contentType,
      CacheControl: CACHE_FOREVER,
      ...(this.options.acl && { ACL: this.options.acl }),
    });
    try {
      await this.client.send(command, { requestTimeout: WRITE_TIMEOUT_MS });
    } catch (error) {
      throw this.failure(error, `writing ${key}`);
    }
  }

  async get(key: string): Promise<StoredImage | null> {
    const command = new GetObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(key) });
    try {
      const answer = await this.readAgainIfMissing(() => this.client.send(command));
      if (!answer) return null;
      const body = answer.Body as Readable | undefined;
      if (!body) throw new Error('GetObject answered without a body');
      return { ...this.info(key, answer), body };
    } catch (error) {
      throw this.failure(error, `reading ${key}`);
    }
  }

  async head(key: string): Promise<StoredImageInfo | null> {
    const command = new HeadObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(key) });
    try {
      const answer = await this.readAgainIfMissing(() => this.client.send(command));
      return answer && this.info(key, answer);
    } catch (error) {
      throw this.failure(error, `reading ${key}`);
    }
  }

  /**
   * A read, asked once more when it says the object is missing; null when both say so. Swift answers 404 for an
   * object an overwrite is replacing: its object server lists the object's files, then opens one that the write's
   * clean-up has just removed (swift/obj/diskfile.py, DiskFile.open). With replicas on other nodes its proxy asks
   * another; with one it answers 404 (seen in CI: one read among 20 rewrites of a key). The new file is in place
   * before that clean-up, so asking again at once finds it. A missing object costs one more request.
   */
  private async readAgainIfMissing<T>(read: () => Promise<T>): Promise<T | null> {
    try {
      return await read();
    } catch (error) {
      if (!isMissingObject(error)) throw error;
    }
    try {
      return await read();
    } catch (error) {
      if (isMissingObject(error)) return null;
      throw error;
    }
  }

  private info(key: string, answer: { ContentLength?: number; ETag?: string; LastModified?: Date; ContentType?: string }): StoredImageInfo {
    return {
      size: answer.ContentLength ?? 0,
      etag: answer.ETag ?? '',
      lastModified: answer.LastModified ?? new Date(0),
      // An object written without one (by hand, by another tool) is still answered with the right type.
      contentType: answer.ContentType && answer.ContentType !== 'binary/octet-stream' ? answer.ContentType : contentTypeOf(key),
    };
  }

  async remove(key: string): Promise<void> {
    const command = new DeleteObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(key) });
    try {
      await this.client.send(command, { requestTimeout: WRITE_TIMEOUT_MS });
    } catch (error) {
      if (isMissingObject(error)) return;
      throw this.failure(error, `removing ${key}`);
    }
  }

  async *list(prefix: string): AsyncIterable<ListedImage> {
    const { bucket, keyPrefix } = this.options;
    let token: string | undefined;
    do {
      const command = new ListObjectsV2Command({ Bucket: bucket, Prefix: keyPrefix + prefix, ...(token && { ContinuationToken: token }) });
      let page;
      try {
        page = await this.client.send(command, { requestTimeout: WRITE_TIMEOUT_MS });
      } catch (error) {
        throw this.failure(error, `listing ${prefix}`);
      }
      for (const object of page.Contents ?? []) {
        const key = object.Key?.slice(keyPrefix.length) ?? '';
        // Objects another tool put under the prefix with names none of ours can have are not the store's.
        if (!isImageKey(key)) continue;
        yield { key, size: object.Size ?? 0, lastModified: object.LastModified ?? new Date(0), ...(object.ETag && { etag: object.ETag }) };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async check(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.options.bucket }));
    } catch (error) {
      // HeadBucket has no body: a 404 is the bucket itself missing.
      if (statusOf(error) === 404) {
        throw new ImageStoreUnavailableError(`${this.description}: the bucket ${this.options.bucket} does not exist (create it first)`, true, { cause: error });
      }
      throw this.failure(error, 'reaching the bucket');
    }
  }

  close(): void {
    this.client.destroy();
  }
}
