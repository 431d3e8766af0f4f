import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type RegisteredUser } from '../../test/fixtures.js';
import { forgetLimitKeys, limitStores } from '../../test/limit-stores.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { loginAttemptKey } from './login-throttle.js';

/** The app of the store being tested (each store's suite starts its own). */
let t: TestApp;
afterAll(forgetLimitKeys);

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

describe.each(limitStores)('failed sign-ins per account and client, counted in $name', (store) => {
  let victim: RegisteredUser;
  beforeAll(async () => {
    t = await createTestApp(store.config());
    victim = await registerUser(t);
  });
  afterAll(() => t.close());

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
    const limited = await createTestApp({ ...store.config(), rateLimits: { ...t.config.rateLimits, login: { max: 3, timeWindow: 60_000 } } });
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

describe('the key of a sign-in attempt', () => {
  it('keys on account and client, hashed', () => {
    const key = loginAttemptKey('ana@example.com', '203.0.113.7');
    expect(key).toMatch(/^login:[\w-]{43}$/);
    expect(key).not.toContain('ana');
    expect(loginAttemptKey('ana@example.com', '2001:db8:1:2::1')).toBe(loginAttemptKey('ana@example.com', '2001:db8:1:2::99'));
    expect(loginAttemptKey('ana@example.com', '203.0.113.8')).not.toBe(key);
    expect(loginAttemptKey('bob@example.com', '203.0.113.7')).not.toBe(key);
  });
});
