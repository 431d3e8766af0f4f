import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type RegisteredUser } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const suspend = (user: RegisteredUser, reason: string | null) =>
  t.app.db.updateTable('users').set({ suspended_at: new Date().toISOString(), suspension_reason: reason }).where('id', '=', user.id).execute();
const login = (email: string, password: string) => t.request('POST', '/auth/login', { json: { email, password } });

describe('signing in to a suspended account', () => {
  it('answers 403 with the reason, but only to someone with the right password', async () => {
    const user = await registerUser(t);
    await suspend(user, 'Repeated fake store links');
    const wrong = await login(user.email, 'not the password');
    expect(wrong.status).toBe(422);
    expect(wrong.body.message).toBe('These credentials do not match our records.');

    const right = await login(user.email, user.password);
    expect(right.status).toBe(403);
    expect(right.body).toMatchObject({ message: 'This account is suspended: Repeated fake store links' });
    expect(right.headers.get('cache-control')).toBe('no-store');
    const tokens = await t.app.db.selectFrom('access_tokens').select('id').where('user_id', '=', user.id).execute();
    expect(tokens).toHaveLength(1);
  });

  it('says so plainly when no reason was given, and refuses the sessions it had', async () => {
    const user = await registerUser(t);
    await suspend(user, null);
    expect((await login(user.email, user.password)).body).toMatchObject({ message: 'This account is suspended.' });
    expect((await t.request('GET', '/auth/check', { token: user.token })).status).toBe(401);
  });

  it('signs in again once restored', async () => {
    const user = await registerUser(t);
    await suspend(user, 'Checking');
    await t.app.db.updateTable('users').set({ suspended_at: null, suspension_reason: null }).where('id', '=', user.id).execute();
    expect((await login(user.email, user.password)).status).toBe(200);
  });
});
