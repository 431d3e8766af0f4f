import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../plugins/auth.js';
import { registerUnverifiedUser, registerUser } from '../../test/fixtures.js';
import { forgetLimitKeys, limitStores } from '../../test/limit-stores.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { startTestMailbox, type TestMailbox } from '../../test/test-mailbox.js';
import { linkTo, nthMail, tokenOf } from './mail-test-helpers.js';
import { markVerified } from './verification.js';

let mailbox: TestMailbox;
let t: TestApp;
beforeAll(async () => {
  mailbox = await startTestMailbox();
  t = await createTestApp({ mailUrl: mailbox.url, siteUrl: 'https://linkhunt.test' });
});
afterAll(async () => {
  await t.close();
  await mailbox.close();
  await forgetLimitKeys();
});

const password = 'correct horse battery';
let serial = 0;

async function register(language?: string, on: TestApp = t) {
  serial += 1;
  const username = `verify${serial}_${language ?? 'none'}`;
  const email = `${username}@example.com`;
  const res = await on.request('POST', '/auth/register', { json: { username, email, password, ...(language && { language }) } });
  expect(res.status).toBe(201);
  return { id: res.body.user.data.id as number, email, token: res.body.token.accessToken as string, body: res.body };
}

const verify = (token: string) => t.request('POST', '/auth/verify', { json: { token } });
const resend = (token?: string, on: TestApp = t) => on.request('POST', '/auth/verify/resend', { token });
const check = async (token: string) => (await t.request('GET', '/auth/check', { token })).body.user.data;

describe('verification at registration, through real SMTP', () => {
  it('answers the token as before, unverified, and mails a link to the site that verifies once', async () => {
    const user = await register('en');
    expect(user.body.token.tokenType).toBe('Bearer');
    expect(user.body.user.data.verified).toBe(false);

    const mail = await mailbox.waitFor(user.email, /Confirm your email address/);
    const link = linkTo(mail, 'verify-email');
    expect(link).toMatch(/^https:\/\/linkhunt\.test\/en\/verify-email\?token=[\w-]{43}$/);
    // Only the token's SHA-256 is kept.
    const rows = await t.app.db.selectFrom('mail_tokens').selectAll().where('user_id', '=', user.id).execute();
    const [row] = rows;
    expect(rows).toHaveLength(1);
    expect(row).toMatchObject({ purpose: 'verify', token_hash: hashToken(tokenOf(link)), used_at: null });
    const ttlHours = (new Date(row?.expires_at ?? 0).getTime() - Date.now()) / 3_600_000;
    expect(ttlHours).toBeGreaterThan(47.9);
    expect(ttlHours).toBeLessThanOrEqual(48);

    const res = await verify(tokenOf(link));
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Your email address is verified.');
    expect(res.body.user.data).toMatchObject({ id: user.id, email: user.email, verified: true });
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect((await check(user.token)).verified).toBe(true);

    const again = await verify(tokenOf(link));
    expect(again.status).toBe(422);
    expect(again.body).toMatchObject({ message: 'This verification link has already been used.', errors: { token: ['This verification link has already been used.'] } });
  });

  it('stores the language (es when left out) and writes the mail in it', async () => {
    const spanish = await register();
    expect((await t.app.db.selectFrom('users').select('language').where('id', '=', spanish.id).executeTakeFirstOrThrow()).language).toBe('es');
    const mail = await mailbox.waitFor(spanish.email, /Confirma tu dirección/);
    expect(linkTo(mail, 'verify-email')).toMatch(/^https:\/\/linkhunt\.test\/es\/verify-email\?token=/);

    const german = await register('de');
    const de = await mailbox.waitFor(german.email);
    expect(de.subject).toBe('Bestätige deine E-Mail-Adresse bei Linkhunt');
    expect(de.text).toContain('Hallo verify');
    expect(de.text).toContain('48 Stunden');
    expect(linkTo(de, 'verify-email')).toContain('/de/verify-email?token=');

    const french = await register('fr');
    const fr = await mailbox.waitFor(french.email);
    expect(fr.subject).toBe('Confirme ton adresse e-mail sur Linkhunt');
    expect(fr.text).toContain('48 heures');
    expect(fr.html).toContain(linkTo(fr, 'verify-email').replace(/&/g, '&amp;'));

    const bad = await t.request('POST', '/auth/register', { json: { username: 'klingon', email: 'klingon@example.com', password, language: 'tlh' } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['language']);
  });

  it('refuses an unknown, a mangled and an expired token with 422 and a clear message', async () => {
    const unknown = await verify('not-a-token-we-sent');
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.token).toEqual(['This verification link is not valid. Open the whole link from the mail, or ask for a new one.']);

    const user = await register('it');
    const token = tokenOf(linkTo(await mailbox.waitFor(user.email), 'verify-email'));
    expect((await verify(token.slice(0, -1))).status).toBe(422);
    await t.app.db.updateTable('mail_tokens').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('user_id', '=', user.id).execute();
    const expired = await verify(token);
    expect(expired.status).toBe(422);
    expect(expired.body.message).toBe('This verification link has expired. Ask for a new one.');
    expect((await check(user.token)).verified).toBe(false);

    const missing = await t.request('POST', '/auth/verify', { json: {} });
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors)).toEqual(['token']);
  });

  it('verifies once when the same link is posted many times at once', async () => {
    const user = await register('en');
    const token = tokenOf(linkTo(await mailbox.waitFor(user.email), 'verify-email'));
    const answers = await Promise.all(Array.from({ length: 8 }, () => verify(token)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 422)).toHaveLength(7);
  });
});

