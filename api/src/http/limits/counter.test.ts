import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RateLimit } from '../../config.js';
import { startCuttableProxy, type CuttableProxy } from '../../test/cuttable-proxy.js';
import { forgetLimitKeys, limitStores } from '../../test/limit-stores.js';
import { createTestApp, openSharedTestDatabase, type SharedTestDatabase, type TestApp } from '../../test/test-app.js';
import { deleteKeys, maySkipRedis, redisAnswers, testRedisClient, testRedisUrl, uniqueRedisPrefix } from '../../test/test-redis.js';

/** `app.counters`, the counts of the limits a route keeps itself, as an API instance has them: in memory, or in Redis. */
const redisUp = await redisAnswers();
const A_MINUTE: RateLimit = { max: 10, timeWindow: 60_000 };

let database: SharedTestDatabase;
const started: TestApp[] = [];
const prefixes: string[] = [];
beforeAll(async () => {
  database = await openSharedTestDatabase();
});
afterAll(async () => {
  for (const app of started) await app.close();
  await database.close();
  await forgetLimitKeys();
  if (!redisUp) return;
  const redis = testRedisClient();
  await redis.connect();
  for (const prefix of prefixes) await deleteKeys(redis, prefix);
  await redis.quit();
});

async function start(overrides: Parameters<typeof createTestApp>[0], logStream?: { write(line: string): void }): Promise<TestApp> {
  const app = await createTestApp(overrides, database, logStream ? { logStream } : {});
  started.push(app);
  return app;
}

describe.each(limitStores)('app.counters in $name', (store) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await start(store.config());
  });

  it('counts hits in a window opened by the first and as long as its limit, then starts a new one', async () => {
    const aSecond: RateLimit = { max: 10, timeWindow: 1_000 };
    expect(await t.app.counters.hit('window', aSecond)).toEqual({ count: 1, retryAfter: 1 });
    expect(await t.app.counters.hit('window', aSecond)).toEqual({ count: 2, retryAfter: 1 });
    const { count, retryAfter } = await t.app.counters.hit('longer', A_MINUTE);
    expect(count).toBe(1);
    expect(retryAfter).toBeGreaterThan(58);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Each poll is a hit too: within the window the count only grows, so a 1 is the next window's first.
    await vi.waitFor(async () => expect((await t.app.counters.hit('window', aSecond)).count).toBe(1), { timeout: 3_000, interval: 100 });
  });

  it('counts hits sent at once exactly', async () => {
    const hits = await Promise.all(Array.from({ length: 100 }, () => t.app.counters.hit('burst', A_MINUTE)));
    expect(hits.map((h) => h.count).sort((x, y) => x - y)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
  });

  it('starts a key afresh on reset, and leaves other keys alone', async () => {
    for (let i = 0; i < 3; i++) await t.app.counters.hit('reset', A_MINUTE);
    await t.app.counters.hit('kept', A_MINUTE);
    await t.app.counters.reset('reset');
    expect((await t.app.counters.hit('reset', A_MINUTE)).count).toBe(1);
    expect((await t.app.counters.hit('kept', A_MINUTE)).count).toBe(2);
  });
});

describe.skipIf(!redisUp && maySkipRedis)('app.counters of two instances sharing Redis', () => {
  let a: TestApp;
  let b: TestApp;
  let prefix: string;
  let redis: Redis;
  beforeAll(async () => {
    prefix = uniqueRedisPrefix();
    prefixes.push(prefix);
    a = await start({ redisUrl: testRedisUrl, redisPrefix: prefix });
    b = await start({ redisUrl: testRedisUrl, redisPrefix: prefix });
    redis = testRedisClient();
    await redis.connect();
  });
  afterAll(async () => redis.quit());

  it('count one key together, kept under <prefix>counter: with the expiry of the window the first hit opened', async () => {
    const tenSeconds: RateLimit = { max: 10, timeWindow: 10_000 };
    expect((await a.app.counters.hit('shared', tenSeconds)).count).toBe(1);
    const opened = await redis.pttl(`${prefix}counter:shared`);
    expect(opened).toBeGreaterThan(9_000);
    expect(opened).toBeLessThanOrEqual(10_000);
    // A later hit, and one counted for a longer limit, do not push the window back (measured in Redis).
    await vi.waitFor(async () => expect(await redis.pttl(`${prefix}counter:shared`)).toBeLessThan(opened - 200), { interval: 50 });
    expect((await b.app.counters.hit('shared', A_MINUTE)).count).toBe(2);
    expect(await redis.pttl(`${prefix}counter:shared`)).toBeLessThan(opened - 200);
  });

  it('count hits sent at once to both exactly', async () => {
    const hits = await Promise.all(Array.from({ length: 100 }, (_, i) => (i % 2 ? a : b).app.counters.hit('burst', A_MINUTE)));
    expect(hits.map((h) => h.count).sort((x, y) => x - y)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
  });

  it('start a key afresh for both when one resets it', async () => {
    for (let i = 0; i < 3; i++) await a.app.counters.hit('reset', A_MINUTE);
    await b.app.counters.reset('reset');
    expect(await redis.exists(`${prefix}counter:reset`)).toBe(0);
    expect((await a.app.counters.hit('reset', A_MINUTE)).count).toBe(1);
  });
});

describe.skipIf(!redisUp && maySkipRedis)('app.counters while Redis is down', () => {
  let proxy: CuttableProxy;
  let t: TestApp;
  const lines: string[] = [];
  const logged = (message: string) => lines.filter((line) => line.includes(message)).length;
  beforeAll(async () => {
    const target = new URL(testRedisUrl);
    proxy = await startCuttableProxy({ host: target.hostname, port: Number(target.port || 6379) });
    const prefix = uniqueRedisPrefix();
    prefixes.push(prefix);
    t = await start({ redisUrl: proxy.route(testRedisUrl), redisPrefix: prefix, logLevel: 'info' }, { write: (line) => void lines.push(line) });
  });
  afterAll(async () => proxy.close());

  it('go on counting in the instance, and a reset once it is back clears that count too', async () => {
    expect((await t.app.counters.hit('k', A_MINUTE)).count).toBe(1);
    expect((await t.app.counters.hit('k', A_MINUTE)).count).toBe(2);

    await proxy.stop();
    await vi.waitFor(() => expect(logged('Redis is unreachable')).toBe(1), { timeout: 5_000 });
    // Counted in memory, where nothing was counted before.
    expect((await t.app.counters.hit('k', A_MINUTE)).count).toBe(1);
    expect((await t.app.counters.hit('k', A_MINUTE)).count).toBe(2);
    await expect(t.app.counters.reset('other')).resolves.toBeUndefined();

    await proxy.restore();
    await vi.waitFor(() => expect(logged('Redis answers again')).toBe(1), { timeout: 10_000 });
    expect((await t.app.counters.hit('k', A_MINUTE)).count).toBe(3);
    await t.app.counters.reset('k');

    await proxy.stop();
    await vi.waitFor(() => expect(logged('Redis is unreachable')).toBe(2), { timeout: 5_000 });
    // The reset reached the memory count of the first outage as well.
    expect((await t.app.counters.hit('k', A_MINUTE)).count).toBe(1);
    await proxy.restore();
    await vi.waitFor(() => expect(logged('Redis answers again')).toBe(2), { timeout: 10_000 });
  });
});
