import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCatalogueProduct, insertTaxonomy, insertUser } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { fts5Query, searchProductIds, searchTokens, tsQuery } from './search-repository.js';

const search = (t: TestApp, query: string, extra = '') => t.request('GET', `/products/search/${encodeURIComponent(query)}${extra}`);
const ids = (body: { results: { data: { id: number }[] } }) => body.results.data.map((p) => p.id);

describe('search tokens', () => {
  it('keeps only folded words of letters and digits', () => {
    expect(searchTokens('  Pantalón  "VAQUERO" (azul) & 90s:*  ')).toEqual(['pantalon', 'vaquero', 'azul', '90s']);
    expect(searchTokens('"*:&()\'\\;-- !!!')).toEqual([]);
  });

  it('quotes every token and makes only the last one a prefix of at least two letters', () => {
    expect(fts5Query(['near', 'or', 'pa'])).toBe('"near" "or" "pa"*');
    expect(tsQuery(['not', 'pa'])).toBe("'not' & 'pa':*");
    expect(fts5Query(['air', 'm'])).toBe('"air" "m"');
  });
});

describe('GET /products/search/:query', () => {
  let t: TestApp;
  let userId: number;
  const p: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp();
    await insertTaxonomy(t);
    userId = await insertUser(t);
    // The description match is the newer and the shorter product, so only the weight of the title can
    // put the title match first.
    p.titleMatch = (await insertCatalogueProduct(t, {
      userId, title: 'Chaqueta Cortavientos', description: 'Ligera, plegable y resistente al agua, con capucha recogida en el cuello, cierre de cremallera y puños elásticos para los días de viento.',
    })).id;
    p.descriptionMatch = (await insertCatalogueProduct(t, { userId, title: 'Sudadera', description: 'Chaqueta.' })).id;
    p.pantalon = (await insertCatalogueProduct(t, { userId, title: 'Pantalón Cargo', brand: 'nike', categories: ['pantalones-y-vaqueros'], description: 'Con bolsillos.' })).id;
    p.adidas = (await insertCatalogueProduct(t, { userId, title: 'Gorra Clásica', brand: 'adidas', categories: ['accesorios'], description: 'Algodón.' })).id;
    p.hidden = (await insertCatalogueProduct(t, { userId, title: 'Pantalón Oculto', hidden: true })).id;
    p.operators = (await insertCatalogueProduct(t, { userId, title: 'Not Near Or And Edition', description: 'Palabras raras.' })).id;
  });
  afterAll(async () => t.close());

  it('is accent- and case-insensitive both ways', async () => {
    for (const query of ['pantalon', 'PANTALÓN', 'Pantalón', 'pantalón cargo']) {
      const res = await search(t, query);
      expect(res.status, query).toBe(200);
      expect(ids(res.body), query).toEqual([p.pantalon]);
    }
    expect(ids((await search(t, 'CLASICA')).body)).toEqual([p.adidas]);
  });

  it('matches words of the brand, the categories and the description', async () => {
    expect(ids((await search(t, 'adidas')).body)).toEqual([p.adidas]);
    expect(ids((await search(t, 'nike pantalon')).body)).toEqual([p.pantalon]);
    expect(ids((await search(t, 'accesorios')).body)).toEqual([p.adidas]);
    expect(ids((await search(t, 'vaqueros')).body)).toEqual([p.pantalon]);
    expect(ids((await search(t, 'bolsillos')).body)).toEqual([p.pantalon]);
  });

  it('needs every word', async () => {
    expect(ids((await search(t, 'adidas pantalon')).body)).toEqual([]);
  });

  it('matches the last word as a prefix, for results while typing', async () => {
    expect(ids((await search(t, 'panta')).body)).toEqual([p.pantalon]);
    expect(ids((await search(t, 'cargo pan')).body)).toEqual([p.pantalon]);
    // Only the last word: a finished word must be whole.
    expect(ids((await search(t, 'panta cargo')).body)).toEqual([]);
  });

  it('ranks a title match before a description match', async () => {
    const res = await search(t, 'chaqueta');
    expect(ids(res.body)).toEqual([p.titleMatch, p.descriptionMatch]);
  });

  it('never shows hidden products', async () => {
    const res = await search(t, 'oculto');
    expect(res.status).toBe(200);
    expect(res.body.results.data).toEqual([]);
    expect(res.body.results.meta.pagination.total).toBe(0);
  });

  it('treats quotes, wildcards and operators as plain text', async () => {
    for (const query of ['"', "'", '*', ':', '&', '(', ')', '"pantalon', 'pantalon"', 'pan*', 'a:*', 'title:pantalon', 'NEAR(pantalon cargo)',
      'pantalon OR adidas', 'NOT pantalon', '-pantalon', '^pantalon', '!!!', "'; drop table products; --", '\\', '%', '_', '{}', '[x]', 'x & | y', '<->']) {
      const res = await search(t, query);
      expect(res.status, query).toBe(200);
      expect(res.body.results.meta.pagination, query).toBeDefined();
    }
    // Quotes and wildcards only delimit words.
    expect(ids((await search(t, '"pantalón"*')).body)).toEqual([p.pantalon]);
    // OR is a word to find, not "either".
    expect(ids((await search(t, 'pantalon OR adidas')).body)).toEqual([]);
    expect(ids((await search(t, 'not near or and')).body)).toEqual([p.operators]);
    expect(ids((await search(t, 'NEAR(edition)')).body)).toEqual([p.operators]);
  });

  it('finds nothing, without an error, when nothing is a word', async () => {
    for (const query of ['!!!', ' ', '***']) {
      const res = await search(t, query);
      expect(res.status, query).toBe(200);
      expect(res.body.results).toEqual({ data: [], meta: { pagination: { total: 0, count: 0, per_page: 20, current_page: 1, total_pages: 1 } } });
    }
  });

  it('answers a query longer than allowed with a 4xx', async () => {
    const res = await search(t, 'pantalon '.repeat(30));
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });

  it('pages through the ranked matches', async () => {
    const first = await search(t, 'chaqueta', '?per_page=1');
    expect(ids(first.body)).toEqual([p.titleMatch]);
    expect(first.body.results.meta.pagination).toEqual({ total: 2, count: 1, per_page: 1, current_page: 1, total_pages: 2 });
    const second = await search(t, 'chaqueta', '?per_page=1&page=2');
    expect(ids(second.body)).toEqual([p.descriptionMatch]);
    const beyond = await search(t, 'chaqueta', '?per_page=1&page=5');
    expect(beyond.body.results).toEqual({ data: [], meta: { pagination: { total: 2, count: 0, per_page: 1, current_page: 5, total_pages: 2 } } });
    const tooMany = await search(t, 'chaqueta', '?per_page=51');
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors).toHaveProperty('per_page');
  });

  it('gives list payloads without store links', async () => {
    const res = await search(t, 'pantalon');
    expect(res.body.results.data[0]).toMatchObject({ id: p.pantalon, title: 'Pantalón Cargo', brand: { slug: 'nike' } });
    expect(res.body.results.data[0]).not.toHaveProperty('link_hacoo');
  });

  describe('searchProductIds', () => {
    it('ranks only the newest candidates, and counts them as the total', async () => {
      const common: number[] = [];
      // The oldest has the word in its title twice: it ranks first whenever it is a candidate.
      common.push((await insertCatalogueProduct(t, { userId, title: 'Calcetines Calcetines', description: 'Calcetines.' })).id);
      for (let i = 0; i < 4; i++) common.push((await insertCatalogueProduct(t, { userId, title: `Par ${i}`, description: 'Calcetines.' })).id);
      const all = await searchProductIds(t.app.db, t.app.dialect, 'calcetines', 1, 50);
      expect(all.total).toBe(5);
      expect(all.ids[0]).toBe(common[0]);
      const newest = await searchProductIds(t.app.db, t.app.dialect, 'calcetines', 1, 50, { candidates: 3 });
      expect(newest.total).toBe(3);
      expect([...newest.ids].sort((a, b) => a - b)).toEqual(common.slice(-3));
    });

    it('leaves hidden candidates out of the results and the total', async () => {
      const visible = (await insertCatalogueProduct(t, { userId, title: 'Bufanda' })).id;
      await insertCatalogueProduct(t, { userId, title: 'Bufanda', hidden: true });
      const res = await searchProductIds(t.app.db, t.app.dialect, 'bufanda', 1, 10, { candidates: 2 });
      expect(res).toEqual({ ids: [visible], total: 1 });
    });
  });
});
