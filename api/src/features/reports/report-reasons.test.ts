import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ILLEGAL_DETAILS_MIN_LENGTH } from '@linkhunt/contracts/product';
import { insertTaxonomy, registerUser, type RegisteredUser, uploadProduct } from '../../test/fixtures.js';
import { forgetLimitKeys, limitStores } from '../../test/limit-stores.js';
import { fromSite, fromSiteAt, TRUSTED_LOOPBACK } from '../../test/site-origin.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { startTestMailbox, type TestMailbox } from '../../test/test-mailbox.js';
import { ILLEGAL_MESSAGES } from './notice-rules.js';
import { preferredLanguage } from './reporter-language.js';
import { translator } from '../../i18n/translator.js';

let mailbox: TestMailbox;
let t: TestApp;
let owner: RegisteredUser;

beforeAll(async () => {
  mailbox = await startTestMailbox();
  t = await createTestApp({ mailUrl: mailbox.url, trustProxy: TRUSTED_LOOPBACK });
  await insertTaxonomy(t);
  owner = await registerUser(t);
});
afterAll(async () => {
  await t.close();
  await mailbox.close();
  await forgetLimitKeys();
});

const NOTICE = 'The photos are copied from my own shop without permission.';
let visitors = 0;
const newVisitor = () => `203.0.113.${++visitors}`;
const report = (json: Record<string, unknown>, from: { address?: string; token?: string; headers?: Record<string, string> } = {}) =>
  t.request('POST', '/products/report', {
    json,
    token: from.token,
    headers: from.token ? fromSite(from.headers) : fromSiteAt(from.address ?? newVisitor(), from.headers),
  });
const reportsOf = (productId: number) => t.app.db.selectFrom('reports').selectAll().where('product_id', '=', productId).orderBy('id').execute();
/** Acknowledgements only (a registered account also gets its verification mail). */
const acknowledgementsTo = (address: string) => mailbox.received.filter((m) => m.to.includes(address) && /aviso|notice|Meldung|segnalazione|signalement/.test(m.subject));

