import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../plugins/auth.js';
import { registerUser } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = async (email: string, password: string): Promise<string> => {
  const res = await t.request('POST', '/auth/login', { json: { email, password } });
  expect(res.status).toBe(200);
  return res.body.token.accessToken as string;
};

/** Routes that need a signed-in user, one of each kind: the session check, a JSON read, a form write, logout last. */
const guarded = async (headers: Record<string, string>) => ({
  check: (await t.request('GET', '/auth/check', { headers })).status,
  products: (await t.request('GET', '/auth/products', { headers })).status,
  update: (await t.request('POST', '/auth/update', { headers, form: new FormData() })).status,
});
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('sessions', () => {
  it('gives a new token at each login, each valid on its own until it is logged out', async () => {
    const user = await registerUser(t);
    const first = await login(user.email, user.password);
    const second = await login(user.email, user.password);
    expect(new Set([user.token, first, second]).size).toBe(3);
    for (const token of [first, second]) expect(await guarded(bearer(token))).toEqual({ check: 200, products: 200, update: 200 });

    expect((await t.request('POST', '/auth/logout', { token: first })).status).toBe(200);
    expect(await guarded(bearer(first))).toEqual({ check: 401, products: 401, update: 401 });
    expect((await t.request('POST', '/auth/logout', { token: first })).status).toBe(401);
    expect(await guarded(bearer(second))).toEqual({ check: 200, products: 200, update: 200 });

    expect((await t.request('POST', '/auth/logout', { token: second })).status).toBe(200);
    expect(await guarded(bearer(second))).toEqual({ check: 401, products: 401, update: 401 });
  });

  it('stores only a hash of each token, so the stored value does not work as a token', async () => {
    const user = await registerUser(t);
    const rows = await t.app.db.selectFrom('access_tokens').select('token_hash').where('user_id', '=', user.id).execute();
    expect(rows.map((r) => r.token_hash)).toEqual([hashToken(user.token)]);
    expect(await guarded(bearer(hashToken(user.token)))).toEqual({ check: 401, products: 401, update: 401 });
  });

  it('refuses a forged or unknown token with 401 Invalid token', async () => {
    const user = await registerUser(t);
    const flipped = `${user.token.slice(0, -1)}${user.token.endsWith('A') ? 'B' : 'A'}`;
    for (const token of [randomBytes(32).toString('base64url'), flipped, 'null', 'undefined', `${user.token}x`]) {
      expect(await guarded(bearer(token)), token).toEqual({ check: 401, products: 401, update: 401 });
      const res = await t.request('GET', '/auth/products', { headers: bearer(token) });
      expect(res.body).toMatchObject({ message: 'Invalid token' });
    }
  });

  it('refuses a malformed Authorization header with 401, even around a valid token', async () => {
    const user = await registerUser(t);
    const headers = [
      'Bearer',
      `Token ${user.token}`,
      `Basic ${Buffer.from(`${user.email}:${user.password}`).toString('base64')}`,
      `Bearer ${user.token} ${user.token}`,
      `Bearer${user.token}`,
      `Bearer ${'a'.repeat(201)}`,
      `${user.token}`,
    ];
    for (const authorization of headers) {
      expect(await guarded({ authorization }), authorization).toEqual({ check: 401, products: 401, update: 401 });
      expect((await t.request('GET', '/auth/products', { headers: { authorization } })).body).toMatchObject({ message: 'Invalid token' });
    }
    // The same token, well formed, still works: the refusals above were about the header alone.
    expect(await guarded(bearer(user.token))).toEqual({ check: 200, products: 200, update: 200 });
  });
});
