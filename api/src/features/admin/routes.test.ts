import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueueItem } from '@linkhunt/contracts/moderation';
import { insertTaxonomy, registerUser, type RegisteredUser, uploadProduct } from '../../test/fixtures.js';
import { TRUSTED_LOOPBACK } from '../../test/site-origin.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { startTestMailbox, type TestMailbox } from '../../test/test-mailbox.js';
import { createAdmin } from './create-admin.js';
import { auditEntries, hide, productHidden, reportAsVisitor, setRole, STATEMENT } from './moderation-test-kit.js';

let mailbox: TestMailbox;
let t: TestApp;
let admin: RegisteredUser;
let moderator: RegisteredUser;
let user: RegisteredUser;

beforeAll(async () => {
  mailbox = await startTestMailbox();
  t = await createTestApp({ mailUrl: mailbox.url, trustProxy: TRUSTED_LOOPBACK });
  await insertTaxonomy(t);
  admin = await registerUser(t);
  await createAdmin(t.app.db, { email: admin.email });
  moderator = await registerUser(t);
  await setRole(t, moderator.id, 'moderator');
  user = await registerUser(t);
});
afterAll(async () => {
  await t.close();
  await mailbox.close();
});

const ids = (body: { results: { data: { id: number }[] } }) => body.results.data.map((p) => p.id);
const queue = async (query = ''): Promise<QueueItem[]> => {
  const res = await t.request('GET', `/admin/reports${query}`, { token: moderator.token });
  expect(res.status).toBe(200);
  return res.body.results.data as QueueItem[];
};
const queueIds = async (query = '') => (await queue(query)).map((item) => item.product.id);
const reportStatuses = async (productId: number) =>
  (await t.app.db.selectFrom('reports').select('status').where('product_id', '=', productId).execute()).map((r) => r.status);

describe('the /admin guard', () => {
  it('answers every route under /admin with 401 anonymous or with a forged token, and 403 for a user, also one demoted from moderator', async () => {
    const product = await uploadProduct(t, user.token);
    // Taken from the OpenAPI document, so a route added later is checked without editing this test.
    const doc = (await t.request('GET', '/docs/json')).body as { paths: Record<string, Record<string, unknown>> };
    const routes = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/admin'))
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => [method.toUpperCase(), path.replace('{id}', String(product.id))] as const));
    expect(routes.map(([method, path]) => `${method} ${path}`)).toEqual(
      expect.arrayContaining([
        'GET /admin/reports', 'GET /admin/users', 'GET /admin/audit', `POST /admin/appeals/${product.id}/decide`,
        ...['hide', 'unhide', 'dismiss'].map((a) => `POST /admin/products/${product.id}/${a}`),
        ...['suspend', 'restore', 'role'].map((a) => `POST /admin/users/${product.id}/${a}`),
      ]),
    );

    const demoted = await registerUser(t);
    await setRole(t, demoted.id, 'moderator');
    await setRole(t, demoted.id, 'user');

    for (const [method, path] of routes) {
      const label = `${method} ${path}`;
      expect((await t.request(method, path)).status, label).toBe(401);
      expect((await t.request(method, path, { token: 'forged-token-that-was-never-issued' })).status, label).toBe(401);
      expect((await t.request(method, path, { headers: { authorization: `Basic ${Buffer.from('admin:admin').toString('base64')}` } })).status, label).toBe(401);
      for (const token of [user.token, demoted.token]) {
        const json = method === 'POST' ? { statement: STATEMENT, reason: STATEMENT, role: 'moderator', outcome: 'upheld' } : undefined;
        const res = await t.request(method, path, { token, json });
        expect(res.status, label).toBe(403);
        expect(res.body).toMatchObject({ message: 'You are not allowed to do this' });
      }
    }
    expect(await productHidden(t, product.id)).toBe(0);
    expect((await auditEntries(t, admin.token, `target_id=${product.id}`))).toEqual([]);
  });

  it('lets a moderator read the queue, the users and the audit log, but not change roles', async () => {
    for (const path of ['/admin/reports', '/admin/users', '/admin/audit']) {
      expect((await t.request('GET', path, { token: moderator.token })).status, path).toBe(200);
    }
    const res = await t.request('POST', `/admin/users/${user.id}/role`, { token: moderator.token, json: { role: 'moderator' } });
    expect(res.status).toBe(403);
    const row = await t.app.db.selectFrom('users').select('role').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.role).toBe('user');
  });
});

