import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../plugins/auth.js';
import { registerUnverifiedUser, registerUser, type RegisteredUser } from '../../test/fixtures.js';
import { forgetLimitKeys, limitStores } from '../../test/limit-stores.js';
import { TRUSTED_LOOPBACK } from '../../test/site-origin.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { startTestMailbox, type TestMailbox } from '../../test/test-mailbox.js';
import { linkTo, mailsTo, nthMail, tokenOf } from './mail-test-helpers.js';

let mailbox: TestMailbox;
let t: TestApp;
beforeAll(async () => {
  mailbox = await startTestMailbox();
  const generous = { max: 1000, timeWindow: 3_600_000 };
  // Every request here comes from one client; the limits have their own case below.
  t = await createTestApp({ mailUrl: mailbox.url, siteUrl: 'https://linkhunt.test', mailLimits: { verifyResend: generous, forgotPerClient: generous, forgotPerAddress: generous, forgotMailsPerAddress: generous, noticeAcksPerAddress: generous } });
});
afterAll(async () => {
  await t.close();
  await mailbox.close();
  await forgetLimitKeys();
});

const NEW_PASSWORD = 'a brand new secret phrase';
const FORGOT_ANSWER = 'If an account uses this address, a link to choose a new password is on its way. It works for 60 minutes.';
const RESET_SUBJECT = /Reset your Linkhunt password|Restablece tu contraseña/;

const forgot = (email: string, app = t) => app.request('POST', '/auth/forgot', { json: { email } });
const reset = (token: string, password = NEW_PASSWORD) => t.request('POST', '/auth/reset', { json: { token, password } });
const login = (email: string, password: string) => t.request('POST', '/auth/login', { json: { email, password } });
const setLanguage = (id: number, language: string) => t.app.db.updateTable('users').set({ language }).where('id', '=', id).execute();

/** Asks for a reset and returns the token from the `n`th reset mail the account received. */
async function resetToken(user: RegisteredUser, n = 1, subject = RESET_SUBJECT): Promise<string> {
  expect((await forgot(user.email)).status).toBe(200);
  return tokenOf(linkTo(await nthMail(mailbox, user.email, subject, n), 'reset-password'));
}

