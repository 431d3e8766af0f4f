import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countAll } from '../db/sql-helpers.js';
import { declaredResponse, readDocument, routesOf } from '../reliability/openapi-routes.js';
import { insertTaxonomy, registerUser, type RegisteredUser, uploadProduct } from '../test/fixtures.js';
import { SITE_ORIGIN } from '../test/site-origin.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { english } from '../test/english.js';

/**
 * The counting routes (visits, downloads, reports) answer only requests sent from the site's pages, which a
 * browser marks with the site's Origin; everything else gets 403 and counts nothing.
 */
let t: TestApp;
let owner: RegisteredUser;
let productId: number;

beforeAll(async () => {
  t = await createTestApp({ corsOrigins: [SITE_ORIGIN, 'https://www.linkhunt.example/'] });
  await insertTaxonomy(t);
  owner = await registerUser(t);
  productId = (await uploadProduct(t, owner.token)).id;
});
afterAll(() => t.close());

const counting = () => [
  { name: 'visit', send: (headers: Record<string, string>) => t.request('POST', `/users/${owner.username}/visit`, { headers }) },
  { name: 'download', send: (headers: Record<string, string>) => t.request('POST', `/products/${productId}/downloads`, { headers }) },
  { name: 'report', send: (headers: Record<string, string>) => t.request('POST', '/products/report', { json: { id: productId }, headers }) },
];

const counts = async () => {
  const [visits, downloads, reports, product] = await Promise.all([
    t.app.db.selectFrom('profile_visits').select(countAll().as('n')).executeTakeFirstOrThrow(),
    t.app.db.selectFrom('downloads').select(countAll().as('n')).executeTakeFirstOrThrow(),
    t.app.db.selectFrom('reports').select(countAll().as('n')).executeTakeFirstOrThrow(),
    t.app.db.selectFrom('products').select('downloads').where('id', '=', productId).executeTakeFirstOrThrow(),
  ]);
  return { visits: visits.n, downloads: downloads.n, reports: reports.n, counter: product.downloads };
};

describe('a counting route', () => {
  it.each([
    ['another site', { origin: 'https://evil.example' }],
    ['a look-alike of the site', { origin: `${SITE_ORIGIN}.evil.example` }],
    ['the site on another scheme', { origin: SITE_ORIGIN.replace('http:', 'https:') }],
    ['a sandboxed page or a file (Origin: null)', { origin: 'null' }],
    ['no Origin at all (a script, a no-cors form post from a browser that leaves it out)', {}],
    ['a Referer from the site but no Origin', { referer: `${SITE_ORIGIN}/es/user/x` }],
  ])('refuses a request from %s with 403 and counts nothing', async (_from, headers) => {
    const before = await counts();
    for (const route of counting()) {
      const res = await route.send(headers);
      expect(res.status, route.name).toBe(403);
      expect(res.body, route.name).toMatchObject({ message: english('request.foreign_origin'), code: 'request.foreign_origin' });
    }
    expect(await counts()).toEqual(before);
  });

  it('answers the site\'s origins, written as they are configured or as a browser writes them', async () => {
    const visitor = await registerUser(t);
    for (const origin of [SITE_ORIGIN, 'https://www.linkhunt.example', 'HTTPS://WWW.LINKHUNT.EXAMPLE']) {
      for (const route of counting()) {
        const res = await route.send({ origin, authorization: `Bearer ${visitor.token}` });
        expect(res.status, `${route.name} from ${origin}`).toBeLessThan(300);
      }
    }
    expect((await counts()).visits).toBe(1);
  });

  it('still answers a malformed request with its 422, whatever the Origin', async () => {
    const res = await t.request('POST', '/products/report', { json: { id: 'abc' }, headers: { origin: 'https://evil.example' } });
    expect(res.status).toBe(422);
  });

  it('leaves every other route alone', async () => {
    const res = await t.request('POST', `/products/${productId}/favourite`, { token: owner.token, headers: { origin: 'https://evil.example' } });
    expect(res.status).toBe(200);
    expect((await t.request('GET', `/products/${productId}`, { headers: { origin: 'https://evil.example' } })).status).toBe(200);
  });

  it('documents the 403 of a foreign Origin on the counting routes', () => {
    const routes = routesOf(readDocument(t.app.swagger()));
    const guarded = ['POST /users/{username}/visit', 'POST /products/{id}/downloads', 'POST /products/report'];
    const found = routes.filter((r) => guarded.includes(`${r.method} ${r.path}`));
    expect(found).toHaveLength(guarded.length);
    for (const route of found) {
      expect(declaredResponse(route, 403).declared, `${route.method} ${route.path}`).toBe(true);
      expect(JSON.stringify(route.operation.responses['403']), `${route.method} ${route.path}`).toContain('Origin');
    }
  });
});
