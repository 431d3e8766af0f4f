import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { ProfileUpdateFields } from '@linkhunt/contracts/schemas/user';
import { createAdmin } from '../features/admin/create-admin.js';
import { issueToken } from '../features/auth/tokens.js';
import { insertCatalogueProduct, insertTaxonomy, pngImage, registerUser, type RegisteredUser, uploadProduct } from '../test/fixtures.js';
import { fromSite, SITE_ORIGIN } from '../test/site-origin.js';
import { createTestApp, testDialect } from '../test/test-app.js';
import {
  type AuthCase, declaredResponse, encodeBody, type FuzzRequest, readDocument, requestArbitrary, resolveRoute, routesOf, type RouteSpec, schemaErrors,
} from './openapi-routes.js';
import type { Hints, JsonSchema } from './schema-arbitraries.js';

/**
 * Every documented route, driven from its own OpenAPI schemas through the whole Fastify pipeline:
 * no input may cause a 5xx, and every answer must be what the document promises for its status.
 * The seed is fixed, so a failure (reported with its seed and counterexample) comes back on every run.
 * FUZZ_SEED and FUZZ_RUNS search elsewhere or harder; FUZZ_SURVEY=1 lists every distinct failure of a
 * route instead of stopping at the first; FUZZ_SHRINK=1 shrinks the counterexample (slower).
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_251_122);
const RUNS = Number(process.env.FUZZ_RUNS ?? 80);

// The app is built while the file is collected, because the tests are one per documented route.
const t = await createTestApp();
afterAll(() => t.close());

await insertTaxonomy(t);
// Fixed names, so that the inputs drawn from them are the same on every run.
const owner = await registerUser(t, 'fuzz_owner');
const user = await registerUser(t, 'fuzz_user');
const admin = await registerUser(t, 'fuzz_admin');
await createAdmin(t.app.db, { email: admin.email });
const accounts: Record<Exclude<AuthCase, 'anonymous' | 'bad-token'>, RegisteredUser> = { owner, user, admin };

const uploaded = await uploadProduct(t, owner.token, { title: 'Air Max Fuzz', brand: 'nike' });
const products = [
  uploaded,
  await insertCatalogueProduct(t, { userId: owner.id, title: 'Pantalón Cargo', brand: 'adidas', categories: ['pantalones-y-vaqueros'] }),
  await insertCatalogueProduct(t, { userId: owner.id, title: 'Gorra Oculta', categories: ['accesorios'], hidden: true }),
  await insertCatalogueProduct(t, { userId: user.id, title: 'Sneaker Featured', featured: true }),
  await insertCatalogueProduct(t, { userId: owner.id, title: 'Chaqueta Cortavientos', categories: ['sneakers', 'accesorios'] }),
];
await t.request('POST', `/products/${uploaded.id}/valorations`, { token: user.token, json: { stars: 4, review: 'Fits well.' } });
await t.request('POST', `/products/${uploaded.id}/favourite`, { token: user.token });
await t.request('POST', '/products/report', { json: { id: uploaded.id }, headers: fromSite() });
// A product a moderator hid, with its uploader's appeal: the moderation routes have a decision and an appeal to act on.
await t.request('POST', `/admin/products/${products[4]?.id ?? 0}/hide`, { token: admin.token, json: { statement: 'The store link leads to a counterfeit.' } });
await t.request('POST', `/products/${products[4]?.id ?? 0}/appeal`, { token: owner.token, json: { text: 'It is the official store, see the invoice.' } });
const png = await pngImage(16, 16);

const productIds = products.map((p) => p.id);
const hints: Hints = {
  id: fc.constantFrom(...productIds, productIds.length + 100),
  slug: fc.constantFrom(...products.map((p) => p.slug), 'nike', 'adidas', 'various', 'sneakers', 'accesorios'),
  category: fc.constantFrom('sneakers', 'accesorios', 'pantalones-y-vaqueros', 'SNEAKERS'),
  categories: fc.array(fc.constantFrom('sneakers', 'accesorios', 'pantalones-y-vaqueros'), { minLength: 1, maxLength: 3 }),
  brand: fc.constantFrom('nike', 'adidas', 'various', 'NIKE'),
  username: fc.constantFrom(owner.username, user.username, admin.username, owner.username.toUpperCase()),
  query: fc.constantFrom('air', 'Pantalón', 'cargo chaq', 'NEAR(air max)', '"air', 'air*', 'NOT air', 'a OR b', '-air', 'ai'),
  email: fc.constantFrom(owner.email, user.email, ` ${owner.email.toUpperCase()} `),
  password: fc.constantFrom(owner.password, 'wrong password!'),
  link_hacoo: fc.constantFrom('https://www.hacoo.com/product/1', 'https://hacoo.app.link/abc', 'http://hacoo.com/x'),
  link_dhgate: fc.constantFrom('https://www.dhgate.com/product/1.html', 'https://evil.example/x'),
  link_cnfans: fc.constantFrom('https://cnfans.com/product/1', 'javascript:alert(1)'),
  stars: fc.integer({ min: 1, max: 5 }),
};

/** /auth/update's multipart fields are not in the document (it has no body schema); the contract has them. */
const profileFields = ProfileUpdateFields as unknown as JsonSchema;
const undocumentedForms: Record<string, JsonSchema> = {
  'POST /auth/update': { ...profileFields, properties: { ...profileFields.properties, avatar: { type: 'string', format: 'binary' } } },
};

