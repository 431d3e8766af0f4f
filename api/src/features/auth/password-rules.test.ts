import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_MAX_LENGTH } from '@linkhunt/contracts/user';
import { DEMO_PASSWORD } from '../../db/seed/demo-seed.js';
import { registerUser } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { CreateAdminError, createAdmin } from '../admin/create-admin.js';
import { english } from '../../test/english.js';
import { isCommonPassword, passwordProblem } from './password-rules.js';

const PASSWORD_TOO_COMMON = english('auth.password_too_common');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const TOO_SHORT = 'The password must be at least 8 characters.';
const TOO_LONG = `The password may not be longer than ${PASSWORD_MAX_LENGTH} characters.`;

let counter = 0;
const register = (password: string, username = `pwrule${++counter}`) =>
  t.request('POST', '/auth/register', { json: { username, email: `${username}@example.com`, password } });

const userCount = async (username: string) =>
  Number((await t.app.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).where('username', '=', username).executeTakeFirstOrThrow()).n);

describe('the common password list', () => {
  it('is a plain file of about a thousand passwords, matched in any case', () => {
    const lines = readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8').split('\n').filter((l) => l && !l.startsWith('#'));
    expect(lines.length).toBeGreaterThanOrEqual(1000);
    for (const password of ['123456', 'password', 'Password', 'PASSWORD', 'qWeRtYuIoP', 'iloveyou', 'trustno1', 'sunshine']) {
      expect(isCommonPassword(password), password).toBe(true);
    }
    expect(isCommonPassword('correct horse battery')).toBe(false);
  });

  it('lets the demo password and every test fixture password through', () => {
    // The fixtures of the API tests and of the end-to-end suites (tests-e2e/src) sign up or in with these.
    for (const password of [DEMO_PASSWORD, 'correct horse battery', 'a brand new secret', 'a long admin password', 'a long unusual passphrase 42', 'a-long-password', 'e2e-admin-password']) {
      expect(passwordProblem(password), password).toBeNull();
    }
  });
});

describe('POST /auth/register password rules', () => {
  it('refuses fewer than 8 and more than 128 characters, each with its message', async () => {
    const short = await register('7 chars');
    expect(short.status).toBe(422);
    expect(short.body).toMatchObject({ message: TOO_SHORT, errors: { password: [TOO_SHORT] } });

    const long = await register('x'.repeat(PASSWORD_MAX_LENGTH + 1));
    expect(long.status).toBe(422);
    expect(long.body).toMatchObject({ message: TOO_LONG, errors: { password: [TOO_LONG] } });

    expect((await register('8 chars!')).status).toBe(201);
    expect((await register('y'.repeat(PASSWORD_MAX_LENGTH))).status).toBe(201);
  });

  it('refuses a common password in any case, and creates no account', async () => {
    for (const password of ['password1', 'Password1', 'SUNSHINE', 'qwertyuiop', 'IloveYou']) {
      const username = `common${++counter}`;
      const res = await register(password, username);
      expect(res.status, password).toBe(422);
      expect(res.body).toMatchObject({ message: PASSWORD_TOO_COMMON, errors: { password: [PASSWORD_TOO_COMMON] } });
      expect(await userCount(username)).toBe(0);
    }
  });

  it('names a taken username and a common password in one answer', async () => {
    const taken = await registerUser(t);
    const res = await t.request('POST', '/auth/register', { json: { username: taken.username, email: 'free-address@example.com', password: 'football' } });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ username: ['The username has already been taken.'], password: [PASSWORD_TOO_COMMON] });
    expect(res.body.message).toBe('The username has already been taken.');
  });
});

describe('POST /auth/update password rules', () => {
  const change = (token: string, fields: Record<string, string>) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    return t.request('POST', '/auth/update', { token, form });
  };

  it('refuses a common or too long new password and keeps the old one', async () => {
    const user = await registerUser(t);
    const common = await change(user.token, { current_password: user.password, password: 'Superman' });
    expect(common.status).toBe(422);
    expect(common.body).toMatchObject({ message: PASSWORD_TOO_COMMON, errors: { password: [PASSWORD_TOO_COMMON] } });

    const long = await change(user.token, { current_password: user.password, password: 'z'.repeat(PASSWORD_MAX_LENGTH + 1) });
    expect(long.status).toBe(422);
    expect(long.body.errors).toEqual({ password: [TOO_LONG] });

    expect((await t.request('POST', '/auth/login', { json: { email: user.email, password: user.password } })).status).toBe(200);
    expect((await t.request('POST', '/auth/login', { json: { email: user.email, password: 'Superman' } })).status).toBe(422);
  });

  it('names a wrong current password and a common new one together', async () => {
    const user = await registerUser(t);
    const res = await change(user.token, { current_password: 'not my password', password: 'baseball' });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ current_password: ['The current password is incorrect.'], password: [PASSWORD_TOO_COMMON] });
  });
});

describe('the create-admin command', () => {
  it('refuses a common password for a new admin', async () => {
    await expect(createAdmin(t.app.db, { email: 'boss@example.com', username: 'boss', password: 'PASSWORD1' })).rejects.toThrow(CreateAdminError);
    await expect(createAdmin(t.app.db, { email: 'boss@example.com', username: 'boss', password: 'password1' })).rejects.toThrow(PASSWORD_TOO_COMMON);
    expect(await userCount('boss')).toBe(0);
  });
});

describe('stored password hashes', () => {
  it('are argon2id with at least 19 MiB of memory and 2 passes (OWASP baseline)', async () => {
    const user = await registerUser(t);
    const { password_hash } = await t.app.db.selectFrom('users').select('password_hash').where('id', '=', user.id).executeTakeFirstOrThrow();
    const phc = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/.exec(password_hash);
    expect(phc, password_hash).not.toBeNull();
    const [, memoryKiB, passes, lanes] = (phc ?? []).map(Number);
    expect(memoryKiB).toBeGreaterThanOrEqual(19_456);
    expect(passes).toBeGreaterThanOrEqual(2);
    expect(lanes).toBeGreaterThanOrEqual(1);
  });
});