describe('GET /admin/reports', () => {
  it('groups open reports per product with reason counts, details, the product and its uploader; illegal notices first, then the most reported', async () => {
    const many = await uploadProduct(t, user.token, { title: 'Reported Often' });
    const once = await uploadProduct(t, user.token, { title: 'Reported Once' });
    const illegal = await uploadProduct(t, user.token, { title: 'Reported As Illegal' });
    const never = await uploadProduct(t, user.token, { title: 'Never Reported' });
    await reportAsVisitor(t, { id: once.id, reason: 'wrong_product', details: 'wrong picture' });
    await reportAsVisitor(t, { id: many.id, details: 'dead link' });
    await reportAsVisitor(t, { id: many.id });
    await reportAsVisitor(t, { id: many.id, reason: 'other', details: 'scam' });
    const notice = 'This listing sells counterfeit goods of a registered trademark.';
    const reporter = await registerUser(t);
    expect((await t.request('POST', '/products/report', {
      token: reporter.token, json: { id: illegal.id, reason: 'illegal', details: notice, good_faith: true }, headers: { origin: 'http://localhost:5000' },
    })).status).toBe(201);

    const items = (await queue()).filter((item) => [many.id, once.id, illegal.id, never.id].includes(item.product.id));
    expect(items.map((item) => item.product.id)).toEqual([illegal.id, many.id, once.id]);
    const [first, second, third] = items;
    expect(first).toMatchObject({
      product: { id: illegal.id, title: 'Reported As Illegal', hidden: 0 },
      uploader: { id: user.id, username: user.username },
      open_reports: 1,
      reason_counts: [{ reason: 'illegal', count: 1 }],
      reports: [{ reason: 'illegal', details: notice, reporter: reporter.username, contact_email: null }],
      appeal: null,
    });
    expect(second).toMatchObject({ open_reports: 3, product: { title: 'Reported Often' } });
    expect(second?.reason_counts).toEqual([{ reason: 'broken_link', count: 2 }, { reason: 'other', count: 1 }]);
    expect(second?.reports.map((r) => r.details)).toEqual(['scam', null, 'dead link']);
    expect(second?.reports.every((r) => r.reporter === null)).toBe(true);
    expect(third).toMatchObject({ open_reports: 1, reason_counts: [{ reason: 'wrong_product', count: 1 }], reports: [{ details: 'wrong picture' }] });
    expect(Number.isNaN(Date.parse(second?.last_activity_at ?? ''))).toBe(false);

    // Filtered by reason: only the products with open reports of that reason.
    expect(await queueIds('?reason=wrong_product')).toEqual([once.id]);
    expect(await queueIds('?reason=illegal')).toEqual([illegal.id]);
    const paged = await t.request('GET', '/admin/reports?per_page=1&page=2', { token: moderator.token });
    expect(paged.body.results.meta.pagination).toMatchObject({ current_page: 2, per_page: 1, count: 1 });
    expect(paged.body.results.meta.pagination.total).toBeGreaterThanOrEqual(3);
    expect((await t.request('GET', '/admin/reports?reason=spam', { token: moderator.token })).status).toBe(422);
  });
});

