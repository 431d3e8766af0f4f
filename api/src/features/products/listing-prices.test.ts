import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dailyDocument, type FakeEcb, startFakeEcb } from '../../test/fake-ecb.js';
import { insertCatalogueProduct, insertTaxonomy, insertUser } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { RatesRefresher } from '../prices/rates-refresher.js';

let t: TestApp;
let fake: FakeEcb;
const ids: Record<string, number> = {};

/**
 * At the shipped rates (USD 1.1269, CNY 7.5554, GBP 0.8488 per euro) the products cost, in euro cents:
 * A and G 1000, D 1060.3, C 1064.9, B 1323.6; E and F have no price. Inserted A to G, so G is the newest.
 */
const CATALOGUE = [
  ['A', { amountMinor: 1000, currency: 'EUR' }],
  ['B', { amountMinor: 10_000, currency: 'CNY' }],
  ['C', { amountMinor: 1200, currency: 'USD' }],
  ['D', { amountMinor: 900, currency: 'GBP' }],
  ['E', null],
  ['F', null],
  ['G', { amountMinor: 1000, currency: 'EUR' }],
] as const;

beforeAll(async () => {
  t = await createTestApp();
  await insertTaxonomy(t);
  const owner = await insertUser(t);
  for (const [name, price] of CATALOGUE) {
    ids[name] = (await insertCatalogueProduct(t, { userId: owner, title: `Gorra ${name}`, price: price ?? undefined })).id;
  }
  fake = await startFakeEcb({ status: 500, body: '' });
});
afterAll(async () => {
  await fake.close();
  await t.close();
});

const nameOf = (id: number) => Object.entries(ids).find(([, value]) => value === id)?.[0] ?? `#${id}`;
async function names(query: string): Promise<string[]> {
  const res = await t.request('GET', `/products?${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.results.data.map((p: { id: number }) => nameOf(p.id));
}

describe('GET /products by price', () => {
  it('sorts cheapest first across currencies, ties newest first, products without a price last', async () => {
    expect(await names('sort=price_asc')).toEqual(['G', 'A', 'D', 'C', 'B', 'F', 'E']);
  });

  it('sorts dearest first, products without a price still last', async () => {
    expect(await names('sort=price_desc')).toEqual(['B', 'C', 'D', 'G', 'A', 'F', 'E']);
  });

  it('sorts the matches of q the same way, and pages through the order', async () => {
    expect(await names('q=gorra&sort=price_asc')).toEqual(['G', 'A', 'D', 'C', 'B', 'F', 'E']);
    expect(await names('sort=price_asc&per_page=3&page=2')).toEqual(['C', 'B', 'F']);
    expect(await names('q=gorra&sort=price_desc&per_page=2&page=2')).toEqual(['D', 'G']);
  });

  it('keeps a range in euros, bounds included, and leaves out products without a price', async () => {
    expect(await names('price_min=10.60&price_max=13&sort=price_asc')).toEqual(['D', 'C']);
    expect(await names('price_min=10&price_max=10')).toEqual(['G', 'A']);
    expect(await names('price_min=0')).toEqual(['G', 'D', 'C', 'B', 'A']);
    const res = await t.request('GET', '/products?price_max=10.65');
    expect(res.body.results.meta.pagination.total).toBe(4);
  });

  it('keeps a range in another currency, compared as the visitor sees the prices there', async () => {
    // In dollars: A and G 11.27, D 11.95, C 12.00 exactly, B 14.92.
    expect(await names('currency=USD&price_max=12&sort=price_asc')).toEqual(['G', 'A', 'D', 'C']);
    expect(await names('currency=USD&price_max=11.99&sort=price_asc')).toEqual(['G', 'A', 'D']);
    expect(await names('currency=CNY&price_min=100&sort=price_desc')).toEqual(['B']);
    expect(await names('currency=GBP&price_min=9&price_max=9&sort=price_asc')).toEqual(['D']);
  });

  it('finds nothing (not an error) for a minimum above the maximum', async () => {
    const res = await t.request('GET', '/products?price_min=20&price_max=10');
    expect(res.status).toBe(200);
    expect(res.body.results.data).toEqual([]);
    expect(res.body.results.meta.pagination.total).toBe(0);
  });

  it('refuses a bound that is not a price, or a currency it does not know', async () => {
    for (const query of ['price_min=-1', 'price_max=abc', 'currency=JPY', 'price_max=1000000', 'sort=cheapest']) {
      expect((await t.request('GET', `/products?${query}`)).status, query).toBe(422);
    }
  });

  it('follows a price written straight to the database', async () => {
    await t.app.db.updateTable('products').set({ price_minor: 1, price_currency: 'CNY' }).where('id', '=', ids.E ?? 0).execute();
    expect(await names('sort=price_asc&after=write')).toEqual(['E', 'G', 'A', 'D', 'C', 'B', 'F']);
    await t.app.db.updateTable('products').set({ price_minor: null, price_currency: null }).where('id', '=', ids.E ?? 0).execute();
    expect(await names('sort=price_asc&after=clear')).toEqual(['G', 'A', 'D', 'C', 'B', 'F', 'E']);
  });

  it('re-sorts at new rates as soon as they are fetched', async () => {
    // The yuan twice as dear: B is 661.8 euro cents, the cheapest; the dollar at par: C 1200, and in dollars D 10.60.
    fake.answer = { status: 200, body: dailyDocument('2026-11-06', { USD: '1.0000', CNY: '15.1108', GBP: '0.8488' }) };
    const refresher = new RatesRefresher({
      db: t.app.db, config: { url: fake.url, refreshMs: 3_600_000, timeoutMs: 5_000 }, userAgent: 'test', log: { info: () => {}, warn: () => {} },
    });
    expect(await refresher.refresh()).toBe('changed');
    expect(await names('sort=price_asc&rates=new')).toEqual(['B', 'G', 'A', 'D', 'C', 'F', 'E']);
    expect(await names('currency=USD&price_max=10.5&sort=price_asc&rates=new')).toEqual(['B', 'G', 'A']);
    expect((await t.request('GET', '/rates')).body.results.data).toMatchObject({ date: '2026-11-06', rates: { USD: 1, CNY: 15.1108 } });
  });
});
