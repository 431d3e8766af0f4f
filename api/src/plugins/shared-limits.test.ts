import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Config, RateLimit } from '../config.js';
import { insertCatalogueProduct, insertTaxonomy, registerUser } from '../test/fixtures.js';
import { fromSite, fromSiteAt, TRUSTED_LOOPBACK } from '../test/site-origin.js';
import { startCuttableProxy } from '../test/cuttable-proxy.js';
import { createTestApp, openSharedTestDatabase, type SharedTestDatabase, type TestApp } from '../test/test-app.js';
import { deleteKeys, downRedisUrl, maySkipRedis, redisAnswers, testRedisClient, testRedisUrl, uniqueRedisPrefix } from '../test/test-redis.js';

/**
 * Two API instances on one database, as behind a load balancer, each request sent over real HTTP to one or the
 * other (so the client address and user agent the API sees are real). With REDIS_URL they share the rate
 * limits and the failed-sign-in counts; the once-per-visitor counts are shared by the database in any case.
 */
const redisUp = await redisAnswers();
if (!redisUp && maySkipRedis) console.warn(`Redis at ${testRedisUrl} does not answer: the shared rate-limit tests are skipped (set TEST_REDIS_URL).`);

const VISIT_LIMIT: RateLimit = { max: 4, timeWindow: 60_000 };
const generous: RateLimit = { max: 10_000, timeWindow: 60_000 };

let database: SharedTestDatabase;
const started: TestApp[] = [];
const prefixes: string[] = [];
beforeAll(async () => {
  database = await openSharedTestDatabase();
});
afterAll(async () => {
  for (const app of started) await app.close();
  await database.close();
  if (!redisUp) return;
  const redis = testRedisClient();
  await redis.connect();
  for (const prefix of prefixes) await deleteKeys(redis, prefix);
  await redis.quit();
});

/**
 * Two instances with the same settings; with Redis, under a prefix of their own, so each case starts from no
 * counts. With `logs`, each instance writes its log lines into its own.
 */
async function startPair(withRedis: boolean, extra: Partial<Config> = {}, logs?: [string[], string[]]): Promise<[TestApp, TestApp, string]> {
  const prefix = uniqueRedisPrefix();
  prefixes.push(prefix);
  const overrides: Partial<Config> = {
    rateLimits: { login: generous, register: generous, report: generous, contact: generous, visit: VISIT_LIMIT, download: generous },
    redisUrl: withRedis ? testRedisUrl : '',
    redisPrefix: prefix,
    ...extra,
  };
  // One after the other: the first migrates the database, the second finds it migrated.
  const logTo = (lines?: string[]) => (lines ? { logStream: { write: (line: string) => void lines.push(line) } } : {});
  const first = await createTestApp(overrides, database, logTo(logs?.[0]));
  started.push(first);
  const second = await createTestApp(overrides, database, logTo(logs?.[1]));
  started.push(second);
  return [first, second, prefix];
}

/** The instance the i-th request goes to: each in turn, as a round-robin load balancer sends them. */
const inTurn = (instances: readonly [TestApp, ...TestApp[]], i: number): TestApp => instances[i % instances.length] ?? instances[0];

/** Statuses of `count` profile visits from this test's client, sent to the instances in turn. */
async function alternateVisits(instances: readonly [TestApp, ...TestApp[]], username: string, count: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) {
    const res = await inTurn(instances, i).request('POST', `/users/${username}/visit`, { headers: fromSite({ 'user-agent': 'Limit/1.0' }) });
    if (res.status === 429) expect(res.body.message).toMatch(/^Too many requests, please try again in \d+ seconds?\.$/);
    statuses.push(res.status);
  }
  return statuses;
}

const allowed = (statuses: number[]) => statuses.filter((s) => s === 200).length;

describe.skipIf(!redisUp && maySkipRedis)('two instances sharing Redis', () => {
  let a: TestApp;
  let b: TestApp;
  let prefix: string;
  let redis: Redis;
  beforeAll(async () => {
    [a, b, prefix] = await startPair(true);
    redis = testRedisClient();
    await redis.connect();
  });
  afterAll(async () => redis.quit());

  it('allow a route its per-minute limit once in all, not once per instance', async () => {
    const owner = await registerUser(a);
    const statuses = await alternateVisits([a, b], owner.username, 2 * VISIT_LIMIT.max + 2);
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429, 429, 429, 429, 429]);
    expect(allowed(statuses)).toBe(VISIT_LIMIT.max);
    // Kept under the configured prefix, so sites (and test runs) sharing a Redis do not share counts.
    expect(await redis.keys(`${prefix}rl:*`)).toContain(`${prefix}rl:POST/users/:username/visit-127.0.0.1`);
  });

  it('lock an account for a client at its 10th failed sign-in, the failures spread over both', async () => {
    expect(a.config.loginFailures.max).toBe(10);
    const user = await registerUser(a);
    for (let i = 0; i < 10; i++) {
      const res = await inTurn([a, b], i).request('POST', '/auth/login', { json: { email: user.email, password: `wrong guess ${i}` } });
      expect(res.status).toBe(422);
    }
    for (const instance of [a, b]) {
      const res = await instance.request('POST', '/auth/login', { json: { email: user.email, password: user.password } });
      expect(res.status).toBe(429);
      expect(res.body.message).toMatch(/^Too many failed sign-ins for this account/);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
    }
  });

  it('start the failed-sign-in count afresh on both after a success on one', async () => {
    const user = await registerUser(b);
    const fail = (instance: TestApp, i: number) => instance.request('POST', '/auth/login', { json: { email: user.email, password: `guess ${i}` } });
    for (let i = 0; i < 9; i++) expect((await fail(inTurn([a, b], i), i)).status).toBe(422);
    expect((await b.request('POST', '/auth/login', { json: { email: user.email, password: user.password } })).status).toBe(200);
    for (let i = 0; i < 10; i++) expect((await fail(inTurn([b, a], i), i)).status).toBe(422);
    expect((await fail(a, 10)).status).toBe(429);
  });
});

