import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin } from '../features/admin/create-admin.js';
import { issueToken } from '../features/auth/tokens.js';
import { readDocument, routesOf, type RouteSpec } from '../reliability/openapi-routes.js';
import { insertCatalogueProduct, insertTaxonomy, registerUser, type RegisteredUser } from '../test/fixtures.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;
let user: RegisteredUser;
let admin: RegisteredUser;
let product: { id: number; slug: string };
let authenticated: RouteSpec[];
let open: RouteSpec[];

beforeAll(async () => {
  t = await createTestApp();
  await insertTaxonomy(t);
  user = await registerUser(t);
  admin = await registerUser(t);
  await createAdmin(t.app.db, { email: admin.email });
  product = await insertCatalogueProduct(t, { userId: user.id, title: 'Air Cache' });
  const routes = routesOf(readDocument(t.app.swagger()));
  const needsToken = (route: RouteSpec) => JSON.stringify((route.operation as { security?: unknown }).security ?? []).includes('bearer');
  authenticated = routes.filter(needsToken);
  open = routes.filter((route) => !needsToken(route));
});
afterAll(() => t.close());

const PARAMETERS: Record<string, (account: RegisteredUser) => string> = {
  username: (account) => account.username,
  slug: () => product.slug,
  category: () => 'sneakers',
  brand: () => 'various',
  query: () => 'air',
};

/** The route's path with its parameters filled in from this file's data (any other parameter is the product's id). */
function pathOf(route: RouteSpec, account: RegisteredUser): string {
  return route.path.replace(/\{(\w+)\}/g, (_, name: string) => PARAMETERS[name]?.(account) ?? String(product.id));
}

describe('Cache-Control: no-store on every answer that belongs to an account', () => {
  it('finds the authenticated routes in the OpenAPI document', () => {
    const names = authenticated.map((route) => `${route.method} ${route.path}`);
    expect(names).toEqual(expect.arrayContaining(['GET /auth/favs', 'GET /auth/products', 'POST /auth/update', 'POST /auth/logout', 'GET /admin/reports', 'POST /auth/verify/resend']));
    expect(authenticated.length).toBeGreaterThanOrEqual(12);
  });

  it('on every documented authenticated route: signed in as user or admin (whatever the status), and signed out (401)', async () => {
    const seen: string[] = [];
    const kept = product;
    // The owner's DELETE and the admin's actions would take the product the later tests read.
    product = await insertCatalogueProduct(t, { userId: user.id, title: 'Air Disposable' });
    for (const route of authenticated) {
      for (const account of [user, admin, null]) {
        // A session of its own per request: a logout or a revoking guess must not end the next route's.
        const token = account ? await issueToken(t.app.db, account.id, 1) : undefined;
        const res = await t.app.inject({
          method: route.method as 'GET' | 'POST' | 'DELETE',
          url: pathOf(route, account ?? user),
          headers: token ? { authorization: `Bearer ${token}` } : {},
        });
        const what = `${route.method} ${route.path} as ${account === admin ? 'admin' : account ? 'user' : 'nobody'} → ${res.statusCode}`;
        expect(res.headers['cache-control'], what).toBe('no-store');
        if (!account) expect(res.statusCode, what).toBe(401);
        seen.push(`${res.statusCode}`);
      }
    }
    // Successes and refusals alike were looked at.
    expect(seen).toEqual(expect.arrayContaining(['200', '401', '403']));
    product = kept;
  });

  it('on an answer to a signed-in request to a public route, and on sign-in and registration answers', async () => {
    // A URL of its own: a read-cache hit answers before the token is looked at, with the same bytes for everyone.
    const signedIn = await t.request('GET', '/categories?as=signed-in', { token: user.token });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get('cache-control')).toBe('no-store');
    const login = await t.request('POST', '/auth/login', { json: { email: user.email, password: user.password } });
    expect(login.headers.get('cache-control')).toBe('no-store');
    const register = await t.request('POST', '/auth/register', { json: { username: 'nostore', email: 'nostore@example.com', password: 'correct horse battery' } });
    expect(register.status).toBe(201);
    expect(register.headers.get('cache-control')).toBe('no-store');
  });

  it('not on public answers to visitors', async () => {
    // GET /products/{id} hands out the store links, which are never cached for anyone (its own rule).
    const reads = open.filter((route) => route.method === 'GET' && route.path !== '/products/{id}');
    expect(reads.length).toBeGreaterThan(10);
    const statuses: number[] = [];
    for (const route of reads) {
      const res = await t.app.inject({ method: 'GET', url: pathOf(route, user) });
      expect(res.headers['cache-control'], `${route.path} → ${res.statusCode}`).not.toBe('no-store');
      statuses.push(res.statusCode);
    }
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThan(10);
  });
});
