import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type RegisteredUser } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let member: RegisteredUser;

beforeAll(async () => {
  t = await createTestApp();
  member = await registerUser(t);
});
afterAll(() => t.close());

const update = (fields: Record<string, string>, language = 'en') => {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  return t.request('POST', '/auth/update', { token: member.token, form, headers: { 'accept-language': language } });
};

describe('the preferred currency', () => {
  it('is null until chosen, kept in the account in any case typed, follows the user to any session, and is cleared when sent empty', async () => {
    expect((await t.request('GET', '/auth/check', { token: member.token })).body.user.data.preferred_currency).toBeNull();
    expect((await update({ preferred_currency: 'cny' })).body.user.data.preferred_currency).toBe('CNY');
    const signedIn = await t.request('POST', '/auth/login', { json: { email: member.email, password: member.password } });
    expect(signedIn.body.user.data.preferred_currency).toBe('CNY');
    // Left out, it stays.
    expect((await update({ name: 'Renamed' })).body.user.data.preferred_currency).toBe('CNY');
    expect((await update({ preferred_currency: ' GBP ' })).body.user.data.preferred_currency).toBe('GBP');
    expect((await update({ preferred_currency: '' })).body.user.data.preferred_currency).toBeNull();
    expect(await t.app.db.selectFrom('users').select('preferred_currency').where('id', '=', member.id).executeTakeFirstOrThrow()).toEqual({ preferred_currency: null });
  });

  it('must be one of the currencies prices are shown in, said in the user\'s language', async () => {
    const res = await update({ preferred_currency: 'JPY' });
    expect(res.status).toBe(422);
    expect(res.body.errors.preferred_currency).toEqual(['The currency must be one of EUR, USD, CNY, GBP.']);
    const italian = await update({ preferred_currency: 'BTC' }, 'it');
    expect(italian.body.errors.preferred_currency).toEqual(['La valuta deve essere una tra: EUR, USD, CNY, GBP.']);
    const tooLong = await update({ preferred_currency: 'EURO' });
    expect(tooLong.status).toBe(422);
  });
});
