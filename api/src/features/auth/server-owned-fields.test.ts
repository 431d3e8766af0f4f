import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** What a client might try to give itself, each with the message it gets back. */
const FORBIDDEN: [field: string, value: string | number, message: string][] = [
  ['role', 'admin', 'The role field is prohibited.'],
  ['points', 100000, 'The points field is prohibited.'],
  ['id', 1, 'The id field is prohibited.'],
  ['user_id', 1, 'The user id field is prohibited.'],
  ['owner_id', 1, 'The owner id field is prohibited.'],
  ['hidden', 0, 'The hidden field is prohibited.'],
  ['downloads', 5, 'The downloads field is prohibited.'],
];

let counter = 0;

describe('POST /auth/register', () => {
  it.each(FORBIDDEN)('refuses %s with 422 and creates no account', async (field, value, message) => {
    const username = `grabber${++counter}`;
    const res = await t.request('POST', '/auth/register', { json: { username, email: `${username}@example.com`, password: 'correct horse battery', [field]: value } });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ message, errors: { [field]: [message] } });
    const row = await t.app.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it('reports a prohibited field beside the other broken rules', async () => {
    const res = await t.request('POST', '/auth/register', { json: { username: 'x', email: 'not-an-email', password: 'correct horse battery', role: 'admin' } });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['email', 'role', 'username']);
  });
});

describe('POST /auth/update', () => {
  const update = (token: string, fields: Record<string, string>) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    return t.request('POST', '/auth/update', { token, form });
  };

  it.each(FORBIDDEN)('refuses %s with 422 and changes nothing', async (field, value, message) => {
    const user = await registerUser(t);
    const before = await t.app.db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
    const res = await update(user.token, { name: 'Changed Name', [field]: String(value) });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ message, errors: { [field]: [message] } });
    const after = await t.app.db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(after).toEqual(before);
    expect(after.role).toBe('user');
  });

  it('refuses a role sent as a list field too', async () => {
    const user = await registerUser(t);
    const form = new FormData();
    form.append('role[]', 'admin');
    const res = await t.request('POST', '/auth/update', { token: user.token, form });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ role: ['The role field is prohibited.'] });
    expect((await t.request('GET', '/admin/reports', { token: user.token })).status).toBe(403);
  });

  it('still answers what the user may see of their own record, with points worked out by the server', async () => {
    const user = await registerUser(t);
    const res = await update(user.token, { name: 'Plain Change' });
    expect(res.status).toBe(200);
    expect(res.body.user.data).toMatchObject({ name: 'Plain Change', role: 'user', points: 0 });
  });
});