describe('report reasons', () => {
  it('takes the spec\'s call `{id}` as a broken link, and each other reason with optional details', async () => {
    const product = await uploadProduct(t, owner.token);
    expect((await report({ id: product.id })).status).toBe(201);
    expect((await report({ id: product.id, reason: 'wrong_product', details: '  Shows a different shoe  ' })).status).toBe(201);
    expect((await report({ id: product.id, reason: 'other' })).status).toBe(201);
    expect((await report({ id: product.id, reason: 'broken_link', details: 'Store says 404' })).status).toBe(201);
    const rows = await reportsOf(product.id);
    expect(rows.map((r) => [r.reason, r.details, r.contact_email, r.good_faith])).toEqual([
      ['broken_link', null, null, 0],
      ['wrong_product', 'Shows a different shoe', null, 0],
      ['other', null, null, 0],
      ['broken_link', 'Store says 404', null, 0],
    ]);

    const unknown = await report({ id: product.id, reason: 'spam' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.reason).toBeDefined();
    const long = await report({ id: product.id, details: 'x'.repeat(2001) });
    expect(long.status).toBe(422);
    expect(long.body.errors.details).toBeDefined();
    expect(await reportsOf(product.id)).toHaveLength(4);
  });

  it('refuses an illegal notice without its explanation, good-faith statement and (from a visitor) contact address, naming each field', async () => {
    const product = await uploadProduct(t, owner.token);
    const none = await report({ id: product.id, reason: 'illegal' });
    expect(none.status).toBe(422);
    expect(none.body.errors).toEqual({
      details: [translator('en')(ILLEGAL_MESSAGES.details)],
      good_faith: [translator('en')(ILLEGAL_MESSAGES.good_faith)],
      contact_email: [translator('en')(ILLEGAL_MESSAGES.contact_email)],
    });
    expect(none.body.message).toBe(translator('en')(ILLEGAL_MESSAGES.details));

    const padded = `  ${'x'.repeat(ILLEGAL_DETAILS_MIN_LENGTH - 1)}${' '.repeat(10)}`;
    const cases: [Record<string, unknown>, string][] = [
      [{ details: padded, good_faith: true, contact_email: 'me@example.com' }, 'details'],
      [{ details: NOTICE, good_faith: false, contact_email: 'me@example.com' }, 'good_faith'],
      [{ details: NOTICE, contact_email: 'me@example.com' }, 'good_faith'],
      [{ details: NOTICE, good_faith: true, contact_email: 'not an address' }, 'contact_email'],
      [{ details: NOTICE, good_faith: true, contact_email: '   ' }, 'contact_email'],
    ];
    for (const [body, field] of cases) {
      const res = await report({ id: product.id, reason: 'illegal', ...body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.body.errors), JSON.stringify(body)).toEqual([field]);
    }
    const signedIn = await registerUser(t);
    const noDetails = await report({ id: product.id, reason: 'illegal', good_faith: true }, { token: signedIn.token });
    expect(Object.keys(noDetails.body.errors)).toEqual(['details']);
    expect(await reportsOf(product.id)).toEqual([]);
  });

  it('stores a visitor\'s illegal notice and acknowledges it by mail in the browser\'s language, with what was reported', async () => {
    const product = await uploadProduct(t, owner.token, { title: 'Copied Photo Dress' });
    const res = await report(
      { id: product.id, reason: 'illegal', details: `  ${NOTICE}  `, good_faith: true, contact_email: '  Notifier@Example.COM ' },
      { headers: { 'accept-language': 'ja, it-IT;q=0.9, en;q=0.8' } },
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ message: 'Prodotto segnalato', already_reported: false });
    const [row] = await reportsOf(product.id);
    expect(row).toMatchObject({ reason: 'illegal', details: NOTICE, contact_email: 'notifier@example.com', good_faith: 1, user_id: null, status: 'open' });

    const mail = await mailbox.waitFor('notifier@example.com', /segnalazione/);
    expect(mail.subject).toBe('Abbiamo ricevuto la tua segnalazione di contenuto illegale');
    expect(mail.text).toContain('«Copied Photo Dress»');
    // Whoever types the address gets a mail from the site: the reporter's words would make it a relay for any text.
    expect(mail.text).not.toContain('copied from my own shop');
    expect(mail.html).not.toContain('copied from my own shop');
    expect(mail.links).toContain(`${t.config.siteUrl}/it/product/${product.slug}`);
  });

  it('writes to a visitor whose browser asks for no site language in Spanish', async () => {
    const product = await uploadProduct(t, owner.token);
    await report({ id: product.id, reason: 'illegal', details: NOTICE, good_faith: true, contact_email: 'far-away@example.com' }, { headers: { 'accept-language': 'ja, zh;q=0.5' } });
    const mail = await mailbox.waitFor('far-away@example.com');
    expect(mail.subject).toBe('Hemos recibido tu aviso de contenido ilegal');
  });

  it('acknowledges a signed-in reporter\'s notice at the account\'s address, in the account\'s language, without asking for an address', async () => {
    const reporter = await registerUser(t);
    await t.app.db.updateTable('users').set({ language: 'de' }).where('id', '=', reporter.id).execute();
    const product = await uploadProduct(t, owner.token, { title: 'Fake Brand Belt' });
    const res = await report({ id: product.id, reason: 'illegal', details: NOTICE, good_faith: true, contact_email: 'elsewhere@example.com' }, {
      token: reporter.token, headers: { 'accept-language': 'fr' },
    });
    expect(res.status).toBe(201);
    const [row] = await reportsOf(product.id);
    expect(row).toMatchObject({ user_id: reporter.id, contact_email: null, good_faith: 1 });
    const mail = await mailbox.waitFor(reporter.email, /Meldung/);
    expect(mail.subject).toBe('Wir haben deine Meldung rechtswidriger Inhalte erhalten');
    expect(mail.text).toContain('„Fake Brand Belt“');
    expect(acknowledgementsTo('elsewhere@example.com')).toEqual([]);
  });

  it('keeps one report per visitor, but lets an illegal notice replace the visitor\'s earlier report of another kind, acknowledged once', async () => {
    const product = await uploadProduct(t, owner.token);
    const address = newVisitor();
    expect((await report({ id: product.id }, { address })).status).toBe(201);
    await t.app.db.updateTable('reports').set({ status: 'dismissed' }).where('product_id', '=', product.id).execute();

    const notice = { id: product.id, reason: 'illegal', details: NOTICE, good_faith: true, contact_email: 'upgrade@example.com' };
    expect((await report(notice, { address })).status).toBe(201);
    const rows = await reportsOf(product.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ reason: 'illegal', details: NOTICE, status: 'open', contact_email: 'upgrade@example.com' });
    await mailbox.waitFor('upgrade@example.com');

    const again = await report({ ...notice, details: `${NOTICE} Again.` }, { address });
    expect(again.status).toBe(200);
    expect(again.body.already_reported).toBe(true);
    const later = await report({ id: product.id, reason: 'broken_link' }, { address });
    expect(later.body.already_reported).toBe(true);
    expect((await reportsOf(product.id))[0]).toMatchObject({ reason: 'illegal', details: NOTICE });

    // Mail goes out in order: once the next notice's acknowledgement is in, a second one to this address would be too.
    await report({ ...notice, contact_email: 'sentinel@example.com' });
    await mailbox.waitFor('sentinel@example.com');
    expect(acknowledgementsTo('upgrade@example.com')).toHaveLength(1);
  });

  it('sends no mail for the other reasons', async () => {
    const reporter = await registerUser(t);
    const product = await uploadProduct(t, owner.token);
    expect((await report({ id: product.id, reason: 'other', details: NOTICE }, { token: reporter.token })).status).toBe(201);
    const sentinel = await registerUser(t);
    await report({ id: product.id, reason: 'illegal', details: NOTICE, good_faith: true }, { token: sentinel.token });
    await mailbox.waitFor(sentinel.email);
    expect(acknowledgementsTo(reporter.email)).toEqual([]);
  });
});

