import type { ContentLanguage } from '@linkhunt/contracts/content-language';
import type { Kysely } from 'kysely';
import type { DialectName } from '../../db/connect.js';
import type { Database } from '../../db/schema.js';
import { nowIso } from '../../db/sql-helpers.js';
import { productIdentity } from '../agent-links/product-identity.js';
import { writeProductLinks } from '../link-health/link-repository.js';
import { indexProduct, unindexProduct } from '../search/index-repository.js';

export interface ProductRecord {
  slug: string;
  title: string;
  brandId: number;
  description: string;
  linkHacoo: string;
  linkDhgate: string | null;
  linkCnfans: string | null;
  image: string;
  thumbnail: string;
  categoryIds: number[];
  colors: string[];
  /** The language of the title and description. Left out: 'es' on insert (the column's default), unchanged on update. */
  language?: ContentLanguage;
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
        slug: record.slug,
        user_id: record.userId,
        featured: record.featured ? 1 : 0,
        created_at: createdAt,
        updated_at: createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeCategoriesAndIndex(trx, dialect, id, record);
    await writeProductLinks(trx, id, linksOf(record));
    await within?.(trx, id);
    return id;
  });
}

export async function updateProduct(db: Kysely<Database>, dialect: DialectName, id: number, record: Omit<ProductRecord, 'userId' | 'slug'>): Promise<void> {
  await db.transaction().execute(async (trx) => {
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
  });
}

export async function deleteProduct(db: Kysely<Database>, dialect: DialectName, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await unindexProduct(trx, dialect, id);
    await trx.deleteFrom('products').where('id', '=', id).execute();
  });
}

function linksOf(record: Pick<ProductRecord, 'linkHacoo' | 'linkDhgate' | 'linkCnfans'>) {
  return { hacoo: record.linkHacoo, dhgate: record.linkDhgate, cnfans: record.linkCnfans };
}

/** The columns an edit may change, as both insert and update write them. */
function editableColumns(record: Omit<ProductRecord, 'userId' | 'slug'>) {
  return {
    title: record.title,
    brand_id: record.brandId,
    description: record.description,
    link_hacoo: record.linkHacoo,
    link_dhgate: record.linkDhgate,
    link_cnfans: record.linkCnfans,
    ...productIdentity(record),
    image: record.image,
    thumbnail: record.thumbnail,
    colors: JSON.stringify(record.colors),
    ...(record.language !== undefined && { language: record.language }),
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