describe('POST /auth/verify/resend', () => {
  it('sends a new link that works, and the earlier one no longer does', async () => {
    const user = await register('en');
    const first = tokenOf(linkTo(await nthMail(mailbox, user.email, /Confirm/, 1), 'verify-email'));
    const res = await resend(user.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: `A new verification link is on its way to ${user.email}.` });
    expect(res.headers.get('cache-control')).toBe('no-store');
    const second = tokenOf(linkTo(await nthMail(mailbox, user.email, /Confirm/, 2), 'verify-email'));
    expect(second).not.toBe(first);

    const old = await verify(first);
    expect(old.status).toBe(422);
    expect(old.body.message).toBe('A newer verification link has been sent since: use the one in the latest mail.');
    expect((await verify(second)).status).toBe(200);
  });

  it('answers 409 once the address is verified, and 401 without a session', async () => {
    const user = await register('en');
    await markVerified(t.app.db, user.id);
    const res = await resend(user.token);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ message: 'Your email address is already verified.' });
    expect((await resend()).status).toBe(401);
  });

  it.each(limitStores)('sends at most 3 an hour per account, then 429 with Retry-After, counted in $name', async (store) => {
    const counted = await createTestApp({ ...store.config(), mailUrl: mailbox.url, siteUrl: 'https://linkhunt.test' });
    try {
      const user = await register('en', counted);
      for (let i = 0; i < 3; i++) expect((await resend(user.token, counted)).status).toBe(200);
      const blocked = await resend(user.token, counted);
      expect(blocked.status).toBe(429);
      expect(blocked.body.message).toMatch(/^A new verification mail can be sent 3 times an hour, please try again in (60|59) minutes\.$/);
      const seconds = Number(blocked.headers.get('retry-after'));
      expect(seconds).toBeGreaterThan(59 * 60 - 5);
      expect(seconds).toBeLessThanOrEqual(3600);
      // The registration mail and three more; the refused one sent nothing.
      await nthMail(mailbox, user.email, /Confirm/, 4);
      expect(mailbox.received.filter((m) => m.to.includes(user.email))).toHaveLength(4);
      // Another account is not affected.
      const other = await register('en', counted);
      expect((await resend(other.token, counted)).status).toBe(200);
    } finally {
      await counted.close();
    }
  });
});

describe('the test fixture', () => {
  it('registers verified accounts by default, and unverified ones when asked', async () => {
    const verified = await registerUser(t);
    expect((await check(verified.token)).verified).toBe(true);
    const unverified = await registerUnverifiedUser(t);
    expect((await check(unverified.token)).verified).toBe(false);
  });
});
