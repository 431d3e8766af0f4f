import { type Kysely, sql } from 'kysely';
import type { Category } from '@linkhunt/contracts/category';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database>;

export async function listCategories(db: Db): Promise<Category[]> {
  return db.selectFrom('categories').select(['id', 'slug', 'name']).orderBy('id').execute();
}

export async function findCategoryBySlug(db: Db, slug: string): Promise<Category | null> {
  return (await db.selectFrom('categories').select(['id', 'slug', 'name']).where('slug', '=', slug).executeTakeFirst()) ?? null;
}

/**
 * Up to `perCategory` random visible products of every category that has any, in one statement:
 * numbering each category's products in a random order and keeping the first few.
 */
export async function randomProductIdsByCategory(db: Db, perCategory: number): Promise<{ category_id: number; product_id: number }[]> {
  return db
    .selectFrom((eb) =>
      eb
        .selectFrom('product_categories')
        .innerJoin('products', 'products.id', 'product_categories.product_id')
        .select((inner) => [
          'product_categories.category_id',
          'product_categories.product_id',
          inner.fn.agg<number>('row_number').over((over) => over.partitionBy('product_categories.category_id').orderBy(sql`random()`)).as('n'),
        ])
        .where('products.hidden', '=', 0)
        .as('shuffled'),
    )
    .select(['category_id', 'product_id'])
    .where('n', '<=', perCategory)
    .orderBy('category_id')
    .orderBy('n')
    .execute();
}
