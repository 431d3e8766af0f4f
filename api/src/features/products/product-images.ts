import { randomBytes } from 'node:crypto';
import { shareImagePath } from '@linkhunt/contracts/share-image';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { ImageStore } from '../../media/image-store/image-store.js';
import type { ProcessedImage } from '../../media/process-image.js';
import { productImageInUse } from './product-repository.js';
import { photoFilesInUse } from './product-photo-repository.js';

/** The sizes of a product picture: the product page shows the full one, cards the thumbnail. */
export const PRODUCT_IMAGE_SIZES = { full: 1200, thumbnail: 400 } as const;

/** Where a product's files are, as the product row holds them: relative to the /images/ URL prefix. */
export interface StoredProductImage {
  image: string;
  thumbnail: string;
}

/** The store keys sit under `images/`, which the images plugin serves at /images/. */
const storeKey = (path: string) => `images/${path}`;

/**
 * Writes both files under a fresh random name: names are never reused, so they can be cached for a year.
 * `folder`: products (product photos) or reviews (review photos).
 */
export async function storeProductImage(store: ImageStore, processed: ProcessedImage, folder: 'products' | 'reviews' = 'products'): Promise<StoredProductImage> {
  const name = randomBytes(12).toString('hex');
  const stored = { image: `${folder}/${name}.webp`, thumbnail: `${folder}/${name}-thumb.webp` };
  await store.put(storeKey(stored.image), processed.full, 'image/webp');
  try {
    await store.put(storeKey(stored.thumbnail), processed.thumbnail, 'image/webp');
  } catch (error) {
    await store.remove(storeKey(stored.image));
    throw error;
  }
  return stored;
}

/** Every file of a product picture: both sizes, and the share cards made of either (GET /share/...). */
export function productImageKeys(stored: StoredProductImage): string[] {
  const files = [stored.image, stored.thumbnail];
  return [...files.map(storeKey), ...files.flatMap((path) => shareImagePath(path) ?? [])];
}

export async function removeProductImage(store: ImageStore, stored: StoredProductImage): Promise<void> {
  await Promise.all(productImageKeys(stored).map((key) => store.remove(key)));
}

/**
 * Removes a product's old files once no product row or gallery photo points at them any more. Demo products
 * may share drawn pictures, so a file is only deleted when it is really unused.
 */
export async function removeUnusedProductImage(db: Kysely<Database>, store: ImageStore, stored: StoredProductImage): Promise<void> {
  if (!(await productImageInUse(db, stored)) && !(await photoFilesInUse(db, stored))) await removeProductImage(store, stored);
}

/** Stores each processed photo; when one fails, those already written are removed and the error goes on. */
export async function storeProductImages(store: ImageStore, processed: readonly ProcessedImage[], folder: 'products' | 'reviews' = 'products'): Promise<StoredProductImage[]> {
  const stored: StoredProductImage[] = [];
  try {
    for (const image of processed) stored.push(await storeProductImage(store, image, folder));
  } catch (error) {
    await Promise.all(stored.map((files) => removeProductImage(store, files).catch(() => undefined)));
    throw error;
  }
  return stored;
}
