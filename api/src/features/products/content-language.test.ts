import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTaxonomy, productForm, registerUser, type RegisteredUser, uploadProduct } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let spanish: RegisteredUser;
let german: RegisteredUser;
let reviewer: RegisteredUser;

const setAccountLanguage = (id: number, language: string) => t.app.db.updateTable('users').set({ language }).where('id', '=', id).execute();
const storedLanguage = async (id: number) =>
  (await t.app.db.selectFrom('products').select('language').where('id', '=', id).executeTakeFirstOrThrow()).language;

beforeAll(async () => {
  t = await createTestApp();
  await insertTaxonomy(t);
  spanish = await registerUser(t);
  german = await registerUser(t);
  reviewer = await registerUser(t);
  await setAccountLanguage(german.id, 'de');
});
afterAll(() => t.close());

describe('the language of a product', () => {
  it('defaults to the uploader\'s account language when the form names none', async () => {
    const fromSpanish = await uploadProduct(t, spanish.token, { title: 'Sudadera con capucha gris' });
    const fromGerman = await uploadProduct(t, german.token, { title: 'Graue Kapuzenjacke' });
    // An empty field is a field not sent, as for every optional field of the form.
    const emptyField = await t.request('POST', '/products', { token: german.token, form: await productForm({ title: 'Schwarze Stiefel' }, { language: '' }) });
    expect(emptyField.status).toBe(201);
    expect(emptyField.body.results.data.language).toBe('de');
    expect(await storedLanguage(fromSpanish.id)).toBe('es');
    expect(await storedLanguage(fromGerman.id)).toBe('de');
    expect(fromGerman).toMatchObject({ language: 'de' });
  });

  it('is the one the form sends, and the product page, the lists and "my products" return it', async () => {
    const res = await t.request('POST', '/products', { token: german.token, form: await productForm({ title: 'Black puffer jacket' }, { language: 'en' }) });
    expect(res.status).toBe(201);
    const { id, slug } = res.body.results.data as { id: number; slug: string };
    expect(res.body.results.data.language).toBe('en');
    expect(await storedLanguage(id)).toBe('en');

    const page = await t.request('GET', `/products/slug/${slug}`);
    expect(page.body.results.data.language).toBe('en');
    const list = await t.request('GET', '/products?per_page=50');
    expect(list.body.results.data.find((p: { id: number }) => p.id === id)).toMatchObject({ language: 'en' });
    const own = await t.request('GET', '/auth/products', { token: german.token });
    expect(own.body.results.data.find((p: { id: number }) => p.id === id)).toMatchObject({ language: 'en' });
  });

  it('changes on edit when the form sends one, and stays as it was when it does not', async () => {
    const product = await uploadProduct(t, spanish.token, { title: 'Veste en jean' });
    const edited = await t.request('POST', '/products/update', {
      token: spanish.token,
      form: await productForm({ title: 'Veste en jean', image: null }, { id: String(product.id), language: 'fr' }),
    });
    expect(edited.status).toBe(200);
    expect(edited.body.results.data.language).toBe('fr');

    const untouched = await t.request('POST', '/products/update', {
      token: spanish.token,
      form: await productForm({ title: 'Veste en jean délavé', image: null }, { id: String(product.id) }),
    });
    expect(untouched.status).toBe(200);
    expect(untouched.body.results.data).toMatchObject({ title: 'Veste en jean délavé', language: 'fr' });
    expect(await storedLanguage(product.id)).toBe('fr');
  });

  it('refuses a language the site does not have with a 422 that names the field and the choices, and stores nothing', async () => {
    const before = await t.app.db.selectFrom('products').select(({ fn }) => fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    for (const language of ['tlh', 'EN', 'es-ES', 'español']) {
      const res = await t.request('POST', '/products', { token: spanish.token, form: await productForm({ title: 'Klingon boots' }, { language }) });
      expect(res.status, language).toBe(422);
      expect(res.body.errors).toEqual({ language: ['The language must be one of es, en, de, it, fr.'] });
    }
    const product = await uploadProduct(t, spanish.token, { title: 'Botas de agua' });
    const edit = await t.request('POST', '/products/update', {
      token: spanish.token,
      form: await productForm({ title: 'Botas de agua', image: null }, { id: String(product.id), language: 'xx' }),
    });
    expect(edit.status).toBe(422);
    expect(edit.body.errors).toEqual({ language: ['The language must be one of es, en, de, it, fr.'] });
    expect(await storedLanguage(product.id)).toBe('es');
    const after = await t.app.db.selectFrom('products').select(({ fn }) => fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n) + 1);
  });
});

describe('the language of reviews and biographies', () => {
  it('records a review in the reviewer\'s account language when it is written, and returns it with the reviews', async () => {
    const product = await uploadProduct(t, spanish.token, { title: 'Zapatillas blancas' });
    await setAccountLanguage(reviewer.id, 'it');
    const first = await t.request('POST', `/products/${product.id}/valorations`, { token: reviewer.token, json: { stars: 5, review: 'Bellissime, vestono bene.' } });
    expect(first.status).toBe(201);
    expect(first.body.results.data.valoration.language).toBe('it');

    await setAccountLanguage(reviewer.id, 'en');
    const rewritten = await t.request('POST', `/products/${product.id}/valorations`, { token: reviewer.token, json: { stars: 4, review: 'Great, fits well.' } });
    expect(rewritten.status).toBe(200);
    expect(rewritten.body.results.data.valoration.language).toBe('en');

    const page = await t.request('GET', `/products/slug/${product.slug}`);
    expect(page.body.results.data.valorations.data).toEqual([expect.objectContaining({ review: 'Great, fits well.', language: 'en' })]);
    const received = await t.request('GET', `/users/username/${spanish.username}/valorations`);
    expect(received.status).toBe(200);
    expect(JSON.stringify(received.body)).toContain('"language":"en"');
  });

  it('gives a user\'s page the account language, which the biography is written in', async () => {
    const res = await t.request('GET', `/users/username/${german.username}`);
    expect(res.status).toBe(200);
    expect(res.body.results.data.language).toBe('de');
    const own = await t.request('GET', '/auth/check', { token: spanish.token });
    expect(JSON.stringify(own.body)).toContain('"language":"es"');
  });
});
