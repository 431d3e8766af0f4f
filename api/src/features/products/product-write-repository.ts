import type { ContentLanguage } from '@linkhunt/contracts/content-language';
import type { Currency } from '@linkhunt/contracts/prices';
import type { Kysely } from 'kysely';
import type { DialectName } from '../../db/connect.js';
import type { Database } from '../../db/schema.js';
import { nowIso } from '../../db/sql-helpers.js';
import { productIdentity } from '../agent-links/product-identity.js';
import { writeProductLinks } from '../link-health/link-repository.js';
import { indexProduct, unindexProduct } from '../search/index-repository.js';
import type { StoredProductImage } from './product-images.js';
import { filesOfProductPhotos, type GalleryChange, insertPhotos, type NewPhoto, writeGallery } from './product-photo-repository.js';
import { filesOfReviewPhotosOfProduct } from './review-photo-repository.js';

export interface ProductRecord {
  slug: string;
  title: string;
  brandId: number;
  description: string;
  linkHacoo: string;
  linkDhgate: string | null;
  linkCnfans: string | null;
  /** The cover's files: the first photo's when `photos` is given. */
  image: string;
  thumbnail: string;
  /** The gallery, cover first; left out, the one photo `image`. */
  photos?: NewPhoto[];
  categoryIds: number[];
  colors: string[];
  /** The language of the title and description. Left out: 'es' on insert (the column's default), unchanged on update. */
  language?: ContentLanguage;
  /** What it costs, in whole minor units of its currency. Left out: none on insert, unchanged on update; null: none. */
  price?: { amountMinor: number; currency: Currency } | null;
  userId: number;
  featured?: boolean;
  createdAt?: string;
}

/**
 * The one way a product row is written: the row, its categories, its full-text entry and its links'
 * schedule (features/link-health) change together in a transaction. Used by the upload routes, the demo seed and the benchmark. `within` runs
 * last in that transaction, for what must be kept only with the product (an upload's idempotency record).
 */
export async function insertProduct(
  db: Kysely<Database>,
  dialect: DialectName,
  record: ProductRecord,
  within?: (trx: Kysely<Database>, id: number) => Promise<void>,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const createdAt = record.createdAt ?? nowIso();
    const { id } = await trx
      .insertInto('products')
      .values({
        ...editableColumns(record),
        image: record.image,
        thumbnail: record.thumbnail,
        slug: record.slug,
        user_id: record.userId,
        featured: record.featured ? 1 : 0,
        created_at: createdAt,
        updated_at: createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await insertPhotos(trx, id, record.photos ?? [{ image: record.image, thumbnail: record.thumbnail, alt: '', qc: false }], createdAt);
    await writeCategoriesAndIndex(trx, dialect, id, record);
    await writeProductLinks(trx, id, linksOf(record));
    await within?.(trx, id);
    return id;
  });
}

/** An edit: the product's fields, and what it does to the gallery (null: nothing; the cover stays). */
export type ProductEdit = Omit<ProductRecord, 'userId' | 'slug' | 'image' | 'thumbnail' | 'photos'>;

/**
 * Writes an edit in one transaction, the gallery's included; `within` runs last in it (the day's photo count).
 * Answers the files of the photos the edit removed or replaced, to delete once it has committed.
 */
export async function updateProduct(
  db: Kysely<Database>,
  dialect: DialectName,
  id: number,
  record: ProductEdit,
  gallery: GalleryChange | null = null,
  within?: (trx: Kysely<Database>) => Promise<void>,
): Promise<StoredProductImage[]> {
  return db.transaction().execute(async (trx) => {
    await trx
      .updateTable('products')
      .set({
        ...editableColumns(record),
        updated_at: nowIso(),
      })
      .where('id', '=', id)
      .execute();
    await trx.deleteFrom('product_categories').where('product_id', '=', id).execute();
    await writeCategoriesAndIndex(trx, dialect, id, record);
    await writeProductLinks(trx, id, linksOf(record));
    const removed = gallery ? await writeGallery(trx, id, gallery) : [];
    await within?.(trx);
    return removed;
  });
}

/** The files a deleted product leaves: its photos' (the cover's included), and the photos of its reviews. */
export interface DeletedProductFiles {
  photos: StoredProductImage[];
  reviewPhotos: StoredProductImage[];
}

export async function deleteProduct(db: Kysely<Database>, dialect: DialectName, id: number): Promise<DeletedProductFiles> {
  return db.transaction().execute(async (trx) => {
    // Read in the transaction that deletes the rows (which cascade): nothing added meanwhile is missed.
    const photos = await filesOfProductPhotos(trx, id);
    const reviewPhotos = await filesOfReviewPhotosOfProduct(trx, id);
    await unindexProduct(trx, dialect, id);
    await trx.deleteFrom('products').where('id', '=', id).execute();
    return { photos, reviewPhotos };
  });
}

function linksOf(record: Pick<ProductRecord, 'linkHacoo' | 'linkDhgate' | 'linkCnfans'>) {
  return { hacoo: record.linkHacoo, dhgate: record.linkDhgate, cnfans: record.linkCnfans };
}

/** The columns an edit may change, as both insert and update write them (the cover's files are the gallery's). */
function editableColumns(record: ProductEdit) {
  return {
    title: record.title,
    brand_id: record.brandId,
    description: record.description,
    link_hacoo: record.linkHacoo,
    link_dhgate: record.linkDhgate,
    link_cnfans: record.linkCnfans,
    ...productIdentity(record),
    colors: JSON.stringify(record.colors),
    ...(record.language !== undefined && { language: record.language }),
    ...(record.price !== undefined && { price_minor: record.price?.amountMinor ?? null, price_currency: record.price?.currency ?? null }),
  };
}

async function writeCategoriesAndIndex(
  trx: Kysely<Database>,
  dialect: DialectName,
  productId: number,
  record: Pick<ProductRecord, 'title' | 'brandId' | 'description' | 'categoryIds' | 'colors'>,
): Promise<void> {
  if (record.categoryIds.length > 0) {
    await trx.insertInto('product_categories').values(record.categoryIds.map((category_id) => ({ product_id: productId, category_id }))).execute();
  }
  const [brand, categories] = await Promise.all([
    trx.selectFrom('brands').select('name').where('id', '=', record.brandId).executeTakeFirstOrThrow(),
    record.categoryIds.length > 0
      ? trx.selectFrom('categories').select('name').where('id', 'in', record.categoryIds).execute()
      : Promise.resolve([]),
  ]);
  await indexProduct(trx, dialect, productId, {
    title: record.title,
    brand: brand.name,
    categories: categories.map((c) => c.name),
    description: record.description,
    colours: record.colors,
  });
}
