import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { freePort } from './free-port.js';

/** The Redis the shared-limit tests use: TEST_REDIS_URL, else the local default (CI runs one there). */
export const testRedisUrl = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';

/** A client that gives up at once instead of retrying: tests want an answer or an error, not a wait. */
export function testRedisClient(url = testRedisUrl): Redis {
  return new Redis(url, { connectTimeout: 1_000, maxRetriesPerRequest: 0, retryStrategy: () => null, lazyConnect: true });
}

/**
 * Whether the Redis tests may skip when Redis does not answer: on a developer's machine yes, saying why; in CI
 * (CI=true, where .ci/run starts Redis) no: they run and fail.
 */
export const maySkipRedis = process.env.CI !== 'true';

/** Whether Redis answers a PING; the tests that need it skip, and say why, when it does not (and maySkipRedis). */
export async function redisAnswers(url = testRedisUrl): Promise<boolean> {
  const redis = testRedisClient(url);
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

/** A key prefix no other run (nor a site sharing the Redis) uses, so runs never see each other's counts. */
export function uniqueRedisPrefix(): string {
  return `linkhunt-test:${randomBytes(6).toString('hex')}:`;
}

/** Deletes every key under `prefix`; returns how many there were. */
export async function deleteKeys(redis: Redis, prefix: string): Promise<number> {
  let deleted = 0;
  for await (const keys of redis.scanStream({ match: `${prefix}*`, count: 500 }) as AsyncIterable<string[]>) {
    if (keys.length > 0) deleted += await redis.del(...keys);
  }
  return deleted;
}

/** A URL of a Redis that is down: a port nothing listens on, so connections are refused. */
export async function downRedisUrl(): Promise<string> {
  return `redis://127.0.0.1:${await freePort()}`;
}
