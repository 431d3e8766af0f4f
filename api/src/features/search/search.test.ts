import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCatalogueProduct, insertTaxonomy, insertUser } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { correctQuery, editDistance, pickNearest } from './correct-query.js';
import { setVocabularyRebuildInterval } from './vocabulary-repository.js';

// Spanish, the catalogue's language, so categories are labelled as stored (multilingual.test.ts has the others).
const suggestFor = (t: TestApp, q: string) => t.request('GET', `/search/suggest?q=${encodeURIComponent(q)}&lng=es`);

describe('edit distance', () => {
  it('counts a swap of neighbours as one edit', () => {
    expect(editDistance('calidda', 'calidad')).toBe(1);
    expect(editDistance('vaqeros', 'vaqueros')).toBe(1);
    expect(editDistance('abc', 'xyz')).toBe(3);
  });

  it('rejects candidates too far away', () => {
    expect(pickNearest('gorra', ['zapatillas'])).toBeNull();
    expect(pickNearest('zapatilas', ['zapatos', 'zapatillas'])).toBe('zapatillas');
  });
});

describe('typo correction and suggestions', () => {
  let t: TestApp;
  const correct = (q: string) => correctQuery(t.app.db, t.app.dialect, q);

  beforeAll(async () => {
    t = await createTestApp();
    // Rebuilt on the first correction after every write, so the test can follow each write at once.
    setVocabularyRebuildInterval(t.app.db, 0);
    await insertTaxonomy(t);
    await t.app.db.insertInto('categories').values([{ slug: 'zapatillas', name: 'Zapatillas' }, { slug: 'sudaderas', name: 'Sudaderas' }]).execute();
    await t.app.db.insertInto('brands').values({ slug: 'sudamerica', name: 'Sudamérica', image: null }).execute();
    const userId = await insertUser(t);
    await insertCatalogueProduct(t, { userId, title: 'Zapatillas Running', categories: ['zapatillas'] });
    await insertCatalogueProduct(t, { userId, title: 'Sudadera con capucha', categories: ['sudaderas'] });
    await insertCatalogueProduct(t, { userId, title: 'Vaqueros rectos', brand: 'nike', categories: ['pantalones-y-vaqueros'] });
    await insertCatalogueProduct(t, { userId, title: 'Camiseta Básica' });
    await insertCatalogueProduct(t, { userId, title: 'Pijama Secreto', hidden: true });
    for (let i = 0; i < 10; i += 1) await insertCatalogueProduct(t, { userId, title: `Sudadera Modelo ${i}` });
  });
  afterAll(() => t.close());

  it('corrects the three misspellings', async () => {
    expect(await correct('zapatilas')).toEqual({ corrected: 'zapatillas' });
    expect(await correct('sudaderra')).toEqual({ corrected: 'sudadera' });
    expect(await correct('vaqeros')).toEqual({ corrected: 'vaqueros' });
    expect(await correct('Vaqeros RECTOS')).toEqual({ corrected: 'vaqueros rectos' });
  });

  it('never corrects a word found as typed, whatever its accents or case', async () => {
    expect(await correct('sudadera')).toEqual({ corrected: null });
    expect(await correct('ZAPATILLAS running')).toEqual({ corrected: null });
    expect(await correct('básica')).toEqual({ corrected: null });
    expect(await correct('nike')).toEqual({ corrected: null });
    expect(await correct('  ')).toEqual({ corrected: null });
  });

  it('leaves words with nothing close unchanged', async () => {
    expect(await correct('xyzzyq')).toEqual({ corrected: null });
  });

  it('follows the catalogue: new and hidden products change the vocabulary', async () => {
    // A word the multilingual dictionary lacks: the dictionary's words ("chándal") are always known.
    expect(await correct('pijamma')).toEqual({ corrected: null });
    const userId = await insertUser(t);
    const { id } = await insertCatalogueProduct(t, { userId, title: 'Pijama Completo' });
    expect(await correct('pijamma')).toEqual({ corrected: 'pijama' });
    await t.app.db.updateTable('products').set({ hidden: 1 }).where('id', '=', id).execute();
    expect(await correct('pijamma')).toEqual({ corrected: null });
  });

  it('corrects a typo of a dictionary word in any language, with no product using it', async () => {
    expect(await correct('stiefl')).toEqual({ corrected: 'stiefel' });
    expect(await correct('chaquta')).toEqual({ corrected: 'chaqueta' });
    expect(await correct('hodie')).toEqual({ corrected: 'hoodie' });
  });

  it('suggests categories, brands and products by word prefix, accents and case ignored', async () => {
    const res = await suggestFor(t, 'SUD');
    expect(res.status).toBe(200);
    const data = res.body.results.data as { type: string; label: string; slug: string }[];
    expect(data.length).toBe(8);
    expect(data[0]).toEqual({ type: 'category', label: 'Sudaderas', slug: 'sudaderas' });
    expect(data).toContainEqual({ type: 'brand', label: 'Sudamérica', slug: 'sudamerica' });
    expect(data.filter((s) => s.type === 'product').length).toBe(6);

    const accented = (await suggestFor(t, 'basí')).body.results.data as { label: string }[];
    expect(accented.map((s) => s.label)).toEqual(['Camiseta Básica']);
    const inside = (await suggestFor(t, 'vaq')).body.results.data as { type: string; label: string }[];
    expect(inside).toEqual([
      { type: 'category', label: 'Pantalones y Vaqueros', slug: 'pantalones-y-vaqueros' },
      { type: 'product', label: 'Vaqueros rectos', slug: expect.any(String) },
    ]);
  });

  it('never suggests hidden products', async () => {
    expect((await suggestFor(t, 'pija')).body.results.data).toEqual([]);
  });

  it('answers an empty list under two characters and 422 for a missing or too long q', async () => {
    expect((await suggestFor(t, '')).body).toEqual({ results: { data: [] } });
    expect((await suggestFor(t, 's')).body).toEqual({ results: { data: [] } });
    expect((await suggestFor(t, '"*:')).body).toEqual({ results: { data: [] } });
    expect((await t.request('GET', '/search/suggest')).status).toBe(422);
    expect((await suggestFor(t, 'a'.repeat(101))).status).toBe(422);
    expect((await t.request('GET', '/search/suggest?q=a&q=b')).status).toBeLessThan(500);
  });

  it('rebuilds the vocabulary at most once per interval, correcting with the previous one meanwhile', async () => {
    const userId = await insertUser(t);
    await insertCatalogueProduct(t, { userId, title: 'Albornoz Suave' });
    expect(await correct('albornozz')).toEqual({ corrected: 'albornoz' });
    setVocabularyRebuildInterval(t.app.db, 60_000);
    try {
      await insertCatalogueProduct(t, { userId, title: 'Pantuflas Lana' });
      expect(await correct('pantuflass')).toEqual({ corrected: null });
      setVocabularyRebuildInterval(t.app.db, 0);
      expect(await correct('pantuflass')).toEqual({ corrected: 'pantuflas' });
    } finally {
      setVocabularyRebuildInterval(t.app.db, 0);
    }
  });
});
