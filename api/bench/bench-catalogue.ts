import { type Insertable, type Kysely, sql } from 'kysely';
import type { DialectName } from '../src/db/connect.js';
import type { Database, ProductsTable, ValorationsTable } from '../src/db/schema.js';
import { foldText, indexProduct } from '../src/features/search/index-repository.js';
import { DEMO_BRANDS, DEMO_CATEGORIES } from '../src/db/seed/demo-catalogue.js';
import { draftProduct, slugFor, storeLinks } from '../src/db/seed/demo-products.js';
import { Random } from '../src/db/seed/random.js';

/**
 * A large catalogue for the benchmark, written in batches straight into the tables (the demo seed's
 * per-product path would take minutes at 100,000). The full-text rows still go through indexProduct,
 * so search sees exactly what the app would have written.
 */

type Db = Kysely<Database>;

const BATCH = 500;
const USERS = 100;
/** Share of the products whose text holds "calidad": the near-universal word of the search mix. */
const COMMON_WORD_SHARE = 0.97;
/**
 * Every 25th title says "calidad" as sellers' titles do: the typo vocabulary is built from titles, brands
 * and categories, not descriptions, so without it "calidda" (the bench's misspelled class) would have
 * nothing to be corrected to. The generator's titles already hold the other four words meant.
 */
const QUALITY_TITLE_EVERY = 25;
const QUALITY_TITLES = ['de alta calidad', 'calidad premium', 'buena calidad'];
const QUALITY_REMARKS = ['Buena calidad.', 'Calidad aceptable.', 'La calidad sorprende.', 'Calidad correcta para el precio.'];

export interface BenchCatalogue {
  dialect: DialectName;
  rng: Random;
  categoryIds: Map<string, number>;
  categoryNames: Map<number, string>;
  brandIds: Map<string, number>;
  brandNames: Map<number, string>;
  userIds: number[];
  count: number;
  /** Every 100th slug, for the by-slug requests. */
  sampleSlugs: string[];
}

export async function createTaxonomy(db: Db, dialect: DialectName): Promise<BenchCatalogue> {
  const categories = await db.insertInto('categories').values(DEMO_CATEGORIES.map(({ slug, name }) => ({ slug, name }))).returning(['id', 'slug', 'name']).execute();
  const brands = await db.insertInto('brands').values(DEMO_BRANDS.map((b) => ({ slug: b.slug, name: b.name, image: `brands/${b.slug}.webp` }))).returning(['id', 'slug', 'name']).execute();
  const users = await db
    .insertInto('users')
    // Verified, as members who finished signing up: only their reviews count in ratings and sort=rating.
    .values(Array.from({ length: USERS }, (_, i) => ({
      username: `bench_${i}`, email: `bench_${i}@example.com`, password_hash: 'not-a-hash', name: `Bench ${i}`, email_verified_at: '2024-01-01T00:00:00.000Z',
    })))
    .returning('id')
    .execute();
  return {
    dialect,
    rng: new Random(7),
    categoryIds: new Map(categories.map((c) => [c.slug, c.id])),
    categoryNames: new Map(categories.map((c) => [c.id, c.name])),
    brandIds: new Map(brands.map((b) => [b.slug, b.id])),
    brandNames: new Map(brands.map((b) => [b.id, b.name])),
    userIds: users.map((u) => u.id),
    count: 0,
    sampleSlugs: [],
  };
}

interface Row {
  product: Insertable<ProductsTable> & { id: number };
  categoryIds: number[];
}

