import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgetLimitKeys, limitStores } from '../../test/limit-stores.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { registerUser } from '../../test/fixtures.js';
import { insertProduct } from '../products/product-write-repository.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  await forgetLimitKeys();
});

const password = 'correct horse battery';

describe('POST /auth/register', () => {
  it('creates the account, signs in and answers the own record with its email', async () => {
    const res = await t.request('POST', '/auth/register', { json: { username: 'Maria_R', email: '  Maria@Example.COM ', password } });
    expect(res.status).toBe(201);
    expect(res.body.token.tokenType).toBe('Bearer');
    expect(res.body.token.accessToken).toMatch(/^[\w-]{40,}$/);
    expect(res.body.user.data).toMatchObject({ username: 'Maria_R', name: 'Maria_R', email: 'maria@example.com', role: 'user', points: 0, biography: null, avatar: null });
    expect(res.body.user.data).not.toHaveProperty('password_hash');

    const row = await t.app.db.selectFrom('users').selectAll().where('username', '=', 'Maria_R').executeTakeFirstOrThrow();
    expect(row.email).toBe('maria@example.com');
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.password_hash).not.toContain(password);
    const token = await t.app.db.selectFrom('access_tokens').selectAll().where('user_id', '=', row.id).executeTakeFirstOrThrow();
    expect(token.token_hash).not.toBe(res.body.token.accessToken);
    const ttlDays = (new Date(token.expires_at).getTime() - Date.now()) / 86_400_000;
    expect(ttlDays).toBeGreaterThan(t.config.tokenTtlDays - 0.01);
    expect(ttlDays).toBeLessThanOrEqual(t.config.tokenTtlDays);

    const check = await t.request('GET', '/auth/check', { token: res.body.token.accessToken });
    expect(check.status).toBe(200);
    expect(check.body.user.data.username).toBe('Maria_R');
  });

  it('refuses a username taken in any case and an email taken in any case, naming each field', async () => {
    await registerUser(t, 'TakenName');
    const sameName = await t.request('POST', '/auth/register', { json: { username: 'takenNAME', email: 'fresh1@example.com', password } });
    expect(sameName.status).toBe(422);
    expect(sameName.body.errors).toEqual({ username: ['The username has already been taken.'] });
    expect(sameName.body.message).toBe('The username has already been taken.');

    const sameEmail = await t.request('POST', '/auth/register', { json: { username: 'OtherName', email: 'TAKENNAME@example.com', password } });
    expect(sameEmail.status).toBe(422);
    expect(sameEmail.body.errors).toEqual({ email: ['The email has already been taken.'] });

    const both = await t.request('POST', '/auth/register', { json: { username: 'TAKENname', email: 'takenname@example.com', password } });
    expect(Object.keys(both.body.errors).sort()).toEqual(['email', 'username']);
    const count = await t.app.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).where('email', '=', 'takenname@example.com').executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('refuses an invalid email, a short password, a malformed username and missing fields with 422', async () => {
    const badEmail = await t.request('POST', '/auth/register', { json: { username: 'bademail', email: 'not-an-email', password } });
    expect(badEmail.status).toBe(422);
    expect(badEmail.body.errors.email).toEqual(['The email must be a valid email address.']);

    const short = await t.request('POST', '/auth/register', { json: { username: 'shortpw', email: 'shortpw@example.com', password: 'short' } });
    expect(short.status).toBe(422);
    expect(short.body.errors.password).toEqual(['The password must be at least 8 characters.']);

    const badName = await t.request('POST', '/auth/register', { json: { username: 'a b<script>', email: 'badname@example.com', password } });
    expect(badName.status).toBe(422);
    expect(badName.body.errors.username).toBeDefined();

    const missing = await t.request('POST', '/auth/register', { json: {} });
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors).sort()).toEqual(['email', 'password', 'username']);

    const notJson = await t.request('POST', '/auth/register', { headers: { 'content-type': 'application/json' } });
    expect(notJson.status).toBeGreaterThanOrEqual(400);
    expect(notJson.status).toBeLessThan(500);
  });
});

describe('POST /auth/login', () => {
  it('signs in by email in any case and gives a new working token', async () => {
    const user = await registerUser(t, 'LoginUser');
    const res = await t.request('POST', '/auth/login', { json: { email: ' LOGINUSER@example.com', password: user.password } });
    expect(res.status).toBe(200);
    expect(res.body.token.accessToken).not.toBe(user.token);
    expect(res.body.user.data).toMatchObject({ id: user.id, email: user.email });
    const check = await t.request('GET', '/auth/check', { token: res.body.token.accessToken });
    expect(check.body.user.data.id).toBe(user.id);
  });

  it('answers the same 422 for a wrong password and an unknown email', async () => {
    const user = await registerUser(t, 'WrongPw');
    const expected = {
      message: 'These credentials do not match our records.',
      code: 'auth.credentials_mismatch',
      errors: { email: ['These credentials do not match our records.'] },
      codes: { email: ['auth.credentials_mismatch'] },
    };
    const wrong = await t.request('POST', '/auth/login', { json: { email: user.email, password: 'not the password' } });
    expect(wrong.status).toBe(422);
    expect(wrong.body).toEqual(expected);
    const unknown = await t.request('POST', '/auth/login', { json: { email: 'nobody@example.com', password: user.password } });
    expect(unknown.status).toBe(422);
    expect(unknown.body).toEqual(expected);
    const empty = await t.request('POST', '/auth/login', { json: { email: '', password: '' } });
    expect(empty.status).toBe(422);
    expect(Object.keys(empty.body.errors).sort()).toEqual(['email', 'password']);
  });
});