describe.each(limitStores)('acknowledgements to one address, counted in $name', (store) => {
  it('are capped a day, whoever reports; past the cap the notice is still taken, without a mail', async () => {
    const capped = await createTestApp({ ...store.config(), mailUrl: mailbox.url, trustProxy: TRUSTED_LOOPBACK, mailLimits: { ...t.config.mailLimits, noticeAcksPerAddress: { max: 2, timeWindow: 86_400_000 } } });
    const target = `someone-else-${store.name.toLowerCase()}@example.com`;
    const answers = [];
    const products: number[] = [];
    try {
      await insertTaxonomy(capped);
      const uploader = await registerUser(capped);
      for (let i = 0; i < 3; i++) products.push((await uploadProduct(capped, uploader.token)).id);
      for (const [i, id] of products.entries()) {
        answers.push(await capped.request('POST', '/products/report', {
          json: { id, reason: 'illegal', details: `${NOTICE} Visit spam.example now.`, good_faith: true, contact_email: target },
          headers: fromSiteAt(`198.51.100.${i + 1}`),
        }));
      }
      const stored = await capped.app.db.selectFrom('reports').select('product_id').where('contact_email', '=', target).execute();
      expect(stored.map((r) => r.product_id).sort()).toEqual([...products].sort());
    } finally {
      // Closing waits for the mails still being sent: whatever was to go out has arrived.
      await capped.close();
    }
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
    expect(acknowledgementsTo(target)).toHaveLength(2);
  });
});

describe('preferredLanguage', () => {
  it('picks the most wanted site language of an Accept-Language header, else Spanish', () => {
    expect(preferredLanguage(undefined)).toBe('es');
    expect(preferredLanguage('')).toBe('es');
    expect(preferredLanguage('en-GB,en;q=0.9')).toBe('en');
    expect(preferredLanguage('fr;q=0.5, de;q=0.8')).toBe('de');
    expect(preferredLanguage('ja, it;q=0.2, *;q=0.1')).toBe('it');
    expect(preferredLanguage('de;q=0, fr')).toBe('fr');
    expect(preferredLanguage('xx, yy')).toBe('es');
    expect(preferredLanguage('EN-us')).toBe('en');
  });
});
