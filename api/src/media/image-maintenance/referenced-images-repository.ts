import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * Every store key a row refers to: products' covers, their gallery photos, review photos (each with its
 * thumbnail) and brands' logos (kept without their `images/` folder), and users' avatars (kept with theirs).
 * Withdrawn and hidden products are rows too.
 */
export async function referencedImageKeys(db: Kysely<Database>): Promise<Set<string>> {
  const [products, productPhotos, reviewPhotos, brands, users] = await Promise.all([
    db.selectFrom('products').select(['image', 'thumbnail']).execute(),
    db.selectFrom('product_photos').select(['image', 'thumbnail']).execute(),
    db.selectFrom('review_photos').select(['image', 'thumbnail']).execute(),
    db.selectFrom('brands').select('image').where('image', 'is not', null).execute(),
    db.selectFrom('users').select('avatar').where('avatar', 'is not', null).execute(),
  ]);
  const keys = new Set<string>();
  for (const { image, thumbnail } of [...products, ...productPhotos, ...reviewPhotos]) keys.add(`images/${image}`).add(`images/${thumbnail}`);
  for (const { image } of brands) if (image) keys.add(`images/${image}`);
  for (const { avatar } of users) if (avatar) keys.add(avatar);
  return keys;
}