describe('forgot and reset, through real SMTP', () => {
  it('mails a link in the account\'s language; the new password works, the old one and every session do not', async () => {
    const user = await registerUser(t);
    await setLanguage(user.id, 'en');
    const other = await login(user.email, user.password);
    const sessions = [user.token, other.body.token.accessToken as string];

    const asked = await forgot(` ${user.email.toUpperCase()} `);
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({ message: FORGOT_ANSWER });
    const mail = await mailbox.waitFor(user.email, /Reset your Linkhunt password/);
    const link = linkTo(mail, 'reset-password');
    expect(link).toMatch(/^https:\/\/linkhunt\.test\/en\/reset-password\?token=[\w-]{43}$/);
    expect(mail.text).toContain('60 minutes');

    const row = await t.app.db.selectFrom('mail_tokens').selectAll().where('user_id', '=', user.id).where('purpose', '=', 'reset').executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(hashToken(tokenOf(link)));
    const ttlMinutes = (new Date(row.expires_at).getTime() - Date.now()) / 60_000;
    expect(ttlMinutes).toBeGreaterThan(59);
    expect(ttlMinutes).toBeLessThanOrEqual(60);

    const res = await reset(tokenOf(link));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: 'Your password has been changed and every session signed out. Sign in with the new password.' });
    for (const token of sessions) expect((await t.request('GET', '/auth/check', { token })).status).toBe(401);
    const revoked = await t.app.db.selectFrom('access_tokens').select('revoked_at').where('user_id', '=', user.id).execute();
    expect(revoked.every((r) => r.revoked_at !== null)).toBe(true);

    expect((await login(user.email, user.password)).status).toBe(422);
    expect((await login(user.email, NEW_PASSWORD)).status).toBe(200);

    const notice = await mailbox.waitFor(user.email, /Your Linkhunt password was changed/);
    expect(notice.text).toContain('Every open session has been signed out.');
    expect(linkTo(notice, 'forgot-password')).toBe('https://linkhunt.test/en/forgot-password');
  });

  it('works once: the same link again is refused with 422, and a second reset at the same moment too', async () => {
    const user = await registerUser(t);
    const token = await resetToken(user);
    const answers = await Promise.all([reset(token, 'first new password'), reset(token, 'second new password')]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 422]);
    const again = await reset(token);
    expect(again.status).toBe(422);
    expect(again.body.errors.token).toEqual(['This password reset link has already been used. Ask for a new one if you need to change the password again.']);
  });

  it('refuses an expired link and an unknown one', async () => {
    const user = await registerUser(t);
    const token = await resetToken(user);
    await t.app.db.updateTable('mail_tokens').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('user_id', '=', user.id).where('purpose', '=', 'reset').execute();
    const expired = await reset(token);
    expect(expired.status).toBe(422);
    expect(expired.body).toEqual({
      message: 'This password reset link has expired. Ask for a new one.',
      code: 'auth.reset_link_expired',
      errors: { token: ['This password reset link has expired. Ask for a new one.'] },
      codes: { token: ['auth.reset_link_expired'] },
    });
    expect((await login(user.email, user.password)).status).toBe(200);

    const unknown = await reset('made-up-token');
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.token[0]).toMatch(/^This password reset link is not valid/);
    // A verification token is not a reset token.
    const fresh = await registerUnverifiedUser(t);
    const verifyToken = tokenOf(linkTo(await mailbox.waitFor(fresh.email, /Confirm|Confirma/), 'verify-email'));
    expect((await reset(verifyToken)).status).toBe(422);
  });

  it('keeps earlier links working when a new one is asked for, until one of them is used', async () => {
    const user = await registerUser(t);
    const first = await resetToken(user, 1);
    const second = await resetToken(user, 2);
    const third = await resetToken(user, 3);
    expect((await reset(second)).status).toBe(200);
    // The password changed with one of them: the others end with it.
    for (const token of [first, third]) {
      const old = await reset(token, 'yet another new password');
      expect(old.status).toBe(422);
      expect(old.body.code).toBe('auth.reset_link_used');
    }
    expect((await login(user.email, NEW_PASSWORD)).status).toBe(200);
  });

  it('applies the registration rules to the new password, and keeps the token for a second try', async () => {
    const user = await registerUser(t);
    const token = await resetToken(user);
    const common = await reset(token, 'ILOVEYOU');
    expect(common.status).toBe(422);
    expect(common.body.errors).toEqual({ password: ['The password is too common. Choose one that is harder to guess.'] });
    const short = await reset(token, 'short');
    expect(short.status).toBe(422);
    expect(short.body.errors.password).toEqual(['The password must be at least 8 characters.']);
    expect((await reset(token)).status).toBe(200);
  });

  it('counts the address as verified afterwards: the mail reached it', async () => {
    const user = await registerUnverifiedUser(t);
    const token = await resetToken(user);
    expect((await reset(token)).status).toBe(200);
    const signedIn = await login(user.email, NEW_PASSWORD);
    expect(signedIn.body.user.data.verified).toBe(true);
  });

  it('writes the mails in the account\'s language: German and French', async () => {
    const anna = await registerUser(t);
    await setLanguage(anna.id, 'de');
    const token = await resetToken(anna, 1, /Passwort/);
    const [de] = mailsTo(mailbox, anna.email).filter((m) => /Passwort/.test(m.subject));
    if (!de) throw new Error('no German reset mail');
    expect(de.subject).toBe('Setze dein Linkhunt-Passwort zurück');
    expect(de.text).toContain('60 Minuten gültig');
    expect(linkTo(de, 'reset-password')).toContain('/de/reset-password?token=');
    expect((await reset(token)).status).toBe(200);
    expect((await mailbox.waitFor(anna.email, /geändert/)).subject).toBe('Dein Linkhunt-Passwort wurde geändert');

    const louise = await registerUser(t);
    await setLanguage(louise.id, 'fr');
    expect((await forgot(louise.email)).status).toBe(200);
    const fr = await mailbox.waitFor(louise.email, /mot de passe/);
    expect(fr.subject).toBe('Réinitialise ton mot de passe Linkhunt');
    expect(linkTo(fr, 'reset-password')).toContain('/fr/reset-password?token=');
  });

  it('lets a suspended account change its password, yet not sign in', async () => {
    const user = await registerUser(t);
    const token = await resetToken(user);
    await t.app.db.updateTable('users').set({ suspended_at: new Date().toISOString(), suspension_reason: 'Spam in reviews' }).where('id', '=', user.id).execute();
    expect((await reset(token)).status).toBe(200);
    const signIn = await login(user.email, NEW_PASSWORD);
    expect(signIn.status).toBe(403);
    expect(signIn.body).toMatchObject({ message: 'This account is suspended: Spam in reviews' });
  });
});

