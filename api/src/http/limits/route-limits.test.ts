import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RateLimit } from '../../config.js';
import { forgetLimitKeys, limitStores } from '../../test/limit-stores.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

const generous: RateLimit = { max: 10_000, timeWindow: 60_000 };
afterAll(forgetLimitKeys);

describe.each(limitStores)('a route limit, counted in $name', (store) => {
  let t: TestApp;
  beforeAll(async () => {
    const login: RateLimit = { max: 2, timeWindow: 60_000 };
    t = await createTestApp({ ...store.config(), rateLimits: { login, register: generous, report: generous, visit: generous, download: generous, contact: generous } });
  });
  afterAll(() => t.close());

  /** A sign-in from `ip` with an empty body: refused with 422 by the schema, after the limit has counted it. */
  const signIn = (ip: string) => t.app.inject({ method: 'POST', url: '/auth/login', payload: {}, remoteAddress: ip });
  const seconds = (value: unknown) => Number(value);

  it('tells each answer where the client stands, and past the limit answers 429 with Retry-After', async () => {
    const first = await signIn('203.0.113.9');
    expect(first.statusCode).toBe(422);
    expect(first.headers).toMatchObject({ 'x-ratelimit-limit': '2', 'x-ratelimit-remaining': '1' });
    expect(seconds(first.headers['x-ratelimit-reset'])).toBeGreaterThan(58);
    expect(seconds(first.headers['x-ratelimit-reset'])).toBeLessThanOrEqual(60);
    expect((await signIn('203.0.113.9')).headers['x-ratelimit-remaining']).toBe('0');

    const refused = await signIn('203.0.113.9');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers).toMatchObject({ 'x-ratelimit-limit': '2', 'x-ratelimit-remaining': '0' });
    expect(refused.headers['retry-after']).toBe(refused.headers['x-ratelimit-reset']);
    expect(seconds(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(seconds(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(refused.json()).toMatchObject({ message: expect.stringMatching(/^Too many requests, please try again in \d+ seconds?\.$/), code: 'limits.too_many_requests' });
    // Another client is not affected.
    expect((await signIn('203.0.113.10')).statusCode).toBe(422);
  });

  it('counts an IPv6 client by its /64 network', async () => {
    expect((await signIn('2001:db8:1:2::1')).statusCode).toBe(422);
    expect((await signIn('2001:db8:1:2::99')).statusCode).toBe(422);
    expect((await signIn('2001:db8:1:2:aaaa::1')).statusCode).toBe(429);
    expect((await signIn('2001:db8:1:3::1')).statusCode).toBe(422);
  });

  it('leaves a route without a limit alone', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/auth/check', remoteAddress: '203.0.113.9' });
    expect(res.statusCode).toBe(401);
    expect(res.headers['x-ratelimit-limit']).toBeUndefined();
  });
});
