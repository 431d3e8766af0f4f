import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

type Shown = { user_id: number; withdrawn: number };

/**
 * Every product that shows this stored file: as its cover or a gallery photo (demo products share drawn pictures),
 * or as a photo of one of its reviews (`reviews/...`), which is withdrawn with the product it is about.
 */
export async function productsShowingImage(db: Kysely<Database>, imagePath: string): Promise<Shown[]> {
  if (imagePath.startsWith('reviews/')) {
    return db
      .selectFrom('review_photos')
      .innerJoin('valorations', 'valorations.id', 'review_photos.valoration_id')
      .innerJoin('products', 'products.id', 'valorations.product_id')
      .select(['products.user_id', 'products.withdrawn'])
      .where((eb) => eb.or([eb('review_photos.image', '=', imagePath), eb('review_photos.thumbnail', '=', imagePath)]))
      .execute();
  }
  const [covers, photos] = await Promise.all([
    db
      .selectFrom('products')
      .select(['user_id', 'withdrawn'])
      .where((eb) => eb.or([eb('image', '=', imagePath), eb('thumbnail', '=', imagePath)]))
      .execute(),
    db
      .selectFrom('product_photos')
      .innerJoin('products', 'products.id', 'product_photos.product_id')
      .select(['products.user_id', 'products.withdrawn'])
      .where((eb) => eb.or([eb('product_photos.image', '=', imagePath), eb('product_photos.thumbnail', '=', imagePath)]))
      .execute(),
  ]);
  return [...covers, ...photos];
}
