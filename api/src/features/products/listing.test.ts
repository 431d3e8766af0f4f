import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCatalogueProduct, insertTaxonomy, insertUser } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { colourSpellings } from './listing-repository.js';

interface Listed {
  id: number;
  platforms: string[];
}
interface ListingBody {
  results: {
    data: Listed[];
    meta: {
      pagination: { total: number; count: number; per_page: number; current_page: number; total_pages: number };
      facets: {
        brand: { slug: string; name: string; count: number }[];
        category: { slug: string; name: string; count: number }[];
        platform: { key: string; count: number }[];
        color: { key: string; count: number }[];
      };
      corrected_query: string | null;
    };
  };
}

describe('GET /products', () => {
  let t: TestApp;
  const p: Record<'a' | 'b' | 'c' | 'd' | 'hidden', number> = { a: 0, b: 0, c: 0, d: 0, hidden: 0 };

  async function list(query = ''): Promise<ListingBody> {
    const res = await t.request('GET', `/products${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as ListingBody;
  }
  const ids = (body: ListingBody) => body.results.data.map((item) => item.id);
  const counts = (facet: { count: number; slug?: string; key?: string }[]) =>
    Object.fromEntries(facet.map((v) => [v.slug ?? v.key, v.count]));

  beforeAll(async () => {
    t = await createTestApp();
    await insertTaxonomy(t);
    const userId = await insertUser(t, 'lister');
    const reviewer = await insertUser(t);
    const reviewer2 = await insertUser(t);
    const db = t.app.db;
    const make = async (
      title: string, brand: string, categories: string[], colors: string[], links: { dhgate: boolean; cnfans: boolean }, downloads: number,
      stars: number[], extra: { hidden?: boolean; description?: string } = {},
    ) => {
      const { id } = await insertCatalogueProduct(t, { userId, title, brand, categories, hidden: extra.hidden, description: extra.description });
      await db.updateTable('products').set({
        colors: JSON.stringify(colors),
        link_dhgate: links.dhgate ? `https://www.dhgate.com/product/${id}.html` : null,
        link_cnfans: links.cnfans ? `https://cnfans.com/product/${id}` : null,
        downloads,
      }).where('id', '=', id).execute();
      const now = new Date().toISOString();
      for (const [i, s] of stars.entries()) {
        await db.insertInto('valorations').values({ product_id: id, user_id: i === 0 ? reviewer : reviewer2, stars: s, review: null, created_at: now, updated_at: now }).execute();
      }
      return id;
    };
    p.a = await make('Zapatillas Running', 'nike', ['sneakers'], ['negro', 'blanco'], { dhgate: true, cnfans: false }, 5, [5, 5]);
    p.b = await make('Zapatillas Basket', 'adidas', ['sneakers', 'accesorios'], ['Black'], { dhgate: false, cnfans: true }, 50, [4]);
    p.c = await make('Vaqueros Slim', 'nike', ['pantalones-y-vaqueros'], ['azul'], { dhgate: true, cnfans: true }, 20, [5]);
    p.d = await make('Gorra Roja', 'various', ['accesorios'], ['rojo', 'Fucsia'], { dhgate: false, cnfans: false }, 0, [], { description: 'Ideal para running y verano.' });
    p.hidden = await make('Zapatillas Ocultas', 'nike', ['sneakers'], ['negro'], { dhgate: true, cnfans: true }, 1000, [5], { hidden: true });
  });
  afterAll(async () => t.close());

  describe('sorting', () => {
    it('defaults to newest first without q, and never lists hidden products', async () => {
      const body = await list();
      expect(ids(body)).toEqual([p.d, p.c, p.b, p.a]);
      expect(body.results.meta.pagination).toEqual({ total: 4, count: 4, per_page: 20, current_page: 1, total_pages: 1 });
    });

    it('sorts by downloads with popular', async () => {
      expect(ids(await list('?sort=popular'))).toEqual([p.b, p.c, p.a, p.d]);
    });

    it('sorts by average stars, then number of reviews, with rating', async () => {
      expect(ids(await list('?sort=rating'))).toEqual([p.a, p.c, p.b, p.d]);
    });

    it('ranks by relevance by default with q, and by any other sort when asked', async () => {
      // "running" is in A's title and only in D's description.
      expect(ids(await list('?q=running'))).toEqual([p.a, p.d]);
      expect(ids(await list('?q=running&sort=new'))).toEqual([p.d, p.a]);
      expect(ids(await list('?q=RUNNÍNG&sort=relevance'))).toEqual([p.a, p.d]);
    });

    it('treats relevance without q as newest first, and a q without words as no q', async () => {
      expect(ids(await list('?sort=relevance'))).toEqual([p.d, p.c, p.b, p.a]);
      expect(ids(await list(`?q=${encodeURIComponent('"*')}`))).toEqual([p.d, p.c, p.b, p.a]);
    });

    it('pages like the other paged reads', async () => {
      const body = await list('?sort=popular&per_page=3&page=2');
      expect(ids(body)).toEqual([p.d]);
      expect(body.results.meta.pagination).toEqual({ total: 4, count: 1, per_page: 3, current_page: 2, total_pages: 2 });
    });
  });

  describe('filters', () => {
    it('matches q accent- and case-insensitively, the last word as a prefix', async () => {
      expect(ids(await list('?q=zapatilla'))).toHaveLength(2);
      expect(new Set(ids(await list('?q=ZAPATILLAS')))).toEqual(new Set([p.a, p.b]));
      expect(ids(await list('?q=nothingmatches'))).toEqual([]);
    });

    it('filters by category and brand slugs, any of the repeated values', async () => {
      expect(ids(await list('?category=accesorios'))).toEqual([p.d, p.b]);
      expect(ids(await list('?category=accesorios&category=pantalones-y-vaqueros'))).toEqual([p.d, p.c, p.b]);
      expect(ids(await list('?brand=nike'))).toEqual([p.c, p.a]);
      expect(ids(await list('?brand=nike&brand=various'))).toEqual([p.d, p.c, p.a]);
      expect(ids(await list('?brand=unknown-brand'))).toEqual([]);
    });

    it('filters by the stores a product has a link on, and lists them without the links', async () => {
      expect(ids(await list('?platform=cnfans'))).toEqual([p.c, p.b]);
      expect(ids(await list('?platform=dhgate&platform=cnfans'))).toEqual([p.c, p.b, p.a]);
      const body = await list();
      const byId = new Map(body.results.data.map((item) => [item.id, item]));
      expect(byId.get(p.a)?.platforms).toEqual(['hacoo', 'dhgate']);
      expect(byId.get(p.c)?.platforms).toEqual(['hacoo', 'dhgate', 'cnfans']);
      expect(byId.get(p.d)?.platforms).toEqual(['hacoo']);
      for (const item of body.results.data) for (const field of ['link_hacoo', 'link_dhgate', 'link_cnfans']) expect(item).not.toHaveProperty(field);
    });

    it('matches a known colour by any of its names in any language, and other names as stored', async () => {
      expect(ids(await list('?color=black'))).toEqual([p.b, p.a]);
      expect(ids(await list('?color=NEGRO'))).toEqual([p.b, p.a]);
      expect(ids(await list('?color=schwarz&color=azul'))).toEqual([p.c, p.b, p.a]);
      expect(ids(await list('?color=fucsia'))).toEqual([p.d]);
      expect(colourSpellings('Marrón')).toEqual(expect.arrayContaining(['marrón', 'marron', 'brown', 'braun']));
    });

    it('keeps products whose average rating is at least min_rating', async () => {
      expect(ids(await list('?min_rating=5'))).toEqual([p.c, p.a]);
      expect(ids(await list('?min_rating=4'))).toEqual([p.c, p.b, p.a]);
      expect(ids(await list('?min_rating=1'))).not.toContain(p.d);
    });

    it('combines filters, q and a sort', async () => {
      expect(ids(await list('?q=zapatillas&brand=adidas&platform=cnfans&color=negro&min_rating=4&category=sneakers'))).toEqual([p.b]);
      expect(ids(await list('?brand=nike&brand=adidas&platform=dhgate&sort=popular'))).toEqual([p.c, p.a]);
      expect(ids(await list('?category=sneakers&min_rating=5&color=blanco'))).toEqual([p.a]);
    });
  });

  describe('facets', () => {
    it('counts every value without filters', async () => {
      const { facets } = (await list()).results.meta;
      expect(counts(facets.brand)).toEqual({ nike: 2, adidas: 1, various: 1 });
      expect(facets.brand).toContainEqual({ slug: 'nike', name: 'Nike', count: 2 });
      expect(counts(facets.category)).toEqual({ sneakers: 2, accesorios: 2, 'pantalones-y-vaqueros': 1 });
      expect(facets.platform).toEqual([{ key: 'hacoo', count: 4 }, { key: 'dhgate', count: 2 }, { key: 'cnfans', count: 2 }]);
      expect(counts(facets.color)).toEqual({ black: 2, white: 1, blue: 1, red: 1, fucsia: 1 });
    });

    it('leaves a facet\'s own filter out of its counts, and applies all the others (checked against plain SQL)', async () => {
      const { facets } = (await list('?brand=nike&platform=cnfans&color=black')).results.meta;
      const db = t.app.db;
      const cnfans = sql`p.link_cnfans is not null and p.link_cnfans <> ''`;
      const black = sql`(lower(p.colors) like '%negro%' or lower(p.colors) like '%black%')`;
      const nike = sql`p.brand_id = (select id from brands where slug = 'nike')`;
      const grouped = async (join: ReturnType<typeof sql>, key: ReturnType<typeof sql>, where: ReturnType<typeof sql>) => {
        const rows = await sql<{ key: string; count: number | string }>`select ${key} as key, count(*) as count from products p ${join}
          where p.hidden = 0 and ${where} group by ${key}`.execute(db);
        return Object.fromEntries(rows.rows.map((r) => [r.key, Number(r.count)]));
      };
      expect(counts(facets.brand)).toEqual(await grouped(sql`join brands b on b.id = p.brand_id`, sql`b.slug`, sql`${cnfans} and ${black}`));
      expect(counts(facets.brand)).toEqual({ adidas: 1 });
      expect(counts(facets.category)).toEqual(await grouped(
        sql`join product_categories pc on pc.product_id = p.id join categories c on c.id = pc.category_id`, sql`c.slug`, sql`${nike} and ${cnfans} and ${black}`,
      ));
      const platformRows = await sql<{ hacoo: number | string; dhgate: number | string; cnfans: number | string }>`select
          count(*) as hacoo,
          sum(case when p.link_dhgate is not null then 1 else 0 end) as dhgate,
          sum(case when p.link_cnfans is not null then 1 else 0 end) as cnfans
        from products p where p.hidden = 0 and ${nike} and ${black}`.execute(db);
      const expected = platformRows.rows[0];
      expect(facets.platform).toEqual([
        { key: 'hacoo', count: Number(expected?.hacoo) }, { key: 'dhgate', count: Number(expected?.dhgate ?? 0) }, { key: 'cnfans', count: Number(expected?.cnfans ?? 0) },
      ]);
      expect(facets.platform).toEqual([{ key: 'hacoo', count: 1 }, { key: 'dhgate', count: 1 }, { key: 'cnfans', count: 0 }]);
      const colourTotal = await sql<{ count: number | string }>`select count(*) as count from products p where p.hidden = 0 and ${nike} and ${cnfans}`.execute(db);
      expect(colourTotal.rows[0] && Number(colourTotal.rows[0].count)).toBe(1);
      expect(counts(facets.color)).toEqual({ blue: 1 });
    });

    it('counts within the q matches', async () => {
      const { facets, pagination } = (await list('?q=zapatillas&brand=adidas')).results.meta;
      expect(pagination.total).toBe(1);
      expect(counts(facets.brand)).toEqual({ nike: 1, adidas: 1 });
      expect(counts(facets.category)).toEqual({ sneakers: 1, accesorios: 1 });
    });
  });

  describe('typo tolerance', () => {
    it('corrects a misspelled word, says so, and finds what was meant', async () => {
      const body = await list('?q=zapatilas');
      expect(body.results.meta.corrected_query).toBe('zapatillas');
      expect(ids(body).sort()).toEqual([p.a, p.b].sort());
      expect(body.results.meta.pagination.total).toBe(2);
      const vaqueros = await list('?q=vaqeros');
      expect(vaqueros.results.meta.corrected_query).toBe('vaqueros');
      expect(ids(vaqueros)).toEqual([p.c]);
    });

    it('corrects only the misspelled word of several, and the filters still apply', async () => {
      const body = await list('?q=zapatilas+running&brand=nike');
      expect(body.results.meta.corrected_query).toBe('zapatillas running');
      expect(ids(body)).toEqual([p.a]);
    });

    it('takes words found as typed, and a last word that starts a known word, as they are', async () => {
      for (const q of ['zapatillas', 'ZAPATILLAS', 'zapat', 'vaqueros slim']) {
        const body = await list(`?q=${q}`);
        expect(body.results.meta.corrected_query, q).toBeNull();
        expect(body.results.data.length, q).toBeGreaterThan(0);
      }
      expect((await list()).results.meta.corrected_query).toBeNull();
    });

    it('ranks an exact match before the products only the correction finds', async () => {
      // "runing" is in no title, brand or category, so it is corrected to "running"; the one product whose
      // description carries "runing" as typed is an exact match and comes first.
      const { id } = await insertCatalogueProduct(t, {
        userId: await insertUser(t), title: 'Bolsa Deporte', categories: ['accesorios'], description: 'Para runing y gimnasio.',
      });
      try {
        const body = await list('?q=runing');
        expect(body.results.meta.corrected_query).toBe('running');
        expect(ids(body)[0]).toBe(id);
        expect(ids(body).slice(1).sort()).toEqual([p.a, p.d].sort());
      } finally {
        await t.app.db.updateTable('products').set({ hidden: 1 }).where('id', '=', id).execute();
      }
    });

    it('leaves a word with nothing close as typed, and finds nothing for it', async () => {
      const body = await list('?q=xyzzyq');
      expect(body.results.meta.corrected_query).toBeNull();
      expect(body.results.data).toEqual([]);
    });
  });

  describe('bad values', () => {
    const many = (name: string, value: string) => Array.from({ length: 100 }, () => `${name}=${value}`).join('&');
    it.each([
      ['an unknown sort', '?sort=cheapest'],
      ['min_rating 9', '?min_rating=9'],
      ['min_rating 0', '?min_rating=0'],
      ['a fractional min_rating', '?min_rating=abc'],
      ['an unknown platform', '?platform=aliexpress'],
      ['100 repeated brands', `?${many('brand', 'nike')}`],
      ['100 repeated colours', `?${many('color', 'negro')}`],
      ['100 repeated platforms', `?${many('platform', 'hacoo')}`],
      ['per_page 51', '?per_page=51'],
      ['page 0', '?page=0'],
      ['an overlong q', `?q=${'a'.repeat(2001)}`],
    ])('answers %s with 422 and the usual error shape', async (_name, query) => {
      const res = await t.request('GET', `/products${query}`);
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ message: expect.any(String), errors: expect.any(Object) });
    });
  });
});
