import { randomBytes } from 'node:crypto';
import { CreateBucketCommand, DeleteBucketCommand, DeleteObjectCommand, ListBucketsCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type { S3StoreConfig } from '../media/image-store/store-config.js';
import type { S3ImageStoreOptions } from '../media/image-store/s3-image-store.js';
import { createTestApp, type TestApp } from './test-app.js';

/**
 * The S3 the image-store tests use: TEST_S3_ENDPOINT and its keys (scripts/test.sh and .ci/run start Swift
 * with its S3 layer and set them), else the same single-node Swift's defaults.
 */
export const testS3 = {
  endpoint: process.env.TEST_S3_ENDPOINT || 'http://127.0.0.1:8088',
  region: process.env.TEST_S3_REGION || 'us-east-1',
  accessKeyId: process.env.TEST_S3_ACCESS_KEY_ID || 'test:tester',
  secretAccessKey: process.env.TEST_S3_SECRET_ACCESS_KEY || 'testing',
};

/**
 * Whether the S3 tests may skip when S3 does not answer: on a developer's machine yes, saying why; in CI
 * (CI=true, where the harness starts Swift) no: they run and fail.
 */
export const maySkipS3 = process.env.CI !== 'true';

// The pinned SDK warns once per process that its successors will need Node 22; the tests know.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

export function testS3Client(endpoint = testS3.endpoint): S3Client {
  return new S3Client({
    endpoint,
    region: testS3.region,
    forcePathStyle: true,
    credentials: { accessKeyId: testS3.accessKeyId, secretAccessKey: testS3.secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 1,
  });
}

/** Whether the test S3 answers an authenticated request within two seconds. */
export async function s3Answers(): Promise<boolean> {
  const client = testS3Client();
  try {
    await client.send(new ListBucketsCommand({}), { abortSignal: AbortSignal.timeout(2_000) });
    return true;
  } catch {
    return false;
  } finally {
    client.destroy();
  }
}

/** Says why the S3 tests skip (when they may); the answer is whether they run. */
export async function s3ForTests(what: string): Promise<boolean> {
  const up = await s3Answers();
  if (!up && maySkipS3) console.warn(`S3 at ${testS3.endpoint} does not answer: ${what} on S3 are skipped (set TEST_S3_ENDPOINT and its keys, or start Swift: scripts/services/swift.sh).`);
  return up || !maySkipS3;
}

/** A bucket of this run's own, dropped with everything in it by `drop`. */
export interface TestBucket {
  name: string;
  /** The S3 store's settings for it; `keyPrefix` and `endpoint` may be changed per store. */
  store(overrides?: Partial<S3ImageStoreOptions>): S3StoreConfig;
  drop(): Promise<void>;
}

export async function createTestBucket(): Promise<TestBucket> {
  const name = `linkhunt-test-${randomBytes(6).toString('hex')}`;
  const client = testS3Client();
  await client.send(new CreateBucketCommand({ Bucket: name }));
  return {
    name,
    store: (overrides = {}) => ({
      driver: 's3',
      bucket: name,
      region: testS3.region,
      endpoint: testS3.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: testS3.accessKeyId, secretAccessKey: testS3.secretAccessKey },
      keyPrefix: '',
      acl: null,
      checksum: 'when_required',
      ...overrides,
    }),
    async drop() {
      try {
        // A listing may lag a write on Swift: emptied again until the bucket goes (a few rounds at most).
        for (let round = 1; ; round++) {
          await emptyBucket(client, name);
          try {
            await client.send(new DeleteBucketCommand({ Bucket: name }));
            return;
          } catch (error) {
            if ((error as Error).name !== 'BucketNotEmpty' || round >= 5) throw error;
          }
        }
      } finally {
        client.destroy();
      }
    },
  };
}

async function emptyBucket(client: S3Client, bucket: string): Promise<void> {
  let token: string | undefined;
  do {
    const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ...(token && { ContinuationToken: token }) }));
    await Promise.all((page.Contents ?? []).map((object) => client.send(new DeleteObjectCommand({ Bucket: bucket, Key: object.Key }))));
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
}

/** A test app whose image store is a folder of its own or a bucket of its own; closing it drops either. */
export async function createTestAppWithStore(driver: 'local' | 's3'): Promise<TestApp> {
  const bucket = driver === 's3' ? await createTestBucket() : undefined;
  const t = await createTestApp(bucket ? { imageStore: bucket.store() } : {});
  return {
    ...t,
    async close() {
      await t.close();
      await bucket?.drop();
    },
  };
}