describe('POST /auth/forgot reveals nothing', () => {
  it('answers an unknown address exactly as a known one, and mails nothing for it', async () => {
    const known = await registerUser(t);
    const unknownEmail = 'nobody-at-all@example.com';
    const unknown = await forgot(unknownEmail);
    const found = await forgot(known.email);
    expect(unknown.status).toBe(found.status);
    expect(unknown.body).toEqual(found.body);
    const headerNames = (res: typeof found) => [...res.headers.keys()].filter((h) => !['date', 'content-length'].includes(h)).sort();
    expect(headerNames(unknown)).toEqual(headerNames(found));
    // The unknown address was asked for first; once the known one's mail is here, any mail for it would be too.
    await mailbox.waitFor(known.email, RESET_SUBJECT);
    expect(mailsTo(mailbox, unknownEmail)).toEqual([]);
    const malformed = await forgot('not an address');
    expect(malformed.status).toBe(200);
    expect(malformed.body).toEqual(found.body);
  });

  it.each(limitStores)('limits requests per client and address (3 an hour), counting unknown addresses alike, and per client, counted in $name', async (store) => {
    const limited = await createTestApp({
      ...store.config(),
      mailUrl: mailbox.url,
      mailLimits: { ...t.config.mailLimits, forgotPerAddress: { max: 3, timeWindow: 3_600_000 }, forgotPerClient: { max: 8, timeWindow: 3_600_000 } },
    });
    try {
      const user = await registerUser(limited);
      for (const email of [user.email, 'ghost@example.com']) {
        for (let i = 0; i < 3; i++) expect((await forgot(email, limited)).status).toBe(200);
        const blocked = await forgot(email, limited);
        expect(blocked.status).toBe(429);
        expect(blocked.body).toMatchObject({ message: expect.stringMatching(/^Too many password reset requests for this address, please try again in (60|59) minutes\.$/) });
        expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(3500);
      }
      await nthMail(mailbox, user.email, RESET_SUBJECT, 3);
      // Eight from this client in all, the refused ones included: a ninth is refused whatever the address.
      const perClient = await forgot('someone-else@example.com', limited);
      expect(perClient.status).toBe(429);
      expect(perClient.body.message).toMatch(/^Too many password reset requests, please try again in/);
      expect(mailsTo(mailbox, user.email).filter((m) => RESET_SUBJECT.test(m.subject))).toHaveLength(3);
    } finally {
      await limited.close();
    }
  });
});

describe.each(limitStores)('POST /auth/forgot cannot be turned against the address\'s owner, counted in $name', (store) => {
  const LIMITS = { forgotPerAddress: { max: 3, timeWindow: 3_600_000 }, forgotPerClient: { max: 8, timeWindow: 3_600_000 } };
  const from = (address: string) => ({ 'x-forwarded-for': address });
  const forgotFrom = (app: TestApp, email: string, address: string) => app.request('POST', '/auth/forgot', { json: { email }, headers: from(address) });

  it('answers the owner from their own client, and keeps the link they already had, after another client asked four times', async () => {
    const limited = await createTestApp({ ...store.config(), mailUrl: mailbox.url, trustProxy: TRUSTED_LOOPBACK, mailLimits: { ...t.config.mailLimits, ...LIMITS } });
    try {
      const victim = await registerUser(limited);
      const VICTIM = '198.51.100.7';
      const ATTACKER = '203.0.113.66';
      expect((await forgotFrom(limited, victim.email, VICTIM)).status).toBe(200);
      const earlier = tokenOf(linkTo(await nthMail(mailbox, victim.email, RESET_SUBJECT, 1), 'reset-password'));

      const attacks = [];
      for (let i = 0; i < 4; i++) attacks.push((await forgotFrom(limited, victim.email, ATTACKER)).status);
      expect(attacks).toEqual([200, 200, 200, 429]);

      const own = await forgotFrom(limited, victim.email, VICTIM);
      expect(own.status).toBe(200);
      expect(own.body.message).toBe(FORGOT_ANSWER);
      await nthMail(mailbox, victim.email, RESET_SUBJECT, 5);
      const used = await limited.request('POST', '/auth/reset', { json: { token: earlier, password: NEW_PASSWORD } });
      expect(used.status).toBe(200);
      expect((await limited.request('POST', '/auth/login', { json: { email: victim.email, password: NEW_PASSWORD } })).status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('caps the mails one address receives an hour, across clients, answering past it exactly as before', async () => {
    const limited = await createTestApp({
      ...store.config(),
      mailUrl: mailbox.url,
      trustProxy: TRUSTED_LOOPBACK,
      mailLimits: { ...t.config.mailLimits, ...LIMITS, forgotMailsPerAddress: { max: 2, timeWindow: 3_600_000 } },
    });
    const victim = await registerUser(limited);
    const answers = [];
    try {
      for (const address of ['192.0.2.1', '192.0.2.2', '192.0.2.3', '192.0.2.4']) answers.push(await forgotFrom(limited, victim.email, address));
    } finally {
      // Closing waits for the mails still being sent: whatever was to go out has arrived.
      await limited.close();
    }
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
    expect(mailsTo(mailbox, victim.email).filter((m) => RESET_SUBJECT.test(m.subject))).toHaveLength(2);
  });
});
