import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryCounterStore } from '../../plugins/counter-store.js';
import { registerUser, type RegisteredUser } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { clientNetwork, loginAttemptKey } from './login-throttle.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ATTACKER = '203.0.113.7';
const OWNER = '198.51.100.20';

/** A sign-in from a given client address (inject sets the socket's address; the test server's fetch cannot). */
async function loginFrom(ip: string, email: string, password: string, userAgent = 'Browser/1.0') {
  const res = await t.app.inject({ method: 'POST', url: '/auth/login', payload: { email, password }, remoteAddress: ip, headers: { 'user-agent': userAgent } });
  return { status: res.statusCode, retryAfter: res.headers['retry-after'], body: res.json() as { message: string; errors?: Record<string, string[]> } };
}

async function failTimes(n: number, ip: string, email: string) {
  for (let i = 0; i < n; i++) expect((await loginFrom(ip, email, `wrong guess ${i}`)).status).toBe(422);
}

describe('failed sign-ins per account and client', () => {
  let victim: RegisteredUser;
  beforeAll(async () => {
    victim = await registerUser(t);
  });

  it('answers 429 with Retry-After after 10 failures in 15 minutes, even for the right password', async () => {
    expect(t.config.loginFailures).toEqual({ max: 10, timeWindow: 15 * 60_000 });
    await failTimes(10, ATTACKER, victim.email);
    const blocked = await loginFrom(ATTACKER, victim.email, victim.password);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({ message: 'Too many failed sign-ins for this account, please try again in 15 minutes.' });
    const seconds = Number(blocked.retryAfter);
    expect(seconds).toBeGreaterThan(14 * 60);
    expect(seconds).toBeLessThanOrEqual(15 * 60);
    // A new user agent is not a new client: it is the attacker's to choose.
    expect((await loginFrom(ATTACKER, victim.email, 'another guess', 'Other/2.0')).status).toBe(429);
  });

  it('does not lock the owner out: another client signs in with the right password', async () => {
    const owner = await loginFrom(OWNER, victim.email, victim.password);
    expect(owner.status).toBe(200);
    // The attacker's client stays slowed for this account, and only for this account.
    expect((await loginFrom(ATTACKER, victim.email, victim.password)).status).toBe(429);
    const bystander = await registerUser(t);
    expect((await loginFrom(ATTACKER, bystander.email, bystander.password)).status).toBe(200);
  });

  it('starts afresh after a successful sign-in from that client', async () => {
    const user = await registerUser(t);
    await failTimes(9, OWNER, user.email);
    expect((await loginFrom(OWNER, user.email, user.password)).status).toBe(200);
    await failTimes(10, OWNER, user.email);
    expect((await loginFrom(OWNER, user.email, 'eleventh guess')).status).toBe(429);
  });

  it('treats an unknown email like a known one, so a 429 reveals no account', async () => {
    await failTimes(10, ATTACKER, 'nobody-here@example.com');
    const res = await loginFrom(ATTACKER, 'NOBODY-here@example.com ', 'guess');
    expect(res.status).toBe(429);
    expect(res.body.message).toMatch(/^Too many failed sign-ins/);
  });

  it('keeps the per-minute limit of sign-ins per client working beside it', async () => {
    const limited = await createTestApp({ rateLimits: { ...t.config.rateLimits, login: { max: 3, timeWindow: 60_000 } } });
    try {
      const a = await registerUser(limited);
      const b = await registerUser(limited);
      const statuses: number[] = [];
      for (const { email, password } of [a, b, a, b]) {
        const res = await limited.app.inject({ method: 'POST', url: '/auth/login', payload: { email, password }, remoteAddress: ATTACKER });
        statuses.push(res.statusCode);
        if (res.statusCode === 429) {
          expect(res.json()).toMatchObject({ message: expect.stringMatching(/^Too many requests/) });
          expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
        }
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
      const elsewhere = await limited.app.inject({ method: 'POST', url: '/auth/login', payload: { email: a.email, password: a.password }, remoteAddress: OWNER });
      expect(elsewhere.statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('the client part of the key', () => {
  it('is the IPv4 address, also when IPv4-mapped, and the /64 of an IPv6 address', () => {
    expect(clientNetwork('203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(clientNetwork('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(clientNetwork('2001:0db8:0001:0002::ffff')).toBe('2001:db8:1:2::/64');
    expect(clientNetwork('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientNetwork('::1')).toBe('0:0:0:0::/64');
    expect(clientNetwork('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientNetwork('2001:db8:1:3::1')).not.toBe(clientNetwork('2001:db8:1:2::1'));
  });

  it('keys on account and client, hashed', () => {
    const key = loginAttemptKey('ana@example.com', '203.0.113.7');
    expect(key).toMatch(/^login:[\w-]{43}$/);
    expect(key).not.toContain('ana');
    expect(loginAttemptKey('ana@example.com', '2001:db8:1:2::1')).toBe(loginAttemptKey('ana@example.com', '2001:db8:1:2::99'));
    expect(loginAttemptKey('ana@example.com', '203.0.113.8')).not.toBe(key);
    expect(loginAttemptKey('bob@example.com', '203.0.113.7')).not.toBe(key);
  });
});

describe('MemoryCounterStore', () => {
  it('counts hits in a window opened by the first, then starts a new one', async () => {
    let now = 1_000_000;
    const store = new MemoryCounterStore(100, () => now);
    expect(await store.hit('k', 1000)).toEqual({ count: 1, resetAt: 1_001_000 });
    now += 999;
    expect(await store.hit('k', 1000)).toEqual({ count: 2, resetAt: 1_001_000 });
    now += 1;
    expect(await store.hit('k', 1000)).toEqual({ count: 1, resetAt: 1_002_000 });
    await store.reset('k');
    expect((await store.hit('k', 1000)).count).toBe(1);
  });

  it('forgets expired windows and never holds more keys than its cap', async () => {
    let now = 0;
    const store = new MemoryCounterStore(3, () => now);
    for (const key of ['a', 'b', 'c', 'd']) await store.hit(key, 10_000);
    expect(store.size).toBe(3);
    // 'a', the oldest, made room for 'd'.
    expect((await store.hit('a', 10_000)).count).toBe(1);
    now += 120_000;
    await store.hit('e', 10_000);
    expect(store.size).toBe(1);
  });
});
