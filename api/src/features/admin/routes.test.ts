import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTaxonomy, registerUser, type RegisteredUser, uploadProduct } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createAdmin } from './create-admin.js';

let t: TestApp;
let admin: RegisteredUser;
let user: RegisteredUser;

beforeAll(async () => {
  t = await createTestApp();
  await insertTaxonomy(t);
  admin = await registerUser(t);
  await createAdmin(t.app.db, { email: admin.email });
  user = await registerUser(t);
});
afterAll(() => t.close());

let agent = 0;
/** Each call is a different visitor, so every report counts. */
const reportAs = (id: number, reason?: string) =>
  t.request('POST', '/products/report', { json: { id, reason }, headers: { 'user-agent': `visitor-${++agent}` } });

const ids = (body: { results: { data: { id: number }[] } }) => body.results.data.map((p) => p.id);
const reportedIds = async () => {
  const res = await t.request('GET', '/admin/reports', { token: admin.token });
  expect(res.status).toBe(200);
  return (res.body.results.data as { product: { id: number } }[]).map((r) => r.product.id);
};

describe('admin', () => {
  it('is for admins only: 401 without a user, 403 for a user', async () => {
    const product = await uploadProduct(t, user.token);
    const calls: [string, string][] = [
      ['GET', '/admin/reports'],
      ['POST', `/admin/products/${product.id}/hide`],
      ['POST', `/admin/products/${product.id}/unhide`],
      ['POST', `/admin/products/${product.id}/dismiss`],
    ];
    for (const [method, path] of calls) {
      expect((await t.request(method, path)).status, path).toBe(401);
      const forbidden = await t.request(method, path, { token: user.token });
      expect(forbidden.status, path).toBe(403);
      expect(forbidden.body.message).toBeTruthy();
    }
    const row = await t.app.db.selectFrom('products').select('hidden').where('id', '=', product.id).executeTakeFirstOrThrow();
    expect(row.hidden).toBe(0);
  });

  it('guards every route under /admin: 401 anonymous or with a forged token, 403 for a user, also one demoted from admin', async () => {
    const product = await uploadProduct(t, user.token);
    // Taken from the OpenAPI document, so a route added later is checked without editing this test.
    const doc = (await t.request('GET', '/docs/json')).body as { paths: Record<string, Record<string, unknown>> };
    const routes = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/admin'))
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => [method.toUpperCase(), path.replace('{id}', String(product.id))] as const));
    expect(routes.map(([method, path]) => `${method} ${path}`)).toEqual(
      expect.arrayContaining(['GET /admin/reports', ...['hide', 'unhide', 'dismiss'].map((a) => `POST /admin/products/${product.id}/${a}`)]),
    );

    const demoted = await registerUser(t);
    await createAdmin(t.app.db, { email: demoted.email });
    await t.app.db.updateTable('users').set({ role: 'user' }).where('id', '=', demoted.id).execute();

    for (const [method, path] of routes) {
      const label = `${method} ${path}`;
      expect((await t.request(method, path)).status, label).toBe(401);
      expect((await t.request(method, path, { token: 'forged-token-that-was-never-issued' })).status, label).toBe(401);
      expect((await t.request(method, path, { headers: { authorization: `Basic ${Buffer.from('admin:admin').toString('base64')}` } })).status, label).toBe(401);
      for (const token of [user.token, demoted.token]) {
        const res = await t.request(method, path, { token });
        expect(res.status, label).toBe(403);
        expect(res.body).toEqual({ message: 'You are not allowed to do this' });
      }
    }
    const row = await t.app.db.selectFrom('products').select('hidden').where('id', '=', product.id).executeTakeFirstOrThrow();
    expect(row.hidden).toBe(0);
  });

  it('lists products with open reports, the most reported first, with their reasons', async () => {
    const many = await uploadProduct(t, user.token, { title: 'Reported Often' });
    const once = await uploadProduct(t, user.token, { title: 'Reported Once' });
    const never = await uploadProduct(t, user.token, { title: 'Never Reported' });
    await reportAs(once.id, 'wrong picture');
    await reportAs(many.id, 'dead link');
    await reportAs(many.id);
    await reportAs(many.id, 'scam');

    const res = await t.request('GET', '/admin/reports', { token: admin.token });
    expect(res.status).toBe(200);
    const data = res.body.results.data as { product: { id: number; title: string }; open_reports: number; reasons: string[]; last_reported_at: string }[];
    const mine = data.filter((r) => [many.id, once.id, never.id].includes(r.product.id));
    expect(mine.map((r) => r.product.id)).toEqual([many.id, once.id]);
    expect(mine[0]).toMatchObject({ open_reports: 3, product: { title: 'Reported Often' } });
    expect(mine[0]?.reasons.sort()).toEqual(['dead link', 'scam']);
    expect(mine[1]).toMatchObject({ open_reports: 1, reasons: ['wrong picture'] });
    expect(Number.isNaN(Date.parse(mine[0]?.last_reported_at ?? ''))).toBe(false);
    expect(res.body.results.meta.pagination).toMatchObject({ current_page: 1, total: data.length });
  });

  it('hides a product: gone from lists and search, still reachable by slug as unavailable, reports actioned', async () => {
    const product = await uploadProduct(t, user.token, { title: 'Suspicious Watch' });
    await reportAs(product.id, 'fake');
    expect(ids((await t.request('GET', '/products/recents')).body)).toContain(product.id);

    const res = await t.request('POST', `/admin/products/${product.id}/hide`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: 'Product hidden', results: { data: { id: product.id, hidden: 1 } } });

    expect(ids((await t.request('GET', '/products/recents')).body)).not.toContain(product.id);
    expect(ids((await t.request('GET', '/products/search/suspicious')).body)).not.toContain(product.id);
    const bySlug = await t.request('GET', `/products/slug/${product.slug}`);
    expect(bySlug.status).toBe(200);
    expect(bySlug.body.results.data.hidden).toBe(1);
    const reports = await t.app.db.selectFrom('reports').select('status').where('product_id', '=', product.id).execute();
    expect(reports.map((r) => r.status)).toEqual(['actioned']);
    expect(await reportedIds()).not.toContain(product.id);

    const back = await t.request('POST', `/admin/products/${product.id}/unhide`, { token: admin.token });
    expect(back.status).toBe(200);
    expect(back.body.results.data.hidden).toBe(0);
    expect(ids((await t.request('GET', '/products/recents')).body)).toContain(product.id);
  });

  it('dismisses the open reports of a product, which stays visible', async () => {
    const product = await uploadProduct(t, user.token, { title: 'Fine Product' });
    await reportAs(product.id, 'i do not like it');
    expect(await reportedIds()).toContain(product.id);

    const res = await t.request('POST', `/admin/products/${product.id}/dismiss`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: 'Reports dismissed', results: { data: { id: product.id, hidden: 0 } } });
    expect(await reportedIds()).not.toContain(product.id);
    const reports = await t.app.db.selectFrom('reports').select('status').where('product_id', '=', product.id).execute();
    expect(reports.map((r) => r.status)).toEqual(['dismissed']);
    expect(ids((await t.request('GET', '/products/recents')).body)).toContain(product.id);
  });

  it('answers 404 for an unknown product', async () => {
    for (const action of ['hide', 'unhide', 'dismiss']) {
      expect((await t.request('POST', `/admin/products/999999/${action}`, { token: admin.token })).status).toBe(404);
    }
  });
});
