import type { Kysely } from 'kysely';
import { MAX_PRODUCT_PHOTOS } from '@linkhunt/contracts/photos';
import type { ProductPhoto } from '@linkhunt/contracts/photos';
import type { Database } from '../../db/schema.js';
import { countAll, nowIso } from '../../db/sql-helpers.js';
import { validationFailed } from '../../http-errors.js';
import { text } from '../../i18n/api-text.js';
import type { StoredProductImage } from './product-images.js';

type Db = Kysely<Database>;

/** A photo as written: its files, alt text and QC flag. */
export interface NewPhoto extends StoredProductImage {
  alt: string;
  qc: boolean;
}

/** One place of a gallery being written: a photo the product has (by id) or a new one. */
export type GalleryPlace = { id: number; alt: string; qc: boolean } | { stored: StoredProductImage; alt: string; qc: boolean };

/**
 * What an edit does to a gallery: `replace` it by these places in order (photos left out are deleted), or `keep`
 * it, with a new cover's files (the single `image` of the older form) and new photos added at its end.
 */
export type GalleryChange = { kind: 'replace'; places: GalleryPlace[] } | { kind: 'keep'; cover: StoredProductImage | null; append: NewPhoto[] };

/** Every product's photos in gallery order, cover first, in one query. */
export async function photosOf(db: Db, productIds: readonly number[]): Promise<Map<number, ProductPhoto[]>> {
  const out = new Map<number, ProductPhoto[]>();
  if (productIds.length === 0) return out;
  const rows = await db
    .selectFrom('product_photos')
    .select(['id', 'product_id', 'image', 'thumbnail', 'alt', 'qc'])
    .where('product_id', 'in', productIds)
    .orderBy('product_id')
    .orderBy('position')
    .orderBy('id')
    .execute();
  for (const { product_id, qc, ...photo } of rows) {
    const list = out.get(product_id) ?? [];
    list.push({ ...photo, qc: qc === 1 });
    out.set(product_id, list);
  }
  return out;
}

/** The ids of the product's photos, in gallery order. */
export async function photoIdsOf(db: Db, productId: number): Promise<number[]> {
  return (await photosOf(db, [productId])).get(productId)?.map((photo) => photo.id) ?? [];
}

/** A new product's gallery, in order (the first is the cover). */
export async function insertPhotos(trx: Db, productId: number, photos: readonly NewPhoto[], createdAt = nowIso()): Promise<void> {
  if (photos.length === 0) return;
  await trx
    .insertInto('product_photos')
    .values(photos.map((photo, position) => ({
      product_id: productId, position, image: photo.image, thumbnail: photo.thumbnail, alt: photo.alt, qc: photo.qc ? 1 : 0, created_at: createdAt,
    })))
    .execute();
}

const unknownPhoto = (id: number) => validationFailed({ gallery: [text('photos.unknown_photo', { id })] });

/**
 * Applies an edit to the product's gallery inside the edit's transaction (the product row is already updated,
 * and so locked, by it), then makes the product's cover files those of its first photo. Answers the files of the
 * photos it removed or replaced, to delete once the transaction has committed.
 */
