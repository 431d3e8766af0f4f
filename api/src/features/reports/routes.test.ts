import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTaxonomy, registerUser, type RegisteredUser, uploadProduct } from '../../test/fixtures.js';
import { fromSite, TRUSTED_LOOPBACK } from '../../test/site-origin.js';
import { forgetLimitKeys, limitStores } from '../../test/limit-stores.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let owner: RegisteredUser;

beforeAll(async () => {
  // Behind a trusted proxy: a visitor is an address (X-Forwarded-For), never a browser.
  t = await createTestApp({ trustProxy: TRUSTED_LOOPBACK });
  await insertTaxonomy(t);
  owner = await registerUser(t);
});
afterAll(() => t.close());
afterAll(forgetLimitKeys);

/** Each agent label stands for a visitor of its own: a browser at an address of its own. */
const addresses = new Map<string, string>();
const addressOf = (agent: string) => addresses.get(agent) ?? addresses.set(agent, `10.20.${addresses.size >> 8}.${(addresses.size & 255) + 1}`).get(agent) ?? '';
const report = (json: unknown, options: { token?: string; agent?: string } = {}) => {
  const agent = options.agent ?? 'test-agent';
  return t.request('POST', '/products/report', { json, token: options.token, headers: fromSite({ 'user-agent': agent, 'x-forwarded-for': addressOf(agent) }) });
};

const reportsOf = (productId: number) => t.app.db.selectFrom('reports').selectAll().where('product_id', '=', productId).orderBy('id').execute();

describe('POST /products/report', () => {
  it('stores a visitor\'s report without a login, keyed by a hash rather than the IP', async () => {
    const product = await uploadProduct(t, owner.token);
    const res = await report({ id: product.id, details: '  The link is broken  ' }, { agent: 'browser-a' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ message: 'Product reported', already_reported: false });
    const [row] = await reportsOf(product.id);
    expect(row).toMatchObject({ reason: 'broken_link', details: 'The link is broken', status: 'open', user_id: null });
    expect(row?.visitor).toMatch(/^v:/);
    expect(row?.visitor).not.toContain('127.0.0.1');
  });

  it('answers a repeat from the same visitor kindly, without storing it twice', async () => {
    const product = await uploadProduct(t, owner.token);
    expect((await report({ id: product.id }, { agent: 'browser-b' })).status).toBe(201);
    const again = await report({ id: product.id, details: 'still broken' }, { agent: 'browser-b' });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ message: 'You already reported this product. Thank you, we are looking into it.', already_reported: true });
    expect(await reportsOf(product.id)).toHaveLength(1);

    // Another visitor (another browser) is counted on its own.
    expect((await report({ id: product.id }, { agent: 'browser-c' })).status).toBe(201);
    expect(await reportsOf(product.id)).toHaveLength(2);
  });

  it('stores the signed-in reporter, once per user whatever the browser', async () => {
    const user = await registerUser(t);
    const product = await uploadProduct(t, owner.token);
    expect((await report({ id: product.id }, { token: user.token, agent: 'phone' })).status).toBe(201);
    const again = await report({ id: product.id }, { token: user.token, agent: 'laptop' });
    expect(again.status).toBe(200);
    expect(again.body.already_reported).toBe(true);
    const rows = await reportsOf(product.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ user_id: user.id, visitor: `u:${user.id}` });
  });

  it('answers 404 for an unknown product and 422 for a bad body', async () => {
    const missing = await report({ id: 999999 });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Product not found');
    const bad = await report({ id: 'abc' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.id).toBeDefined();
    const none = await report({});
    expect(none.status).toBe(422);
    const long = await report({ id: 1, details: 'x'.repeat(2001) });
    expect(long.status).toBe(422);
    expect(long.body.errors.details).toBeDefined();
  });
});

describe.each(limitStores)('report rate limit, counted in $name', (store) => {
  it('answers 429 past the configured number of reports', async () => {
    const limited = await createTestApp({ ...store.config(), rateLimits: { ...t.config.rateLimits, report: { max: 2, timeWindow: 60_000 } } });
    try {
      await insertTaxonomy(limited);
      const user = await registerUser(limited);
      const product = await uploadProduct(limited, user.token);
      const statuses: number[] = [];
      let last: { status: number; body: { message?: string } } | undefined;
      for (let i = 0; i < 3; i++) {
        last = await limited.request('POST', '/products/report', { json: { id: product.id }, headers: fromSite({ 'user-agent': `agent-${i}` }) });
        statuses.push(last.status);
      }
      // One visitor (one address, whatever the browser): reported, already reported, then limited.
      expect(statuses).toEqual([201, 200, 429]);
      expect(last?.body.message).toMatch(/Too many requests/);
    } finally {
      await limited.close();
    }
  });
});

describe('a report racing the product\'s deletion', () => {
  it('answers 201 or 404, never 500, and leaves no report behind', async () => {
    // Rounds, because the race is lost only when the delete lands between the route's lookup and its insert.
    for (let round = 0; round < 5; round++) {
      const product = await uploadProduct(t, owner.token);
      const [deleted, ...reports] = await Promise.all([
        t.request('DELETE', `/products/${product.id}`, { token: owner.token }),
        ...Array.from({ length: 10 }, (_, i) => report({ id: product.id }, { agent: `racer-${round}-${i}` })),
      ]);
      expect(deleted?.status).toBe(200);
      for (const answer of reports) expect([201, 404]).toContain(answer.status);
      expect(await reportsOf(product.id)).toHaveLength(0);
    }
  });
});
