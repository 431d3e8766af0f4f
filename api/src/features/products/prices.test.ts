import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTaxonomy, productForm, registerUser, type RegisteredUser } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let owner: RegisteredUser;

beforeAll(async () => {
  t = await createTestApp();
  await insertTaxonomy(t);
  owner = await registerUser(t);
});
afterAll(() => t.close());

const english = { 'accept-language': 'en' };
const upload = async (extra: Record<string, string>, language = english) =>
  t.request('POST', '/products', { token: owner.token, form: await productForm({}, extra), headers: language });
const storedRow = (id: number) => t.app.db.selectFrom('products').select(['price_minor', 'price_currency']).where('id', '=', id).executeTakeFirstOrThrow();

describe('a price on the product form', () => {
  it.each([
    ['12.40', 'EUR', 1240, 'EUR'],
    ['12,40', 'eur', 1240, 'EUR'],
    ['12', 'USD', 1200, 'USD'],
    [' 12.4 ', 'cny', 1240, 'CNY'],
    ['0.29', 'GBP', 29, 'GBP'],
    ['999999.99', 'Usd', 99_999_999, 'USD'],
  ])('takes "%s" %s and keeps %i minor units of %s', async (amount, currency, minor, stored) => {
    const res = await upload({ price_amount: amount, price_currency: currency });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.results.data.price).toEqual({ amount_minor: minor, currency: stored });
    expect(await storedRow(res.body.results.data.id)).toEqual({ price_minor: minor, price_currency: stored });
  });

  it('is optional: a product without one has price null', async () => {
    const res = await upload({});
    expect(res.status).toBe(201);
    expect(res.body.results.data.price).toBeNull();
    const sentEmpty = await upload({ price_amount: '', price_currency: '' });
    expect(sentEmpty.status).toBe(201);
    expect(sentEmpty.body.results.data.price).toBeNull();
  });

  it.each([
    ['12.345', 'EUR', 'price_amount', 'The price may have at most two decimals.'],
    ['0', 'EUR', 'price_amount', 'The price must be more than 0.'],
    ['0,00', 'EUR', 'price_amount', 'The price must be more than 0.'],
    ['-3', 'EUR', 'price_amount', 'The price must be more than 0.'],
    ['abc', 'EUR', 'price_amount', 'The price must be an amount such as 12.40 or 12,40.'],
    ['1.234,50', 'EUR', 'price_amount', 'The price must be an amount such as 12.40 or 12,40.'],
    ['1000000', 'EUR', 'price_amount', 'The price may not be more than 999999.99.'],
    ['12', 'JPY', 'price_currency', 'The currency must be one of EUR, USD, CNY, GBP.'],
  ])('refuses "%s" %s with a message on %s', async (amount, currency, field, message) => {
    const before = await t.app.db.selectFrom('products').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const res = await upload({ price_amount: amount, price_currency: currency });
    expect(res.status).toBe(422);
    expect(res.body.errors[field]).toEqual([message]);
    const after = await t.app.db.selectFrom('products').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('refuses an amount without a currency, and says both problems at once', async () => {
    const res = await upload({ price_amount: '12.40' });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ price_currency: ['Choose the currency of the price.'] });
    const both = await upload({ price_amount: '1,2,3', price_currency: 'XYZ' });
    expect(both.body.errors).toEqual({
      price_amount: ['The price must be an amount such as 12.40 or 12,40.'],
      price_currency: ['The currency must be one of EUR, USD, CNY, GBP.'],
    });
  });

  it('says what is wrong in the visitor\'s language', async () => {
    const spanish = await upload({ price_amount: '12.345', price_currency: 'EUR' }, { 'accept-language': 'es' });
    expect(spanish.body.errors.price_amount).toEqual(['El precio puede tener como máximo dos decimales.']);
    const german = await upload({ price_amount: '5', price_currency: 'YEN' }, { 'accept-language': 'de' });
    expect(german.body.errors.price_currency).toEqual(['Die Währung muss eine der folgenden sein: EUR, USD, CNY, GBP.']);
    const french = await upload({ price_amount: '5' }, { 'accept-language': 'fr' });
    expect(french.body.errors.price_currency).toEqual(['Choisis la devise du prix.']);
  });
});

describe('a price on edit', () => {
  const edit = async (id: number, extra: Record<string, string>) =>
    t.request('POST', '/products/update', { token: owner.token, form: await productForm({ image: null }, { id: String(id), ...extra }), headers: english });

  it('stays when the form leaves it out, changes when sent, and goes when price_amount is sent empty', async () => {
    const created = (await upload({ price_amount: '19.99', price_currency: 'USD' })).body.results.data;
    const untouched = await edit(created.id, { title: 'Renamed with its price' });
    expect(untouched.status).toBe(200);
    expect(untouched.body.results.data.price).toEqual({ amount_minor: 1999, currency: 'USD' });

    const changed = await edit(created.id, { price_amount: '120', price_currency: 'CNY' });
    expect(changed.body.results.data.price).toEqual({ amount_minor: 12_000, currency: 'CNY' });

    const refused = await edit(created.id, { price_amount: '0.001', price_currency: 'CNY' });
    expect(refused.status).toBe(422);
    expect(await storedRow(created.id)).toEqual({ price_minor: 12_000, price_currency: 'CNY' });

    const cleared = await edit(created.id, { price_amount: '', price_currency: 'CNY' });
    expect(cleared.status).toBe(200);
    expect(cleared.body.results.data.price).toBeNull();
    expect(await storedRow(created.id)).toEqual({ price_minor: null, price_currency: null });
  });
});

describe('the price in every product payload', () => {
  it('is in the product page, the listing, the uploader\'s own list, favourites and search', async () => {
    const created = (await upload({ price_amount: '45,50', price_currency: 'gbp' }, english)).body.results.data;
    const price = { amount_minor: 4550, currency: 'GBP' };
    const fan = await registerUser(t);
    expect((await t.request('POST', `/products/${created.id}/favourite`, { token: fan.token })).status).toBeLessThan(300);

    const page = await t.request('GET', `/products/slug/${created.slug}`);
    expect(page.body.results.data.price).toEqual(price);
    const listing = await t.request('GET', '/products?per_page=50');
    expect(listing.body.results.data.find((p: { id: number }) => p.id === created.id).price).toEqual(price);
    const own = await t.request('GET', '/auth/products?per_page=50', { token: owner.token });
    expect(own.body.results.data.find((p: { id: number }) => p.id === created.id).price).toEqual(price);
    const favourites = await t.request('GET', '/auth/favs', { token: fan.token });
    expect(favourites.body.results.data.find((p: { id: number }) => p.id === created.id).price).toEqual(price);
    const recents = await t.request('GET', '/products/recents');
    expect(recents.body.results.data.find((p: { id: number }) => p.id === created.id).price).toEqual(price);
    // Every summary carries the field, null or not.
    expect(listing.body.results.data.every((p: object) => 'price' in p)).toBe(true);
  });
});