export async function writeGallery(trx: Db, productId: number, change: GalleryChange): Promise<StoredProductImage[]> {
  const current = await trx
    .selectFrom('product_photos')
    .select(['id', 'image', 'thumbnail'])
    .where('product_id', '=', productId)
    .orderBy('position')
    .orderBy('id')
    .execute();
  const removed: StoredProductImage[] = [];
  const at = nowIso();
  const insert = (photo: NewPhoto, position: number) =>
    trx
      .insertInto('product_photos')
      .values({ product_id: productId, position, image: photo.image, thumbnail: photo.thumbnail, alt: photo.alt, qc: photo.qc ? 1 : 0, created_at: at })
      .execute();

  if (change.kind === 'replace') {
    const kept = new Set<number>();
    for (const place of change.places) {
      if ('id' in place) {
        // Checked here too: a photo removed by an edit that committed since this one's form was read.
        if (!current.some((photo) => photo.id === place.id)) throw unknownPhoto(place.id);
        kept.add(place.id);
      }
    }
    const gone = current.filter((photo) => !kept.has(photo.id));
    if (gone.length > 0) await trx.deleteFrom('product_photos').where('id', 'in', gone.map((photo) => photo.id)).execute();
    removed.push(...gone.map(({ image, thumbnail }) => ({ image, thumbnail })));
    for (const [position, place] of change.places.entries()) {
      if ('id' in place) {
        await trx.updateTable('product_photos').set({ position, alt: place.alt, qc: place.qc ? 1 : 0 }).where('id', '=', place.id).execute();
      } else {
        await insert({ ...place.stored, alt: place.alt, qc: place.qc }, position);
      }
    }
  } else {
    if (current.length + change.append.length + (change.cover && current.length === 0 ? 1 : 0) > MAX_PRODUCT_PHOTOS) {
      throw validationFailed({ photos: [text('photos.too_many', { count: MAX_PRODUCT_PHOTOS })] });
    }
    const cover = current[0];
    if (change.cover && cover) {
      await trx.updateTable('product_photos').set({ image: change.cover.image, thumbnail: change.cover.thumbnail }).where('id', '=', cover.id).execute();
      removed.push({ image: cover.image, thumbnail: cover.thumbnail });
    } else if (change.cover) {
      await insert({ ...change.cover, alt: '', qc: false }, 0);
    }
    const next = Math.max(current.length, change.cover ? 1 : 0);
    for (const [i, photo] of change.append.entries()) await insert(photo, next + i);
  }
  await syncCover(trx, productId);
  return removed;
}

/** products.image and thumbnail name the first photo's files, so that whatever reads them shows the cover. */
async function syncCover(trx: Db, productId: number): Promise<void> {
  const first = await trx
    .selectFrom('product_photos')
    .select(['image', 'thumbnail'])
    .where('product_id', '=', productId)
    .orderBy('position')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  if (first) await trx.updateTable('products').set({ image: first.image, thumbnail: first.thumbnail }).where('id', '=', productId).execute();
}

/** The files of every photo of the product, its cover's included, before the product is deleted. */
export async function filesOfProductPhotos(db: Db, productId: number): Promise<StoredProductImage[]> {
  const [photos, product] = await Promise.all([
    db.selectFrom('product_photos').select(['image', 'thumbnail']).where('product_id', '=', productId).execute(),
    db.selectFrom('products').select(['image', 'thumbnail']).where('id', '=', productId).executeTakeFirst(),
  ]);
  return distinctFiles([...(product ? [product] : []), ...photos]);
}

export function distinctFiles(files: readonly StoredProductImage[]): StoredProductImage[] {
  const seen = new Set<string>();
  return files.filter((file) => {
    const key = `${file.image}\n${file.thumbnail}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Whether some product row or gallery photo still names this picture or its thumbnail. */
export async function photoFilesInUse(db: Db, stored: StoredProductImage): Promise<boolean> {
  const row = await db
    .selectFrom('product_photos')
    .select('id')
    .where((eb) => eb.or([eb('image', '=', stored.image), eb('thumbnail', '=', stored.thumbnail)]))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The photos the user has uploaded since `since` (ISO), to their products' galleries and their reviews together,
 * by each photo's created_at. A photo deleted since no longer counts, as a deleted product no longer counts as an upload.
 */
export async function countPhotosSince(db: Db, userId: number, since: string): Promise<number> {
  const [gallery, reviews] = await Promise.all([
    db
      .selectFrom('product_photos')
      .innerJoin('products', 'products.id', 'product_photos.product_id')
      .select(countAll().as('n'))
      .where('products.user_id', '=', userId)
      .where('product_photos.created_at', '>=', since)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('review_photos')
      .innerJoin('valorations', 'valorations.id', 'review_photos.valoration_id')
      .select(countAll().as('n'))
      .where('valorations.user_id', '=', userId)
      .where('review_photos.created_at', '>=', since)
      .executeTakeFirstOrThrow(),
  ]);
  return Number(gallery.n) + Number(reviews.n);
}
