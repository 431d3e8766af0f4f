import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCatalogueProduct, insertTaxonomy, registerUser, type RegisteredUser, uploadProduct } from '../test/fixtures.js';
import { createTestApp, testDialect, type TestApp } from '../test/test-app.js';
import { declaredResponse, readDocument, resolveRoute, routesOf, type RouteSpec, schemaErrors } from './openapi-routes.js';
import { withOwnKey } from './schema-arbitraries.js';

/** Hand-picked bad input, each case over every route it applies to, on the database of the run. */
let t: TestApp;
let owner: RegisteredUser;
let reviewer: RegisteredUser;
let admin: RegisteredUser;
let routes: RouteSpec[];
let productId: number;

beforeAll(async () => {
  t = await createTestApp();
  await insertTaxonomy(t);
  owner = await registerUser(t);
  reviewer = await registerUser(t);
  admin = await registerUser(t);
  await t.app.db.updateTable('users').set({ role: 'admin' }).where('id', '=', admin.id).execute();
  productId = (await uploadProduct(t, owner.token, { title: 'Air Max Near Edition', brand: 'nike' })).id;
  await insertCatalogueProduct(t, { userId: owner.id, title: 'Pantalón "Cargo" (azul) 100% algodón', description: "It's NOT a near-copy: AND/OR both." });
  await insertCatalogueProduct(t, { userId: owner.id, title: 'Air Max 90', description: 'Classic.' });
  routes = routesOf(readDocument(t.app.swagger()));
});
afterAll(() => t.close());

interface Sent {
  status: number;
  body: unknown;
}

async function send(method: string, url: string, payload?: string | Buffer, headers: Record<string, string> = {}): Promise<Sent> {
  const res = await t.app.inject({ method, url, payload, headers });
  return { status: res.statusCode, body: res.body ? res.json() : undefined };
}

/** Not a server error, and exactly what the OpenAPI document promises for the status. */
function expectDocumented(method: string, url: string, res: Sent): void {
  const what = `${method} ${url.slice(0, 120)} → ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`;
  expect(res.status, what).toBeLessThan(500);
  const route = resolveRoute(routes, method, url);
  expect(route, what).toBeDefined();
  if (!route) return;
  const { declared, schema } = declaredResponse(route, res.status);
  expect(declared, `undocumented status: ${what}`).toBe(true);
  expect(schema ? schemaErrors(schema, res.body) : ['no JSON body documented'], what).toEqual([]);
}

/** A concrete address for a route, with a product that exists wherever an id goes. */
function urlOf(route: RouteSpec): string {
  return route.path
    .replace('{id}', String(productId))
    .replace('{username}', owner.username)
    .replace(/\{[^}]+\}/g, 'sneakers');
}

const jsonRoutes = () => routes.filter((r) => r.operation.requestBody?.content['application/json']);
const multipartRoutes = () => routes.filter((r) => r.operation.requestBody?.content['multipart/form-data'] || r.path === '/auth/update');
/** The routes that take one kind of body only (a review comes as JSON or, with photos, as a form). */
const jsonOnlyRoutes = () => jsonRoutes().filter((r) => !r.operation.requestBody?.content['multipart/form-data']);
const multipartOnlyRoutes = () => multipartRoutes().filter((r) => !r.operation.requestBody?.content['application/json']);
/** Every route that reads a body of one kind or the other. */
const bodyRoutes = () => [...jsonRoutes(), ...multipartRoutes()];
/** An admin's token on the /admin routes, whose guards answer anyone else's 403 before the body is read. */
const auth = (route?: RouteSpec) => ({ authorization: `Bearer ${route?.path.startsWith('/admin/') ? admin.token : reviewer.token}` });

