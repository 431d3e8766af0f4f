import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgetLimitKeys, limitStores } from '../../test/limit-stores.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { registerUser } from '../../test/fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  await forgetLimitKeys();
});

const message = { email: 'Reader@Example.com', subject: 'A broken link', message: 'The Hacoo link of the Air Max no longer works.' };

describe('POST /contact', () => {
  it('stores the message with a visitor key, never the IP, and confirms with the spec message', async () => {
    const res = await t.request('POST', '/contact', { json: message, headers: { 'user-agent': 'ContactTest/1.0' } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ message: 'Your message has been successfully sent' });

    const rows = await t.app.db.selectFrom('contact_messages').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: 'reader@example.com', subject: 'A broken link', message: message.message });
    expect(rows[0]?.visitor).toMatch(/^v:[\w-]{43}$/);
    expect(rows[0]?.visitor).not.toContain('127.0.0.1');
  });

  it('keys a signed-in sender by their account', async () => {
    const user = await registerUser(t);
    const res = await t.request('POST', '/contact', { json: { ...message, subject: 'From a member' }, token: user.token });
    expect(res.status).toBe(201);
    const row = await t.app.db.selectFrom('contact_messages').select('visitor').where('subject', '=', 'From a member').executeTakeFirstOrThrow();
    expect(row.visitor).toBe(`u:${user.id}`);
  });

  it('refuses an invalid email, empty fields and an overlong message with 422, storing nothing', async () => {
    const before = (await t.app.db.selectFrom('contact_messages').select('id').execute()).length;
    const badEmail = await t.request('POST', '/contact', { json: { ...message, email: 'nope' } });
    expect(badEmail.status).toBe(422);
    expect(badEmail.body.errors.email).toEqual(['The email must be a valid email address.']);

    const empty = await t.request('POST', '/contact', { json: { email: message.email, subject: '', message: '' } });
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({ subject: ['The subject field is required.'], message: ['The message field is required.'] });

    const missing = await t.request('POST', '/contact', { json: {} });
    expect(Object.keys(missing.body.errors).sort()).toEqual(['email', 'message', 'subject']);

    const long = await t.request('POST', '/contact', { json: { ...message, message: 'x'.repeat(5001) } });
    expect(long.status).toBe(422);
    expect(long.body.errors.message).toEqual(['The message may not be longer than 5000 characters.']);
    expect((await t.app.db.selectFrom('contact_messages').select('id').execute()).length).toBe(before);
  });

  it.each(limitStores)('is rate limited, counted in $name', async (store) => {
    const generous = { max: 100, timeWindow: 60_000 };
    const limited = await createTestApp({ ...store.config(), rateLimits: { login: generous, register: generous, report: generous, visit: generous, download: generous, contact: { max: 1, timeWindow: 60_000 } } });
    try {
      expect((await limited.request('POST', '/contact', { json: message })).status).toBe(201);
      const blocked = await limited.request('POST', '/contact', { json: message });
      expect(blocked.status).toBe(429);
      expect(blocked.body.message).toMatch(/Too many requests/);
      expect((await limited.app.db.selectFrom('contact_messages').select('id').execute()).length).toBe(1);
    } finally {
      await limited.close();
    }
  });
});
