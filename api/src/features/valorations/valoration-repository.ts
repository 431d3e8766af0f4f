import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { countAll } from '../../db/sql-helpers.js';

type Db = Kysely<Database>;

export interface Review {
  productId: number;
  userId: number;
  stars: number;
  review: string | null;
  language: string;
  /** Written as created_at too when the review is the user's first of the product. */
  at: string;
}

/** Writes the user's first review of the product: its id, or undefined when they have reviewed it before. */
export async function insertFirstReview(db: Db, review: Review): Promise<number | undefined> {
  const row = await db
    .insertInto('valorations')
    .values({ product_id: review.productId, user_id: review.userId, stars: review.stars, review: review.review, language: review.language, created_at: review.at, updated_at: review.at })
    .onConflict((oc) => oc.columns(['product_id', 'user_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** Replaces the user's review of the product: its id, or undefined when there is none (anymore). */
export async function replaceReview(db: Db, review: Review): Promise<number | undefined> {
  const row = await db
    .updateTable('valorations')
    .set({ stars: review.stars, review: review.review, language: review.language, updated_at: review.at })
    .where('product_id', '=', review.productId)
    .where('user_id', '=', review.userId)
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** How many first reviews the user has written since `since`, by their created_at. */
export async function countReviewsSince(db: Db, userId: number, since: string): Promise<number> {
  const { n } = await db.selectFrom('valorations').select(countAll().as('n')).where('user_id', '=', userId).where('created_at', '>=', since).executeTakeFirstOrThrow();
  return n;
}
