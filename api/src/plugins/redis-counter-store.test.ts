import { setTimeout as sleep } from 'node:timers/promises';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteKeys, downRedisUrl, maySkipRedis, redisAnswers, testRedisClient, testRedisUrl, uniqueRedisPrefix } from '../test/test-redis.js';
import { FallbackCounterStore, MemoryCounterStore } from './counter-store.js';
import { RedisCounterStore } from './redis-counter-store.js';

const redisUp = await redisAnswers();
if (!redisUp && maySkipRedis) console.warn(`Redis at ${testRedisUrl} does not answer: the RedisCounterStore tests are skipped (set TEST_REDIS_URL).`);

describe.skipIf(!redisUp && maySkipRedis)('RedisCounterStore, on the real Redis', () => {
  const prefix = uniqueRedisPrefix();
  // Two connections, as two API instances have.
  let a: Redis;
  let b: Redis;
  let storeA: RedisCounterStore;
  let storeB: RedisCounterStore;
  beforeAll(async () => {
    a = testRedisClient();
    b = testRedisClient();
    await Promise.all([a.connect(), b.connect()]);
    storeA = new RedisCounterStore(a, prefix);
    storeB = new RedisCounterStore(b, prefix);
  });
  afterAll(async () => {
    await deleteKeys(a, prefix);
    await a.quit();
    await b.quit();
  });

  it('counts hits in a window opened by the first, kept under the prefix with an expiry, then starts a new one', async () => {
    const before = Date.now();
    const first = await storeA.hit('window', 1_000);
    expect(first.count).toBe(1);
    expect(first.resetAt).toBeGreaterThanOrEqual(before + 950);
    expect(first.resetAt).toBeLessThanOrEqual(Date.now() + 1_000);
    await sleep(300);
    const second = await storeB.hit('window', 1_000);
    expect(second.count).toBe(2);
    // The window is the first hit's: a later hit does not push it back (measured in Redis, free of client delays).
    const ttl = await a.pttl(`${prefix}window`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(700);
    await sleep(first.resetAt - Date.now() + 50);
    expect(await a.exists(`${prefix}window`)).toBe(0);
    expect((await storeB.hit('window', 1_000)).count).toBe(1);
  });

  it('counts hits sent at once from two connections exactly, in one window', async () => {
    const results = await Promise.all(Array.from({ length: 100 }, (_, i) => (i % 2 ? storeA : storeB).hit('burst', 60_000)));
    expect(results.map((r) => r.count).sort((x, y) => x - y)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    const resets = results.map((r) => r.resetAt);
    expect(Math.max(...resets) - Math.min(...resets)).toBeLessThan(1_000);
  });

  it('reset starts the key afresh for every connection', async () => {
    for (let i = 0; i < 3; i++) await storeA.hit('reset', 60_000);
    await storeB.reset('reset');
    expect(await a.exists(`${prefix}reset`)).toBe(0);
    expect((await storeA.hit('reset', 60_000)).count).toBe(1);
  });

  it('gives a key found without an expiry one, instead of counting it for ever', async () => {
    await a.set(`${prefix}stuck`, '7');
    const state = await storeA.hit('stuck', 5_000);
    expect(state.count).toBe(8);
    const ttl = await a.pttl(`${prefix}stuck`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(5_000);
  });
});

describe('FallbackCounterStore', () => {
  it('counts in memory while Redis is down, and reset clears that count', async () => {
    const down = testRedisClient(await downRedisUrl());
    down.on('error', () => undefined);
    const errors: unknown[] = [];
    const store = new FallbackCounterStore(new RedisCounterStore(down, 'unused:'), new MemoryCounterStore(), (e) => errors.push(e));
    try {
      expect((await store.hit('k', 60_000)).count).toBe(1);
      expect((await store.hit('k', 60_000)).count).toBe(2);
      await store.reset('k');
      expect((await store.hit('k', 60_000)).count).toBe(1);
      // Two hits, one reset, one hit: each reached Redis first and failed.
      expect(errors).toHaveLength(4);
    } finally {
      down.disconnect();
    }
  });

  it('uses only the shared store while it works', async () => {
    const primary = new MemoryCounterStore();
    const fallback = new MemoryCounterStore();
    const store = new FallbackCounterStore(primary, fallback, () => {
      throw new Error('no error expected');
    });
    await store.hit('k', 60_000);
    await store.hit('k', 60_000);
    expect(primary.size).toBe(1);
    expect(fallback.size).toBe(0);
  });
});