describe('two instances on one database', () => {
  it('count one download and one profile visit for a visitor who comes through both', async () => {
    // Behind a trusted proxy, so that the two visitors are two addresses.
    const [a, b] = await startPair(redisUp, { trustProxy: TRUSTED_LOOPBACK });
    await insertTaxonomy(a);
    const owner = await registerUser(a);
    const product = await insertCatalogueProduct(a, { userId: owner.id });
    const visitor = { headers: fromSiteAt('203.0.113.1', { 'user-agent': 'Visitor/1.0' }) };
    const other = { headers: fromSiteAt('203.0.113.2', { 'user-agent': 'Other/2.0' }) };

    const downloads: number[] = [];
    for (const instance of [a, b, a, b]) {
      const res = await instance.request('POST', `/products/${product.id}/downloads`, visitor);
      expect(res.status).toBe(200);
      downloads.push(res.body.results.data.downloads);
    }
    expect(downloads).toEqual([1, 1, 1, 1]);
    // Another visitor still counts: the count above stayed at 1 for being the same visitor, not for being stuck.
    expect((await b.request('POST', `/products/${product.id}/downloads`, other)).body.results.data.downloads).toBe(2);
    const rows = await a.app.db.selectFrom('downloads').select('visitor').where('product_id', '=', product.id).execute();
    expect(rows).toHaveLength(2);

    const counted: boolean[] = [];
    for (const instance of [a, b, b]) counted.push((await instance.request('POST', `/users/${owner.username}/visit`, visitor)).body.counted);
    expect(counted).toEqual([true, false, false]);
    expect((await a.request('POST', `/users/${owner.username}/visit`, other)).body.counted).toBe(true);
    const visits = await b.app.db.selectFrom('profile_visits').select('visitor').where('user_id', '=', owner.id).execute();
    expect(visits).toHaveLength(2);
  });

  it('without REDIS_URL, each instance keeps its own limits: together they allow twice the limit', async () => {
    const [a, b] = await startPair(false);
    const owner = await registerUser(a);
    const statuses = await alternateVisits([a, b], owner.username, 2 * VISIT_LIMIT.max + 2);
    expect(allowed(statuses)).toBe(2 * VISIT_LIMIT.max);
  });
});

describe('an instance whose Redis is down', () => {
  it('starts and serves: route limits are lifted, failed sign-ins are still limited in the instance', async () => {
    const startedAt = Date.now();
    const [a] = await startPair(false, { redisUrl: await downRedisUrl() });
    expect(Date.now() - startedAt).toBeLessThan(10_000);
    const owner = await registerUser(a);
    const statuses = await alternateVisits([a], owner.username, VISIT_LIMIT.max + 2);
    expect(allowed(statuses)).toBe(VISIT_LIMIT.max + 2);
    for (let i = 0; i < 10; i++) {
      expect((await a.request('POST', '/auth/login', { json: { email: owner.email, password: `wrong ${i}` } })).status).toBe(422);
    }
    expect((await a.request('POST', '/auth/login', { json: { email: owner.email, password: owner.password } })).status).toBe(429);
  });
});

describe.skipIf(!redisUp && maySkipRedis)('two instances whose Redis goes down, then comes back', () => {
  it('lift the route limits and count failed sign-ins in each instance while it is down, each saying so once; then share them again', async () => {
    const target = new URL(testRedisUrl);
    const proxy = await startCuttableProxy({ host: target.hostname, port: Number(target.port || 6379) });
    const logs: [string[], string[]] = [[], []];
    const logged = (message: string) => logs.map((lines) => lines.filter((line) => line.includes(message)).length);
    try {
      const [a, b] = await startPair(true, { redisUrl: proxy.route(testRedisUrl), logLevel: 'info' }, logs);
      const owner = await registerUser(a);
      expect(await alternateVisits([a, b], owner.username, 2)).toEqual([200, 200]);

      await proxy.stop();
      await vi.waitFor(() => expect(logged('Redis is unreachable')).toEqual([1, 1]), { timeout: 5_000 });
      for (const instance of [a, b]) expect(allowed(await alternateVisits([instance], owner.username, VISIT_LIMIT.max + 2))).toBe(VISIT_LIMIT.max + 2);
      for (let i = 0; i < 10; i++) {
        expect((await a.request('POST', '/auth/login', { json: { email: owner.email, password: `wrong ${i}` } })).status).toBe(422);
      }
      expect((await a.request('POST', '/auth/login', { json: { email: owner.email, password: owner.password } })).status).toBe(429);
      // The other instance has counted none of them.
      expect((await b.request('POST', '/auth/login', { json: { email: owner.email, password: owner.password } })).status).toBe(200);
      // Once each, however many requests and reconnection attempts went by.
      expect(logged('Redis is unreachable')).toEqual([1, 1]);

      await proxy.restore();
      await vi.waitFor(() => expect(logged('Redis answers again')).toEqual([1, 1]), { timeout: 10_000 });
      // The count kept in Redis before the outage is back: 2 of the 4 visits were used.
      expect(await alternateVisits([a, b], owner.username, 4)).toEqual([200, 200, 429, 429]);
      // The sign-ins counted on one instance alone stayed there.
      expect((await a.request('POST', '/auth/login', { json: { email: owner.email, password: owner.password } })).status).toBe(200);
    } finally {
      await proxy.close();
    }
  });
});
