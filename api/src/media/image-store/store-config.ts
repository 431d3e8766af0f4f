import type { ObjectCannedACL } from '@aws-sdk/client-s3';
import { isImageKey } from './image-store.js';
import type { S3ChecksumMode, S3ImageStoreOptions } from './s3-image-store.js';

/** IMAGE_STORE: the folder IMAGE_DIR (one machine, or a shared mount), or an S3 bucket (any number of instances). */
export type ImageStoreConfig = { driver: 'local' } | S3StoreConfig;
export type S3StoreConfig = { driver: 's3' } & S3ImageStoreOptions;

/** S3's canned ACLs (a type-only import: the SDK is loaded only when the s3 driver is used). */
const CANNED_ACLS: readonly string[] = [
  'private', 'public-read', 'public-read-write', 'authenticated-read', 'aws-exec-read', 'bucket-owner-read', 'bucket-owner-full-control',
] satisfies readonly ObjectCannedACL[];
const CHECKSUM_MODES: readonly S3ChecksumMode[] = ['when_supported', 'when_required'];

/** S3's own rule for bucket names that work path-style and virtual-hosted alike. */
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

const trimmed = (value: string | undefined) => value?.trim() ?? '';

function httpUrl(name: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be an http:// or https:// URL, got "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`${name} must be an http:// or https:// URL, got "${value}"`);
  return value.replace(/\/+$/, '');
}

function flag(name: string, value: string, fallback: boolean): boolean {
  const v = value.toLowerCase();
  if (v === '') return fallback;
  if (['on', 'true', '1'].includes(v)) return true;
  if (['off', 'false', '0'].includes(v)) return false;
  throw new Error(`${name} must be on or off, got "${value}"`);
}

function keyPrefix(value: string): string {
  const prefix = value.replace(/^\/+|\/+$/g, '');
  if (prefix === '') return '';
  if (!isImageKey(prefix)) throw new Error(`S3_KEY_PREFIX must be folder names of letters, digits, _ . - separated by /, got "${value}"`);
  return `${prefix}/`;
}

/**
 * The image store's settings, checked on start so that a typo stops the server with a sentence rather than
 * failing the first upload. The secret is never repeated in a message.
 */
export function imageStoreConfig(env: NodeJS.ProcessEnv): ImageStoreConfig {
  const driver = trimmed(env.IMAGE_STORE).toLowerCase() || 'local';
  if (driver === 'local') return { driver: 'local' };
  if (driver !== 's3') throw new Error(`IMAGE_STORE must be local or s3, got "${env.IMAGE_STORE}"`);

  const bucket = trimmed(env.S3_BUCKET);
  if (bucket === '') throw new Error('IMAGE_STORE=s3 needs S3_BUCKET, the name of an existing bucket');
  if (!BUCKET_NAME.test(bucket)) throw new Error(`S3_BUCKET "${bucket}" is not a bucket name (3 to 63 lower-case letters, digits, dots and hyphens)`);

  const endpoint = trimmed(env.S3_ENDPOINT);
  const accessKeyId = trimmed(env.S3_ACCESS_KEY_ID);
  const secretAccessKey = trimmed(env.S3_SECRET_ACCESS_KEY);
  if ((accessKeyId === '') !== (secretAccessKey === '')) {
    throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither to use the SDK\'s default credentials (AWS_* variables, a profile, an instance role)');
  }
  const acl = trimmed(env.S3_ACL);
  if (acl !== '' && !CANNED_ACLS.includes(acl)) throw new Error(`S3_ACL must be one of ${CANNED_ACLS.join(', ')}, got "${acl}"`);
  const checksum = trimmed(env.S3_CHECKSUM).toLowerCase() || 'when_required';
  if (!(CHECKSUM_MODES as readonly string[]).includes(checksum)) throw new Error(`S3_CHECKSUM must be when_supported or when_required, got "${env.S3_CHECKSUM}"`);

  return {
    driver: 's3',
    bucket,
    region: trimmed(env.S3_REGION) || trimmed(env.AWS_REGION) || 'us-east-1',
    endpoint: endpoint === '' ? null : httpUrl('S3_ENDPOINT', endpoint),
    // Servers other than AWS mostly know buckets only in the path; AWS itself prefers them in the host name.
    forcePathStyle: flag('S3_FORCE_PATH_STYLE', trimmed(env.S3_FORCE_PATH_STYLE), endpoint !== ''),
    credentials: accessKeyId === '' ? null : { accessKeyId, secretAccessKey },
    keyPrefix: keyPrefix(trimmed(env.S3_KEY_PREFIX)),
    acl: acl === '' ? null : (acl as ObjectCannedACL),
    checksum: checksum as S3ChecksumMode,
  };
}
