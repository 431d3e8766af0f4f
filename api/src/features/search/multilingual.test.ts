import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCatalogueProduct, insertUser } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { indexProduct, unindexProduct } from './index-repository.js';
import { setVocabularyRebuildInterval } from './vocabulary-repository.js';

interface ListingBody {
  results: {
    data: { id: number; title: string }[];
    meta: { corrected_query: string | null; understood: { categories: { slug: string; name: string }[]; colors: string[] } | null };
  };
}

describe('search in five languages (GET /products?q=)', () => {
  let t: TestApp;
  const p: Record<string, number> = {};

  async function search(q: string, extra = ''): Promise<ListingBody> {
    const res = await t.request('GET', `/products?q=${encodeURIComponent(q)}&per_page=24${extra}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as ListingBody;
  }
  const ids = (body: ListingBody) => body.results.data.map((d) => d.id);

  beforeAll(async () => {
    t = await createTestApp();
    setVocabularyRebuildInterval(t.app.db, 0);
    await t.app.db.insertInto('categories').values([
      { slug: 'calzado', name: 'Calzado' },
      { slug: 'sneakers', name: 'Sneakers' },
      { slug: 'ropa-de-abrigo', name: 'Ropa de Abrigo' },
      { slug: 'camisetas-y-tops', name: 'Camisetas y Tops' },
      { slug: 'accesorios', name: 'Accesorios' },
    ]).execute();
    await t.app.db.insertInto('brands').values([{ slug: 'various', name: 'Various', image: null }]).execute();
    const userId = await insertUser(t, 'polyglot');
    const make = async (key: string, title: string, categories: string[], colors: string[], description = 'Buena calidad.') => {
      p[key] = (await insertCatalogueProduct(t, { userId, title, categories, colors, description })).id;
    };
    await make('chelsea', 'Botas Chelsea de ante en marrón', ['calzado'], ['marrón']);
    await make('botines', 'Botines de piel en negro', ['calzado'], ['negro']);
    await make('retro', 'Zapatillas retro en negro', ['sneakers', 'calzado'], ['negro']);
    await make('chunky', 'Zapatillas chunky en blanco', ['sneakers', 'calzado'], ['blanco']);
    await make('running', 'Zapatillas de running', ['sneakers'], ['negro']);
    await make('hoodie', 'Sudadera con capucha en gris', ['ropa-de-abrigo', 'camisetas-y-tops'], ['gris']);
    await make('puffer', 'Chaqueta puffer en negro', ['ropa-de-abrigo'], ['negro']);
    await make('tee', 'Camiseta básica en negro', ['camisetas-y-tops'], ['negro'], 'Combina con unos vaqueros negros.');
    await make('cap', 'Gorra de béisbol en azul', ['accesorios'], ['azul']);
    await make('worker', 'Boots Worker en negro', ['calzado'], ['negro']);
  });

  afterAll(async () => {
    await t.close();
  });

  it.each(['boots', 'Stiefel', 'stivali', 'bottes', 'botas', 'bota', 'boot'])('"%s" finds the boots', async (q) => {
    expect(ids(await search(q))).toContain(p.chelsea);
  });

  it.each(['black sneakers', 'schwarze Sneaker', 'sneakers noires', 'zapatillas negras', 'scarpe da ginnastica nere', 'black trainers'])(
    '"%s" finds the black sneakers first',
    async (q) => {
      const found = ids(await search(q));
      expect(new Set(found.slice(0, 2))).toEqual(new Set([p.retro, p.running]));
      expect(found).not.toContain(p.chunky);
    },
  );

  it.each([
    ['hoodie', 'hoodie'],
    ['felpa', 'hoodie'],
    ['Kapuzenpullover', 'hoodie'],
    ['jacket', 'puffer'],
    ['Jacke', 'puffer'],
    ['doudoune', 'puffer'],
    ['tee', 'tee'],
    ['cap', 'cap'],
    ['casquette', 'cap'],
    ['puffer', 'puffer'],
  ])('"%s" finds the %s', async (q, key) => {
    expect(ids(await search(q))[0]).toBe(p[key as string]);
  });

  it('finds sneakers by the community\'s English words', async () => {
    const found = ids(await search('trainers'));
    expect(new Set(found)).toEqual(new Set([p.retro, p.chunky, p.running]));
  });

  it('finds plural and gender forms of each other', async () => {
    const black = [p.botines, p.retro, p.running, p.puffer, p.tee, p.worker];
    expect(new Set(ids(await search('negras')))).toEqual(new Set(black));
    expect(new Set(ids(await search('noires')))).toEqual(new Set(black));
    expect(ids(await search('Jacken'))[0]).toBe(p.puffer);
    expect(ids(await search('chaquetas'))[0]).toBe(p.puffer);
    expect(ids(await search('camisetas negras'))[0]).toBe(p.tee);
    expect(ids(await search('sudaderas'))).toEqual([p.hoodie]);
  });

  it('corrects a typo of a translated word and searches it in every language', async () => {
    const body = await search('stiefl');
    expect(body.results.meta.corrected_query).toBe('stiefel');
    expect(ids(body)).toContain(p.chelsea);
    // An inflection the dictionary knows is no typo.
    expect((await search('negras')).results.meta.corrected_query).toBeNull();
  });

  it('ranks a product whose title has the typed words above one found through a translation', async () => {
    const found = ids(await search('boots'));
    expect(found[0]).toBe(p.worker);
    expect(found.indexOf(p.chelsea as number)).toBeGreaterThan(0);
  });

  it('says which categories and colours it understood, and searches the literal words on request', async () => {
    const body = await search('black sneakers');
    expect(body.results.meta.understood).toEqual({ categories: [{ slug: 'sneakers', name: 'Sneakers' }], colors: ['black'] });
    expect((await search('schwarze Sneaker')).results.meta.understood).toEqual(body.results.meta.understood);
    expect((await search('boots')).results.meta.understood).toBeNull();
    const literal = await search('black sneakers', '&literal=true');
    expect(literal.results.meta.understood).toBeNull();
    expect(ids(literal)).toEqual([]);
    expect(ids(await search('zapatillas negras', '&literal=true'))).toEqual([]);
    expect(ids(await search('vaqueros negros', '&literal=true'))).toEqual([p.tee]);
  });

  it('keeps the filters on what it understood', async () => {
    expect(ids(await search('black sneakers', '&color=blanco'))).toEqual([]);
    expect(ids(await search('boots', '&category=sneakers'))).toEqual([]);
  });

  it('suggests categories and colours in the visitor\'s language, products as written', async () => {
    const suggest = async (q: string, lng: string | null, headers: Record<string, string> = {}) => {
      const res = await t.request('GET', `/search/suggest?q=${encodeURIComponent(q)}${lng ? `&lng=${lng}` : ''}`, { headers });
      expect(res.status).toBe(200);
      return (res.body as { results: { data: { type: string; label: string; slug: string }[] } }).results.data;
    };
    expect(await suggest('chaus', 'fr')).toEqual([{ type: 'category', label: 'Chaussures', slug: 'calzado' }]);
    expect(await suggest('calz', 'fr')).toEqual([{ type: 'category', label: 'Chaussures', slug: 'calzado' }]);
    expect(await suggest('schw', 'de')).toEqual([{ type: 'colour', label: 'schwarz', slug: 'black' }]);
    const negro = await suggest('neg', 'es');
    expect(negro[0]).toEqual({ type: 'colour', label: 'negro', slug: 'black' });
    expect(negro.slice(1).map((s) => s.type)).toEqual(negro.slice(1).map(() => 'product'));
    expect(await suggest('zapatillas re', 'de')).toEqual([{ type: 'product', label: 'Zapatillas retro en negro', slug: expect.any(String) }]);
    // The same URL in two languages by Accept-Language: the read cache keeps them apart.
    expect(await suggest('acces', null, { 'accept-language': 'de-DE,de;q=0.9' })).toEqual([{ type: 'category', label: 'Accessoires', slug: 'accesorios' }]);
    expect(await suggest('acces', null, { 'accept-language': 'it' })).toEqual([{ type: 'category', label: 'Accessori', slug: 'accesorios' }]);
    expect(await suggest('acces', null)).toEqual([{ type: 'category', label: 'Accessories', slug: 'accesorios' }]);
  });

  it('keeps the stem index in step with a product\'s edits and deletion', async () => {
    const { dialect, db } = t.app;
    await indexProduct(db, dialect, p.cap as number, { title: 'Mochila de lona', brand: 'Various', categories: ['Accesorios'], description: '', colours: ['azul'] });
    expect(ids(await search('Rucksack'))).toEqual([p.cap]);
    // Fresh words each time: GET /products answers from the read cache for a URL asked before.
    expect(ids(await search('Kappe'))).toEqual([]);
    await unindexProduct(db, dialect, p.cap as number);
    if (dialect === 'postgres') await db.deleteFrom('products').where('id', '=', p.cap as number).execute();
    expect(ids(await search('zaino'))).toEqual([]);
  });
});
