import type { Kysely } from 'kysely';
import { MAX_REVIEW_PHOTOS } from '@linkhunt/contracts/photos';
import type { ReviewPhoto } from '@linkhunt/contracts/photos';
import type { Database } from '../../db/schema.js';
import { nowIso } from '../../db/sql-helpers.js';
import { validationFailed } from '../../http-errors.js';
import { text } from '../../i18n/api-text.js';
import type { DialectName } from '../../db/connect.js';
import type { StoredProductImage } from './product-images.js';

type Db = Kysely<Database>;

/** Every review's photos in the author's order, in one query. */
export async function reviewPhotosOf(db: Db, valorationIds: readonly number[]): Promise<Map<number, ReviewPhoto[]>> {
  const out = new Map<number, ReviewPhoto[]>();
  if (valorationIds.length === 0) return out;
  const rows = await db
    .selectFrom('review_photos')
    .select(['id', 'valoration_id', 'image', 'thumbnail'])
    .where('valoration_id', 'in', valorationIds)
    .orderBy('valoration_id')
    .orderBy('position')
    .orderBy('id')
    .execute();
  for (const { valoration_id, ...photo } of rows) {
    const list = out.get(valoration_id) ?? [];
    list.push(photo);
    out.set(valoration_id, list);
  }
  return out;
}

/** The files of the photos of every review of the product (they go with it). */
export async function filesOfReviewPhotosOfProduct(db: Db, productId: number): Promise<StoredProductImage[]> {
  return db
    .selectFrom('review_photos')
    .innerJoin('valorations', 'valorations.id', 'review_photos.valoration_id')
    .select(['review_photos.image', 'review_photos.thumbnail'])
    .where('valorations.product_id', '=', productId)
    .execute();
}

/**
 * Inside the transaction that wrote the review: keeps the photos of `keep` (null: all of them; ids of other
 * reviews' photos are ignored), adds `added` after them, and answers the files of those it removed. More than
 * MAX_REVIEW_PHOTOS in all is a 422 on `photos` (rolling the review back).
 */
export async function writeReviewPhotos(trx: Db, valorationId: number, keep: readonly number[] | null, added: readonly StoredProductImage[]): Promise<StoredProductImage[]> {
  const current = await trx
    .selectFrom('review_photos')
    .select(['id', 'image', 'thumbnail'])
    .where('valoration_id', '=', valorationId)
    .orderBy('position')
    .orderBy('id')
    .execute();
  const kept = keep === null ? current : current.filter((photo) => keep.includes(photo.id));
  const gone = current.filter((photo) => !kept.includes(photo));
  if (kept.length + added.length > MAX_REVIEW_PHOTOS) {
    throw validationFailed({ photos: [text('photos.review_too_many', { count: MAX_REVIEW_PHOTOS })] });
  }
  if (gone.length > 0) await trx.deleteFrom('review_photos').where('id', 'in', gone.map((photo) => photo.id)).execute();
  for (const [position, photo] of kept.entries()) {
    await trx.updateTable('review_photos').set({ position }).where('id', '=', photo.id).execute();
  }
  if (added.length > 0) {
    const at = nowIso();
    await trx
      .insertInto('review_photos')
      .values(added.map((photo, i) => ({ valoration_id: valorationId, position: kept.length + i, image: photo.image, thumbnail: photo.thumbnail, created_at: at })))
      .execute();
  }
  return gone.map(({ image, thumbnail }) => ({ image, thumbnail }));
}

/**
 * A moderator's removal: deletes the review's photos and keeps the statement of reasons (and when) on the review.
 * Answers the files to delete once the transaction has committed.
 */
export async function removeAllReviewPhotos(trx: Db, valorationId: number, statement: string): Promise<StoredProductImage[]> {
  const photos = await trx.selectFrom('review_photos').select(['image', 'thumbnail']).where('valoration_id', '=', valorationId).execute();
  await trx.deleteFrom('review_photos').where('valoration_id', '=', valorationId).execute();
  await trx.updateTable('valorations').set({ photos_removed_statement: statement, photos_removed_at: nowIso() }).where('id', '=', valorationId).execute();
  return photos;
}

/**
 * A review as a moderator's decision on it needs it: its author and the reviewed product; locked for the rest of
 * the transaction on PostgreSQL, so that two moderators acting on one review take turns.
 */
export function findReviewToModerate(trx: Db, dialect: DialectName, id: number) {
  const query = trx
    .selectFrom('valorations')
    .innerJoin('products', 'products.id', 'valorations.product_id')
    .select(['valorations.id', 'valorations.user_id', 'products.id as product_id', 'products.title', 'products.slug'])
    .where('valorations.id', '=', id);
  return (dialect === 'postgres' ? query.forNoKeyUpdate('valorations') : query).executeTakeFirst();
}