describe('GET /auth/check', () => {
  it('refuses no token, a made-up token and a malformed header with 401 Invalid token', async () => {
    const attempts: Record<string, string>[] = [{}, { authorization: 'Bearer made-up-token' }, { authorization: 'Basic abc' }];
    for (const headers of attempts) {
      const res = await t.request('GET', '/auth/check', { headers });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ message: 'Invalid token' });
    }
  });

  it('refuses an expired token', async () => {
    const user = await registerUser(t, 'Expired');
    await t.app.db.updateTable('access_tokens').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('user_id', '=', user.id).execute();
    const res = await t.request('GET', '/auth/check', { token: user.token });
    expect(res.status).toBe(401);
  });

  it('includes the own products, hidden ones too, newest first and paginated, with ?include=products', async () => {
    const user = await registerUser(t, 'Owner');
    const plain = await t.request('GET', '/auth/check', { token: user.token });
    expect(plain.body).toEqual({ status: 'success', user: { data: expect.objectContaining({ id: user.id, email: user.email }) } });
    expect(plain.body.user.data).not.toHaveProperty('products');

    const brand = await t.app.db.insertInto('brands').values({ slug: 'checkbrand', name: 'Check Brand', image: null, created_at: new Date().toISOString() }).returning('id').executeTakeFirstOrThrow();
    const ids: number[] = [];
    for (const [i, hidden] of [0, 1, 0].entries()) {
      const id = await insertProduct(t.app.db, t.app.dialect, {
        slug: `check-${i}`, title: `Check ${i}`, brandId: brand.id, description: 'd', linkHacoo: 'https://hacoo.com/x', linkDhgate: null, linkCnfans: null,
        image: 'images/x.webp', thumbnail: 'images/x-t.webp', categoryIds: [], colors: [], userId: user.id,
      });
      await t.app.db.updateTable('products').set({ hidden }).where('id', '=', id).execute();
      ids.push(id);
    }
    const res = await t.request('GET', '/auth/check?include=products', { token: user.token });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('success');
    expect(res.body.user.data.email).toBe(user.email);
    expect(res.body.user.data.products.data.map((p: { id: number }) => p.id)).toEqual([...ids].reverse());
    expect(res.body.user.data.products.data[1].hidden).toBe(1);
    expect(res.body.user.meta.pagination).toMatchObject({ total: 3, count: 3, current_page: 1 });

    const page2 = await t.request('GET', '/auth/check?include=products&per_page=2&page=2', { token: user.token });
    expect(page2.body.user.data.products.data.map((p: { id: number }) => p.id)).toEqual([ids[0]]);
    expect(page2.body.user.meta.pagination).toMatchObject({ total: 3, count: 1, per_page: 2, current_page: 2, total_pages: 2 });

    const bad = await t.request('GET', '/auth/check?include=everything', { token: user.token });
    expect(bad.status).toBe(422);
  });
});

describe('POST /auth/logout', () => {
  it('revokes the token it was sent with and only that one', async () => {
    const user = await registerUser(t, 'Leaving');
    const other = await t.request('POST', '/auth/login', { json: { email: user.email, password: user.password } });
    const res = await t.request('POST', '/auth/logout', { token: user.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: 'You have been logged out.' });

    const rows = await t.app.db.selectFrom('access_tokens').select(['revoked_at']).where('user_id', '=', user.id).orderBy('id').execute();
    expect(rows[0]?.revoked_at).not.toBeNull();
    expect(rows[1]?.revoked_at).toBeNull();

    const again = await t.request('GET', '/auth/check', { token: user.token });
    expect(again.status).toBe(401);
    expect(again.body.message).toBe('Invalid token');
    expect((await t.request('POST', '/auth/logout', { token: user.token })).status).toBe(401);
    expect((await t.request('GET', '/auth/check', { token: other.body.token.accessToken })).status).toBe(200);
  });

  it('needs a token', async () => {
    const res = await t.request('POST', '/auth/logout');
    expect(res.status).toBe(401);
  });
});

describe.each(limitStores)('rate limits, counted in $name', (store) => {
  it('answers 429 after the configured number of logins and registrations', async () => {
    const limited = await createTestApp({
      ...store.config(),
      rateLimits: {
        login: { max: 2, timeWindow: 60_000 },
        register: { max: 1, timeWindow: 60_000 },
        report: { max: 100, timeWindow: 60_000 },
        visit: { max: 100, timeWindow: 60_000 },
        download: { max: 100, timeWindow: 60_000 },
        contact: { max: 100, timeWindow: 60_000 },
      },
    });
    try {
      const user = await registerUser(limited, 'Limited');
      const blockedRegister = await limited.request('POST', '/auth/register', { json: { username: 'another', email: 'another@example.com', password } });
      expect(blockedRegister.status).toBe(429);
      const body = { email: user.email, password: 'wrong password' };
      expect((await limited.request('POST', '/auth/login', { json: body })).status).toBe(422);
      expect((await limited.request('POST', '/auth/login', { json: body })).status).toBe(422);
      const blocked = await limited.request('POST', '/auth/login', { json: { email: user.email, password: user.password } });
      expect(blocked.status).toBe(429);
      expect(blocked.body.message).toMatch(/Too many requests/);
      expect(Object.keys(blocked.body)).toEqual(['message', 'code']);
    } finally {
      await limited.close();
    }
  });
});