describe(`bad input (${testDialect})`, () => {
  it('answers a malformed JSON body with 400 and the API message, on every JSON route', async () => {
    for (const route of jsonRoutes()) {
      for (const payload of ['{"a":', '{', '[1,', 'nul', '"', "{'a':1}", '{"a":1}}', '{"stars":NaN}']) {
        const res = await send(route.method, urlOf(route), payload, { 'content-type': 'application/json', ...auth(route) });
        expect(res, `${route.method} ${route.path} ${payload}`).toEqual({ status: 400, body: { message: 'The request body is not valid JSON.', code: 'request.invalid_json' } });
        expectDocumented(route.method, urlOf(route), res);
      }
    }
  });

  it('refuses text/plain, XML and multipart where JSON is expected with 415', async () => {
    const form = new FormData();
    form.set('email', 'a@b.co');
    const multipart = new Request('http://x/', { method: 'POST', body: form });
    const multipartBody = Buffer.from(await multipart.arrayBuffer());
    const cases: [string, string | Buffer][] = [
      ['text/plain', 'email=a@b.co'],
      ['application/xml', '<login><email>a@b.co</email></login>'],
      [multipart.headers.get('content-type') ?? '', multipartBody],
    ];
    for (const route of jsonOnlyRoutes()) {
      for (const [contentType, payload] of cases) {
        const res = await send(route.method, urlOf(route), payload, { 'content-type': contentType, ...auth(route) });
        expect(res.status, `${route.method} ${route.path} as ${contentType}`).toBe(415);
        expect(res.body).toMatchObject({ message: 'This content type is not accepted here.' });
        expectDocumented(route.method, urlOf(route), res);
      }
    }
  });

  it('refuses text and XML with 415 where JSON or a multipart form is expected', async () => {
    const both = jsonRoutes().filter((r) => r.operation.requestBody?.content['multipart/form-data']);
    expect(both.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /products/{id}/valorations']);
    for (const route of both) {
      for (const [contentType, payload] of [['text/plain', 'stars=4'], ['application/xml', '<a/>']]) {
        const res = await send(route.method, urlOf(route), payload, { 'content-type': contentType ?? '', ...auth(route) });
        expect(res.status, `${route.method} ${route.path} as ${contentType}`).toBe(415);
        expectDocumented(route.method, urlOf(route), res);
      }
    }
  });

  it('refuses JSON, text and XML where a multipart form is expected with 415', async () => {
    for (const route of multipartOnlyRoutes()) {
      const cases: [string, string][] = [['application/json', '{"title":"Air Max"}'], ['text/plain', 'title=Air'], ['application/xml', '<a/>']];
      for (const [contentType, payload] of cases) {
        const res = await send(route.method, urlOf(route), payload, { 'content-type': contentType, ...auth(route) });
        expect(res.status, `${route.method} ${route.path} as ${contentType}`).toBe(415);
        expectDocumented(route.method, urlOf(route), res);
      }
    }
  });

  it('refuses a JSON body one byte over the configured bodyLimit with 413', async () => {
    const limit = t.app.initialConfig.bodyLimit ?? 1024 * 1024;
    expect(limit).toBe(64 * 1024);
    for (const route of jsonRoutes()) {
      const padding = 'x'.repeat(limit - JSON.stringify({ message: '' }).length + 1);
      const payload = JSON.stringify({ message: padding });
      expect(Buffer.byteLength(payload)).toBe(limit + 1);
      const res = await send(route.method, urlOf(route), payload, { 'content-type': 'application/json', ...auth(route) });
      expect(res, `${route.method} ${route.path}`).toEqual({ status: 413, body: { message: 'The request is too large.', code: 'request.too_large' } });
      expectDocumented(route.method, urlOf(route), res);
    }
  });

  it('never lets __proto__ or constructor.prototype keys pollute Object.prototype', async () => {
    const valid: Record<string, Record<string, unknown>> = {
      '/auth/register': { username: 'proto_user', email: 'proto@example.com', password: 'long enough pass' },
      '/auth/login': { email: owner.email, password: owner.password },
      '/contact': { email: 'a@b.co', subject: 'Hi', message: 'Hello' },
      '/products/report': { id: productId, details: 'broken' },
      '/products/{id}/valorations': { stars: 4, review: 'ok' },
    };
    const poisons: [string, unknown][] = [
      ['__proto__', { polluted: 'yes', isAdmin: true }],
      ['constructor', { prototype: { polluted: 'yes' } }],
    ];
    for (const route of jsonRoutes()) {
      for (const [key, value] of poisons) {
        const base = valid[route.path] ?? {};
        const bodies = [withOwnKey(base, key, value), { ...base, nested: withOwnKey({}, key, value) }];
        for (const body of bodies) {
          const res = await send(route.method, urlOf(route), JSON.stringify(body), { 'content-type': 'application/json', ...auth(route) });
          expect(({} as Record<string, unknown>).polluted, `${route.path} ${JSON.stringify(body)}`).toBeUndefined();
          expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
          expect(res.status, `${route.path} ${JSON.stringify(body)}`).toBeLessThan(500);
          expectDocumented(route.method, urlOf(route), res);
        }
      }
    }
    // POST /auth/logout is among the routes: a user of its own keeps the others' session.
    const visitor = { authorization: `Bearer ${(await registerUser(t)).token}` };
    for (const route of routes) {
      const url = `${urlOf(route)}?__proto__[polluted]=yes&constructor[prototype][polluted]=yes&__proto__.polluted=yes`;
      const res = await send(route.method, url, undefined, visitor);
      expect(({} as Record<string, unknown>).polluted, url).toBeUndefined();
      expectDocumented(route.method, url, res);
    }
    for (const route of multipartRoutes()) {
      for (const name of ['__proto__', '__proto__[polluted]', 'constructor[prototype][polluted]', 'constructor']) {
        const form = new FormData();
        form.set(name, 'yes');
        const request = new Request('http://x/', { method: 'POST', body: form });
        const res = await send(route.method, urlOf(route), Buffer.from(await request.arrayBuffer()), {
          'content-type': request.headers.get('content-type') ?? '',
          ...auth(),
        });
        expect(({} as Record<string, unknown>).polluted, `${route.path} field ${name}`).toBeUndefined();
        expectDocumented(route.method, urlOf(route), res);
      }
    }
  });

  it('answers a 10,000-character search with a 4xx, in the path or the query string', async () => {
    for (const query of ['a'.repeat(10_000), 'ü'.repeat(10_000), 'air '.repeat(2_500)]) {
      const url = `/products/search/${encodeURIComponent(query)}`;
      const res = await send('GET', url);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expectDocumented('GET', url, res);
      const inQuery = `/products/search/air?page=${encodeURIComponent(query)}`;
      expectDocumented('GET', inQuery, await send('GET', inQuery));
    }
  });

  const ftsSyntax = ['"', '*', 'NEAR(', 'NOT', 'AND', 'OR', '(', ')', ':', '^', '-', "'", '\\', '""', '"air', 'air"', 'air*', '*air', 'NEAR(air max)', 'NEAR(air, 2)', 'air NOT max', 'air AND max', 'air OR max', '(air)', 'title:air', '^air', '-air', "air'", "'air'", 'air\\', 'air & max | !cargo', 'air <-> max', 'air:*', 'pantalón "cargo', '{air}', 'air + max', '%', '_', 'a%_'];

  it.each(ftsSyntax)('searches %j as plain text: a normal answer, never a server error', async (query) => {
    for (const url of [`/products/search/${encodeURIComponent(query)}`, `/products/search/${encodeURIComponent(`air ${query}`)}`, `/products/search/${encodeURIComponent(`${query}air`)}`]) {
      const res = await send('GET', url);
      expect([200, 400, 404, 414, 422], url).toContain(res.status);
      expectDocumented('GET', url, res);
    }
  });

  it('finds the words around FTS syntax and ignores the syntax itself', async () => {
    const titles = async (query: string) => {
      const res = await send('GET', `/products/search/${encodeURIComponent(query)}`);
      expect(res.status, query).toBe(200);
      return (res.body as { results: { data: { title: string }[] } }).results.data.map((p) => p.title).sort();
    };
    expect(await titles('"air')).toEqual(['Air Max 90', 'Air Max Near Edition']);
    expect(await titles('NEAR(air')).toEqual(['Air Max Near Edition']);
    expect(await titles('cargo" OR "nothing')).toEqual([]);
    expect(await titles('*')).toEqual([]);
  });

  it('answers numbers that overflow to Infinity (1e309, Infinity) with a 422, not a 500', async () => {
    const urls = [
      '/products/search/air?page=1e309',
      '/products/search/air?per_page=-1e309',
      '/products/search/air?page=Infinity',
      `/products/search/air?page=${'9'.repeat(400)}`,
      '/products/cat/sneakers?page=-Infinity',
      `/users/username/${owner.username}/valorations?page=1e309`,
      '/products/1e309',
      '/products/Infinity',
    ];
    for (const url of urls) {
      const res = await send('GET', url, undefined, auth());
      expect(res.status, url).toBe(422);
      expectDocumented('GET', url, res);
    }
    for (const [url, body] of [
      [`/products/${productId}/valorations`, { stars: '1e309' }],
      ['/products/report', { id: 'Infinity' }],
    ] as const) {
      const res = await send('POST', url, JSON.stringify(body), { 'content-type': 'application/json', ...auth() });
      expect(res.status, `${url} ${JSON.stringify(body)}`).toBe(422);
      expectDocumented('POST', url, res);
    }
  });

  it('answers text with a NUL character with a 422 on both databases, in a path, a JSON body or a form', async () => {
    const paths = ['/products/slug/a%00b', '/products/cat/%00', '/brands/slug/nike%00', '/categories/slug/%00', `/users/username/${owner.username}%00`, `/users/username/%00/valorations`, '/products/search/air%00max'];
    for (const url of paths) {
      const res = await send('GET', url);
      expect(res.status, url).toBe(422);
      expectDocumented('GET', url, res);
    }
    const visit = await send('POST', '/users/%00/visit');
    expect(visit.status).toBe(422);
    const bodies: [string, Record<string, unknown>][] = [
      ['/auth/login', { email: `${owner.email}\u0000`, password: 'x' }],
      ['/auth/register', { username: 'nul_user', email: 'nul@example.com', password: 'pass\u0000word!' }],
      ['/contact', { email: 'a@b.co', subject: 'Hi', message: 'Hello\u0000' }],
      ['/products/report', { id: productId, details: '\u0000' }],
      [`/products/${productId}/valorations`, { stars: 3, review: 'ok\u0000' }],
    ];
    for (const [url, body] of bodies) {
      const res = await send('POST', url, JSON.stringify(body), { 'content-type': 'application/json', ...auth() });
      expect(res.status, url).toBe(422);
      expect((res.body as { message: string }).message).toMatch(/may not contain a NUL character/);
      expectDocumented('POST', url, res);
    }
    const profile = new FormData();
    profile.set('name', 'Nul\u0000Name');
    const request = new Request('http://x/', { method: 'POST', body: profile });
    const res = await send('POST', '/auth/update', Buffer.from(await request.arrayBuffer()), { 'content-type': request.headers.get('content-type') ?? '', ...auth() });
    expect(res).toEqual({
      status: 422,
      body: {
        message: 'The name may not contain a NUL character.',
        code: 'validation.no_nul',
        errors: { name: ['The name may not contain a NUL character.'] },
        codes: { name: ['validation.no_nul'] },
      },
    });
  });

  it('answers an id past the 32-bit range of the id columns with a 422 on both databases', async () => {
    for (const id of ['2147483648', '9007199254740993', '1' + '0'.repeat(30)]) {
      // The admin routes answer a user's 403 before they read the path.
      for (const route of routes.filter((r) => r.path.includes('{id}') && !r.path.startsWith('/admin/'))) {
        const url = route.path.replace('{id}', id);
        const res = await send(route.method, url, undefined, auth());
        expect(res.status, `${route.method} ${url}`).toBe(422);
        expectDocumented(route.method, url, res);
      }
      const report = await send('POST', '/products/report', JSON.stringify({ id: Number(id) }), { 'content-type': 'application/json' });
      expect(report.status, `report ${id}`).toBe(422);
      const form = new FormData();
      for (const [name, value] of Object.entries({ id, title: 'Air Max', description: 'Shoes.', link_hacoo: 'https://www.hacoo.com/product/1', 'categories[]': 'sneakers' })) form.set(name, value);
      const request = new Request('http://x/', { method: 'POST', body: form });
      const update = await send('POST', '/products/update', Buffer.from(await request.arrayBuffer()), { 'content-type': request.headers.get('content-type') ?? '', ...auth() });
      expect(update.status, `update ${id}: ${JSON.stringify(update.body)}`).toBe(422);
      expect((update.body as { errors: Record<string, string[]> }).errors).toHaveProperty('id');
      expectDocumented('POST', '/products/update', update);
    }
  });

  it('documents, on every route, each client error the framework can answer', async () => {
    for (const route of bodyRoutes()) {
      for (const status of [400, 413, 415]) expect(declaredResponse(route, status).declared, `${route.method} ${route.path} ${status}`).toBe(true);
    }
    for (const route of routes.filter((r) => r.path.includes('{'))) {
      for (const status of [400, 414, 422]) expect(declaredResponse(route, status).declared, `${route.method} ${route.path} ${status}`).toBe(true);
    }
  });
});