const badTokens = ['Bearer ', 'Bearer not-a-token', 'Basic dXNlcjpwYXNz', `Bearer ${'a'.repeat(300)}`, 'Bearer \u00e9\u00e9'];

/** Reads first, then writes, deletes last: a delete early on would leave the later routes nothing to find. */
const order = (route: RouteSpec) => ['GET', 'POST', 'DELETE'].indexOf(route.method);
const routes = routesOf(readDocument(t.app.swagger())).sort((a, b) => order(a) - order(b));

/**
 * A fuzzed logout or suspension revokes a token; each route starts with working sessions. They are issued directly:
 * fuzzed logins with wrong passwords may well have locked the accounts' sign-in by then.
 */
async function restoreSessions(): Promise<void> {
  // A fuzzed suspension (POST /admin/users/{id}/suspend) would shut the account out of every later route.
  await t.app.db.updateTable('users').set({ suspended_at: null, suspension_reason: null }).where('id', 'in', Object.values(accounts).map((a) => a.id)).execute();
  for (const account of Object.values(accounts)) {
    const check = await t.app.inject({ method: 'GET', url: '/auth/check', headers: { authorization: `Bearer ${account.token}` } });
    if (check.statusCode !== 200) account.token = await issueToken(t.app.db, account.id, 1);
  }
}

const shorten = (text: string) => (text.length > 600 ? `${text.slice(0, 600)}… (${text.length} characters)` : text);

async function send(request: FuzzRequest): Promise<void> {
  const { payload, headers } = await encodeBody(request.body, png);
  // As the site's pages send it: the counting routes answer only the site's Origin (their 403 is tested on its own).
  headers.origin = SITE_ORIGIN;
  if (request.auth === 'bad-token') headers.authorization = badTokens[request.url.length % badTokens.length] ?? 'Bearer x';
  else if (request.auth !== 'anonymous') headers.authorization = `Bearer ${accounts[request.auth].token}`;
  const res = await t.app.inject({ method: request.method, url: request.url, headers, payload });
  const what = `${request.method} ${shorten(request.url)} (${request.auth}, body ${shorten(JSON.stringify(request.body))}) → ${res.statusCode} ${shorten(res.body)}`;

  if (res.statusCode >= 500) throw new Error(`server error: ${what}`);
  if (({} as Record<string, unknown>).polluted !== undefined) throw new Error(`Object.prototype polluted by ${what}`);
  if (!String(res.headers['content-type']).startsWith('application/json')) throw new Error(`not JSON: ${what}`);
  const body: unknown = res.json();

  const message = (body as { message?: unknown } | null)?.message;
  if (res.statusCode === 404 && typeof message === 'string' && message.startsWith('No route for ')) return;
  const route = resolveRoute(routes, request.method, request.url);
  if (!route) throw new Error(`answered by no documented route: ${what}`);
  const { declared, schema } = declaredResponse(route, res.statusCode);
  if (!declared) throw new Error(`status ${res.statusCode} is not documented for ${route.method} ${route.path}: ${what}`);
  if (!schema) throw new Error(`status ${res.statusCode} of ${route.method} ${route.path} documents no JSON body: ${what}`);
  const errors = schemaErrors(schema, body);
  if (errors.length > 0) throw new Error(`the answer breaks the documented schema (${errors.slice(0, 5).join('; ')}): ${what}`);
}

describe(`every documented route, fuzzed from its schemas (${testDialect}, seed ${SEED}, ${RUNS} runs each)`, () => {
  it('covers the whole API', () => {
    expect(routes.length).toBeGreaterThanOrEqual(37);
    const names = routes.map((route) => `${route.method} ${route.path}`);
    expect(names).toEqual(expect.arrayContaining(['GET /products', 'GET /search/suggest']));
  });

  it.each(routes.map((route) => [`${route.method} ${route.path}`, route] as const))('%s', async (name, route) => {
    await restoreSessions();
    const arbitrary = requestArbitrary(route, hints, undocumentedForms[name]);
    if (process.env.FUZZ_SURVEY === '1') {
      const found = new Map<string, string>();
      for (const request of fc.sample(arbitrary, { seed: SEED, numRuns: RUNS })) {
        await send(request).catch((error: unknown) => {
          const text = error instanceof Error ? error.message : String(error);
          const key = text.replace(/ (GET|POST|DELETE) \/.*/s, '').replace(/\d+/g, 'N').slice(0, 200);
          if (!found.has(key)) found.set(key, text.slice(0, 700));
        });
      }
      expect([...found.values()]).toEqual([]);
      return;
    }
    await fc.assert(fc.asyncProperty(arbitrary, send), { seed: SEED, numRuns: RUNS, endOnFailure: process.env.FUZZ_SHRINK !== '1' });
  }, 60_000);
});
