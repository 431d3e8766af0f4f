import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { CreateAdminError, createAdmin } from './create-admin.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const roleOf = async (id: number) => (await t.app.db.selectFrom('users').select('role').where('id', '=', id).executeTakeFirstOrThrow()).role;

describe('createAdmin (the core of the create-admin command)', () => {
  it('creates an admin who can sign in and is seen as an admin', async () => {
    const result = await createAdmin(t.app.db, { email: ' Boss@Example.com ', username: 'boss', password: 'a long admin password' });
    expect(result).toMatchObject({ username: 'boss', created: true });
    expect(await roleOf(result.id)).toBe('admin');

    const login = await t.request('POST', '/auth/login', { json: { email: 'boss@example.com', password: 'a long admin password' } });
    expect(login.status).toBe(200);
    const reports = await t.request('GET', '/admin/reports', { token: login.body.token.accessToken });
    expect(reports.status).toBe(200);
  });

  it('promotes an existing account by its email, leaving its password alone', async () => {
    const user = await registerUser(t);
    expect((await t.request('GET', '/admin/reports', { token: user.token })).status).toBe(403);
    const result = await createAdmin(t.app.db, { email: user.email.toUpperCase(), username: 'ignored', password: 'ignored password' });
    expect(result).toEqual({ id: user.id, username: user.username, created: false });
    expect(await roleOf(user.id)).toBe('admin');
    expect((await t.request('GET', '/admin/reports', { token: user.token })).status).toBe(200);
    const login = await t.request('POST', '/auth/login', { json: { email: user.email, password: user.password } });
    expect(login.status).toBe(200);
  });

  it('explains what a new admin is missing', async () => {
    await expect(createAdmin(t.app.db, { email: 'new@example.com', password: 'long enough pw' })).rejects.toThrow(/--username/);
    await expect(createAdmin(t.app.db, { email: 'new@example.com', username: 'x', password: 'long enough pw' })).rejects.toThrow(/--username/);
    await expect(createAdmin(t.app.db, { email: 'new@example.com', username: 'newadmin' })).rejects.toThrow(/--password/);
    await expect(createAdmin(t.app.db, { email: 'new@example.com', username: 'newadmin', password: 'short' })).rejects.toThrow(CreateAdminError);
    await expect(createAdmin(t.app.db, { email: 'not-an-email', username: 'newadmin', password: 'long enough pw' })).rejects.toThrow(/not an email/);
    const taken = await registerUser(t);
    await expect(createAdmin(t.app.db, { email: 'other@example.com', username: taken.username.toUpperCase(), password: 'long enough pw' })).rejects.toThrow(/belongs to another account/);
    const rows = await t.app.db.selectFrom('users').select('id').where('email', 'in', ['new@example.com', 'other@example.com']).execute();
    expect(rows).toEqual([]);
  });
});
