import { createHash } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { SitemapSlugEntry, SitemapUserEntry } from '@linkhunt/contracts/sitemap';
import type { Database } from '../../db/schema.js';
import { toIso } from '../../db/sql-helpers.js';
import { pageOfRows } from '../../db/paging.js';
import { photosOf } from '../products/product-photo-repository.js';

type Db = Kysely<Database>;
type Stamp = Date | string;

export interface EntryPage<T> {
  entries: T[];
  total: number;
}

/** The later of two timestamps; either engine's (PostgreSQL's Date, SQLite's ISO text) becomes ISO text. */
function later(a: Stamp, b: Stamp | null): string {
  const first = toIso(a);
  if (b === null) return first;
  const second = toIso(b);
  return second > first ? second : first;
}

// "Has a visible product" is written `id IN (...)`, not a correlated EXISTS: SQLite 3.53 (better-sqlite3 12.9)
// answers a correlated EXISTS with ORDER BY and OFFSET wrongly, repeating rows of earlier pages.

/**
 * Visible products by id: new ones are appended, so walking the pages lists each product once. Each with the paths
 * of its photos, cover first (an image sitemap lists them all).
 */
export async function sitemapProducts(db: Db, page: number, perPage: number): Promise<EntryPage<SitemapSlugEntry>> {
  const query = db.selectFrom('products').select(['products.id', 'products.slug', 'products.updated_at', 'products.image']).where('products.hidden', '=', 0).orderBy('products.id');
  const { rows, total } = await pageOfRows(query, page, perPage);
  const photos = await photosOf(db, rows.map((r) => r.id));
  const imagesOf = (r: (typeof rows)[number]) => {
    const gallery = photos.get(r.id)?.map((photo) => photo.image) ?? [];
    return gallery.length > 0 ? gallery : [r.image];
  };
  return { entries: rows.map((r) => ({ slug: r.slug, lastmod: toIso(r.updated_at), images: imagesOf(r) })), total };
}

/**
 * Brands with at least one visible product (an empty brand page has nothing a search engine should list),
 * dated by their newest visible product, or their own creation if that is later.
 */
export async function sitemapBrands(db: Db, page: number, perPage: number): Promise<EntryPage<SitemapSlugEntry>> {
  const query = db
    .selectFrom('brands')
    .select((eb) => [
      'brands.slug',
      'brands.created_at',
      eb.selectFrom('products').select((p) => p.fn.max('products.updated_at').as('newest'))
        .whereRef('products.brand_id', '=', 'brands.id').where('products.hidden', '=', 0)
        .as('newest'),
    ])
    .where('brands.id', 'in', (eb) => eb.selectFrom('products').select('products.brand_id').where('products.hidden', '=', 0))
    .orderBy('brands.id');
  const { rows, total } = await pageOfRows(query, page, perPage);
  return { entries: rows.map((r) => ({ slug: r.slug, lastmod: later(r.created_at, r.newest) })), total };
}

/** Categories with at least one visible product, dated by the newest of them (categories keep no date of their own). */
export async function sitemapCategories(db: Db, page: number, perPage: number): Promise<EntryPage<SitemapSlugEntry>> {
  const query = db
    .selectFrom('categories')
    .select((eb) => [
      'categories.slug',
      eb.selectFrom('product_categories').innerJoin('products', 'products.id', 'product_categories.product_id')
        .select((p) => p.fn.max('products.updated_at').as('newest'))
        .whereRef('product_categories.category_id', '=', 'categories.id').where('products.hidden', '=', 0)
        .as('newest'),
    ])
    .where('categories.id', 'in', (eb) =>
      eb.selectFrom('product_categories').innerJoin('products', 'products.id', 'product_categories.product_id')
        .select('product_categories.category_id').where('products.hidden', '=', 0))
    .orderBy('categories.id');
  const { rows, total } = await pageOfRows(query, page, perPage);
  // `newest` is never null beside the IN of the same statement; the type cannot know that.
  return { entries: rows.flatMap((r) => (r.newest === null ? [] : [{ slug: r.slug, lastmod: toIso(r.newest) }])), total };
}

/**
 * Users with at least one visible product: a profile with nothing on it is not worth a search engine's
 * visit, and an account that never shared anything is not advertised. Dated by their newest visible
 * product, or their sign-up if that is later (the users table keeps no other date).
 */
export async function sitemapUsers(db: Db, page: number, perPage: number): Promise<EntryPage<SitemapUserEntry>> {
  const query = db
    .selectFrom('users')
    .select((eb) => [
      'users.username',
      'users.created_at',
      eb.selectFrom('products').select((p) => p.fn.max('products.updated_at').as('newest'))
        .whereRef('products.user_id', '=', 'users.id').where('products.hidden', '=', 0)
        .as('newest'),
    ])
    .where('users.id', 'in', (eb) => eb.selectFrom('products').select('products.user_id').where('products.hidden', '=', 0))
    .orderBy('users.id');
  const { rows, total } = await pageOfRows(query, page, perPage);
  return { entries: rows.map((r) => ({ username: r.username, lastmod: later(r.created_at, r.newest) })), total };
}

/**
 * A fingerprint of the visible products, from one aggregate over them: how many, two sums of their ids (the
 * plain one and one of a multiplicative hash, so that hiding some products while others come back does not
 * cancel out) and the newest edit. Every change a sitemap shows moves it: a hide or unhide or a deletion moves
 * the count and the sums (a hide sets no date), an upload or an edit the newest date. Brands, categories and
 * users are listed by their visible products, and their slugs and usernames never change.
 */
export async function sitemapStamp(db: Db): Promise<string> {
  const row = await db
    .selectFrom('products')
    .select((eb) => [
      eb.fn.countAll().as('count'),
      eb.fn.sum('products.id').as('ids'),
      // Knuth's multiplier modulo 2^32: each term < 2^32, so the sum stays far inside 64 bits on both engines.
      sql<string | number | null>`sum((products.id * 2654435761) % 4294967296)`.as('mixed'),
      eb.fn.max('products.updated_at').as('newest'),
    ])
    .where('products.hidden', '=', 0)
    .executeTakeFirstOrThrow();
  // PostgreSQL answers the counts and sums as text and the date as a Date; SQLite as numbers and ISO text.
  const parts = [row.count, row.ids ?? 0, row.mixed ?? 0, row.newest === null ? '-' : toIso(row.newest)].map(String);
  return createHash('sha256').update(parts.join('|')).digest('base64url').slice(0, 22);
}
