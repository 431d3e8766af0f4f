import type { Config } from '../config.js';
import { deleteKeys, maySkipRedis, redisAnswers, testRedisClient, testRedisUrl, uniqueRedisPrefix } from './test-redis.js';

/** A store the API counts its limits in, for the limit tests that run once on each. */
export interface LimitStore {
  name: 'memory' | 'Redis';
  /** An app's settings for it; in Redis under a prefix of its own, so each app starts from no counts. */
  config(): Partial<Config>;
}

const redisUp = await redisAnswers();
if (!redisUp && maySkipRedis) console.warn(`Redis at ${testRedisUrl} does not answer: the limit tests run on the memory store only (set TEST_REDIS_URL).`);

const prefixes: string[] = [];

/** Memory, and Redis (TEST_REDIS_URL) unless it does not answer on a developer's machine; in CI it must (see maySkipRedis). */
export const limitStores: LimitStore[] = [
  { name: 'memory', config: () => ({ redisUrl: '' }) },
  ...(redisUp || !maySkipRedis
    ? [{ name: 'Redis' as const, config: () => {
      const redisPrefix = uniqueRedisPrefix();
      prefixes.push(redisPrefix);
      return { redisUrl: testRedisUrl, redisPrefix };
    } }]
    : []),
];

/** Deletes the keys the file's Redis apps left (an afterAll of each file that uses limitStores). */
export async function forgetLimitKeys(): Promise<void> {
  if (prefixes.length === 0) return;
  const redis = testRedisClient();
  await redis.connect();
  for (const prefix of prefixes.splice(0)) await deleteKeys(redis, prefix);
  await redis.quit();
}
