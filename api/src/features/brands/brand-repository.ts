import type { Kysely } from 'kysely';
import type { Brand } from '@linkhunt/contracts/brand';
import type { Database } from '../../db/schema.js';
import { countAll } from '../../db/sql-helpers.js';

type Db = Kysely<Database>;

/** Brands with the number of their visible products, so clients can leave out the empty ones. */
function brandsWithCounts(db: Db) {
  return db.selectFrom('brands').select((eb) => [
    'brands.id', 'brands.slug', 'brands.name', 'brands.image',
    eb.selectFrom('products').select(countAll().as('n'))
      .whereRef('products.brand_id', '=', 'brands.id').where('products.hidden', '=', 0)
      .as('num_products'),
  ]);
}

const toBrand = (row: { id: number; slug: string; name: string; image: string | null; num_products: number | null }): Brand =>
  ({ ...row, num_products: Number(row.num_products ?? 0) });

/** Every brand by name; lower-cased so both engines sort alike whatever their collation. */
export async function listBrands(db: Db): Promise<Brand[]> {
  const rows = await brandsWithCounts(db).orderBy((eb) => eb.fn('lower', ['brands.name'])).orderBy('brands.id').execute();
  return rows.map(toBrand);
}

export async function findBrandBySlug(db: Db, slug: string): Promise<Brand | null> {
  const row = await brandsWithCounts(db).where('brands.slug', '=', slug).executeTakeFirst();
  return row ? toBrand(row) : null;
}

/** The visible products of a brand, newest first, for pageOfProducts. */
export function visibleProductsOfBrand(db: Db, brandId: number) {
  return db.selectFrom('products').select('products.id')
    .where('products.brand_id', '=', brandId).where('products.hidden', '=', 0)
    .orderBy('products.id', 'desc');
}