describe('hide, unhide and dismiss', () => {
  it('hides with a statement of reasons: gone from lists, reports actioned, the uploader mailed in their language, one audit entry', async () => {
    await t.app.db.updateTable('users').set({ language: 'de' }).where('id', '=', user.id).execute();
    const product = await uploadProduct(t, user.token, { title: 'Suspicious Watch' });
    await reportAsVisitor(t, { id: product.id, reason: 'other', details: 'fake' });
    expect(ids((await t.request('GET', '/products/recents')).body)).toContain(product.id);

    const missing = await t.request('POST', `/admin/products/${product.id}/hide`, { token: moderator.token, json: {} });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.statement).toBeDefined();
    const padded = await hide(t, moderator.token, product.id, `  too short ${' '.repeat(30)}`);
    expect(padded.status).toBe(422);
    expect(padded.body.errors.statement).toEqual(['The statement must be at least 20 characters.']);
    expect(await productHidden(t, product.id)).toBe(0);

    const res = await hide(t, moderator.token, product.id, `  ${STATEMENT}  `);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: 'Product hidden', results: { data: { id: product.id, hidden: 1 } } });
    expect(ids((await t.request('GET', '/products/recents')).body)).not.toContain(product.id);
    const bySlug = await t.request('GET', `/products/slug/${product.slug}`);
    expect(bySlug.body.results.data.hidden).toBe(1);
    expect(await reportStatuses(product.id)).toEqual(['actioned']);
    expect(await queueIds()).not.toContain(product.id);

    const decision = await t.app.db.selectFrom('moderation_decisions').selectAll().where('product_id', '=', product.id).executeTakeFirstOrThrow();
    expect(decision).toMatchObject({ action: 'hide', statement: STATEMENT, moderator_id: moderator.id });
    const [entry] = await auditEntries(t, moderator.token, `target_type=product&target_id=${product.id}`);
    expect(entry).toMatchObject({
      action: 'product.hide', actor: { id: moderator.id, username: moderator.username }, target_type: 'product',
      target_id: product.id, target_label: 'Suspicious Watch', details: STATEMENT,
    });

    const mail = await mailbox.waitFor(user.email, /Suspicious Watch/);
    expect(mail.subject).toBe('Dein Produkt „Suspicious Watch“ wurde ausgeblendet');
    expect(mail.text).toContain(STATEMENT);
    expect(mail.links).toContain(`${t.config.siteUrl}/de/auth/products`);

    // A second hide of the same decision is refused, and logs nothing.
    const again = await hide(t, admin.token, product.id);
    expect(again.status).toBe(409);
    expect(await auditEntries(t, moderator.token, `target_type=product&target_id=${product.id}`)).toHaveLength(1);
    await t.app.db.updateTable('users').set({ language: 'es' }).where('id', '=', user.id).execute();
  });

  it('unhides: visible again, the uploader told, one audit entry; unhiding a visible product is refused', async () => {
    const product = await uploadProduct(t, user.token, { title: 'Back Again Jacket' });
    expect((await t.request('POST', `/admin/products/${product.id}/unhide`, { token: moderator.token })).status).toBe(409);
    expect((await hide(t, moderator.token, product.id)).status).toBe(200);

    const back = await t.request('POST', `/admin/products/${product.id}/unhide`, { token: moderator.token });
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ message: 'Product visible again', results: { data: { id: product.id, hidden: 0 } } });
    expect(ids((await t.request('GET', '/products/recents')).body)).toContain(product.id);
    const mail = await mailbox.waitFor(user.email, /Back Again Jacket.*visible/);
    expect(mail.subject).toBe('Tu producto «Back Again Jacket» vuelve a estar visible');
    const entries = await auditEntries(t, moderator.token, `target_id=${product.id}&target_type=product`);
    expect(entries.map((e) => e.action)).toEqual(['product.unhide', 'product.hide']);
    expect(entries[0]).toMatchObject({ target_label: 'Back Again Jacket', details: null });
  });

  it('dismisses the open reports of a product, which stays visible; with none open it is refused', async () => {
    const product = await uploadProduct(t, user.token, { title: 'Fine Product' });
    await reportAsVisitor(t, { id: product.id, reason: 'other', details: 'i do not like it' });
    expect(await queueIds()).toContain(product.id);

    const res = await t.request('POST', `/admin/products/${product.id}/dismiss`, { token: moderator.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: 'Reports dismissed', results: { data: { id: product.id, hidden: 0 } } });
    expect(await queueIds()).not.toContain(product.id);
    expect(await reportStatuses(product.id)).toEqual(['dismissed']);
    expect(ids((await t.request('GET', '/products/recents')).body)).toContain(product.id);
    const [entry] = await auditEntries(t, moderator.token, `action=reports.dismiss&target_id=${product.id}`);
    expect(entry).toMatchObject({ action: 'reports.dismiss', target_label: 'Fine Product', actor: { username: moderator.username } });

    expect((await t.request('POST', `/admin/products/${product.id}/dismiss`, { token: moderator.token })).status).toBe(409);
  });

  it('answers 404 for an unknown product or appeal', async () => {
    for (const action of ['unhide', 'dismiss']) {
      expect((await t.request('POST', `/admin/products/999999/${action}`, { token: moderator.token })).status).toBe(404);
    }
    expect((await hide(t, moderator.token, 999999)).status).toBe(404);
    const decide = await t.request('POST', '/admin/appeals/999999/decide', { token: moderator.token, json: { outcome: 'upheld', statement: STATEMENT } });
    expect(decide.status).toBe(404);
  });
});