/** Adds products until the catalogue holds `total`; 1 % featured, 1 % hidden, 0 to 3 reviews each. */
export async function growCatalogue(db: Db, cat: BenchCatalogue, total: number, onProgress?: (done: number) => void): Promise<void> {
  const start = Date.UTC(2024, 0, 1);
  while (cat.count < total) {
    const rows: Row[] = [];
    const valorations: Insertable<ValorationsTable>[] = [];
    for (let n = 0; n < BATCH && cat.count < total; n++) {
      const id = ++cat.count;
      const { rng } = cat;
      const draft = draftProduct(rng);
      // By id, not by rng, so every other property of the catalogue stays as it was.
      const title = id % QUALITY_TITLE_EVERY === 0 ? `${draft.title} ${QUALITY_TITLES[id % QUALITY_TITLES.length] ?? ''}` : draft.title;
      let description = draft.description;
      // draft.title: the generator's draws stay the same as before the quality titles.
      if (!foldText(`${draft.title} ${description}`).includes('calidad') && rng.chance(COMMON_WORD_SHARE)) description += ` ${rng.pick(QUALITY_REMARKS)}`;
      const slug = slugFor(title, rng);
      const links = storeLinks(rng, slug);
      const createdAt = new Date(start + id * 60_000).toISOString();
      const owner = rng.pick(cat.userIds);
      rows.push({
        product: {
          id, slug, title, brand_id: cat.brandIds.get(draft.brand.slug) ?? 1, description,
          link_hacoo: links.hacoo, link_dhgate: links.dhgate, link_cnfans: links.cnfans,
          image: `products/${slug}.webp`, thumbnail: `products/${slug}-thumb.webp`,
          colors: JSON.stringify(draft.colours.map((c) => c.name)), downloads: rng.int(0, 500),
          user_id: owner, hidden: rng.chance(0.01) ? 1 : 0, featured: rng.chance(0.01) ? 1 : 0,
          created_at: createdAt, updated_at: createdAt,
        },
        categoryIds: draft.categories.flatMap((s) => cat.categoryIds.get(s) ?? []),
      });
      for (const userId of rng.sample(cat.userIds.filter((u) => u !== owner), rng.int(0, 3))) {
        valorations.push({ product_id: id, user_id: userId, stars: rng.int(1, 5), review: 'Muy bien.', created_at: createdAt, updated_at: createdAt });
      }
      if (id % 100 === 0) cat.sampleSlugs.push(slug);
    }
    await writeBatch(db, cat, rows, valorations);
    onProgress?.(cat.count);
  }
  // Explicit ids do not move PostgreSQL's sequence; the app's own inserts would collide otherwise.
  if (cat.dialect === 'postgres') {
    await sql`select setval(pg_get_serial_sequence('products', 'id'), (select max(id) from products))`.execute(db);
    await sql`analyze`.execute(db);
  }
}

async function writeBatch(db: Db, cat: BenchCatalogue, rows: Row[], valorations: Insertable<ValorationsTable>[]): Promise<void> {
  const index = (trx: Db, r: Row) =>
    indexProduct(trx, cat.dialect, r.product.id, {
      title: r.product.title,
      brand: cat.brandNames.get(r.product.brand_id) ?? '',
      categories: r.categoryIds.map((id) => cat.categoryNames.get(id) ?? ''),
      description: r.product.description,
      colours: JSON.parse(r.product.colors) as string[],
    });
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('products').values(rows.map((r) => r.product)).execute();
    // Each product's picture is its one gallery photo, as insertProduct writes it.
    await trx
      .insertInto('product_photos')
      .values(rows.map((r) => ({ product_id: r.product.id, position: 0, image: r.product.image, thumbnail: r.product.thumbnail, created_at: r.product.created_at })))
      .execute();
    await trx.insertInto('product_categories').values(rows.flatMap((r) => r.categoryIds.map((category_id) => ({ product_id: r.product.id, category_id })))).execute();
    if (valorations.length > 0) await trx.insertInto('valorations').values(valorations).execute();
    // SQLite: the statements run in-process, so one after the other inside the transaction is fastest.
    if (cat.dialect === 'sqlite') for (const r of rows) await index(trx, r);
  });
  // PostgreSQL: one round trip per product, so spread them over the pool instead.
  if (cat.dialect === 'postgres') {
    let next = 0;
    await Promise.all(Array.from({ length: 8 }, async () => {
      while (next < rows.length) {
        const r = rows[next++];
        if (r) await index(db, r);
      }
    }));
  }
}
