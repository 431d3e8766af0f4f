import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { nowIso } from '../../db/sql-helpers.js';

type Db = Kysely<Database>;

/** The ids of the user's visible favourite products, the latest favourited first, for pageOfProducts. */
export function favouriteProductIds(db: Db, userId: number) {
  return db
    .selectFrom('favourites')
    .innerJoin('products', 'products.id', 'favourites.product_id')
    .select('products.id as id')
    .where('favourites.user_id', '=', userId)
    .where('products.hidden', '=', 0)
    .orderBy('favourites.created_at', 'desc')
    .orderBy('products.id', 'desc');
}

export async function isFavourite(db: Db, userId: number, productId: number): Promise<boolean> {
  const row = await db.selectFrom('favourites').select('product_id').where('user_id', '=', userId).where('product_id', '=', productId).executeTakeFirst();
  return row !== undefined;
}

/** Idempotent: a favourite already there stays as it was. */
export async function addFavourite(db: Db, userId: number, productId: number): Promise<void> {
  await db
    .insertInto('favourites')
    .values({ user_id: userId, product_id: productId, created_at: nowIso() })
    .onConflict((oc) => oc.columns(['user_id', 'product_id']).doNothing())
    .execute();
}

export async function removeFavourite(db: Db, userId: number, productId: number): Promise<void> {
  await db.deleteFrom('favourites').where('user_id', '=', userId).where('product_id', '=', productId).execute();
}
