import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { ProcessedImage } from '../../media/process-image.js';
import type { ImageStore } from '../../plugins/images.js';
import { productImageInUse } from './product-repository.js';

/** The sizes of a product picture: the product page shows the full one, cards the thumbnail. */
export const PRODUCT_IMAGE_SIZES = { full: 1200, thumbnail: 400 } as const;

/** Where a product's files are, as the product row holds them: relative to the /images/ URL prefix. */
export interface StoredProductImage {
  image: string;
  thumbnail: string;
}

/** The store keys sit under `images/`, which the images plugin serves at /images/. */
const storeKey = (path: string) => `images/${path}`;

/** Writes both files under a fresh random name: names are never reused, so they can be cached for a year. */
export async function storeProductImage(store: ImageStore, processed: ProcessedImage): Promise<StoredProductImage> {
  const name = randomBytes(12).toString('hex');
  const stored = { image: `products/${name}.webp`, thumbnail: `products/${name}-thumb.webp` };
  await store.put(storeKey(stored.image), processed.full);
  try {
    await store.put(storeKey(stored.thumbnail), processed.thumbnail);
  } catch (error) {
    await store.remove(storeKey(stored.image));
    throw error;
  }
  return stored;
}

export async function removeProductImage(store: ImageStore, stored: StoredProductImage): Promise<void> {
  await Promise.all([store.remove(storeKey(stored.image)), store.remove(storeKey(stored.thumbnail))]);
}

/**
 * Removes a product's old files once no product row points at them any more. Demo products may share
 * drawn pictures, so a file is only deleted when it is really unused.
 */
export async function removeUnusedProductImage(db: Kysely<Database>, store: ImageStore, stored: StoredProductImage): Promise<void> {
  if (!(await productImageInUse(db, stored))) await removeProductImage(store, stored);
}
