import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { ProductIdentity } from '../agent-links/product-identity.js';

export type DuplicateField = 'link_hacoo' | 'link_dhgate' | 'link_cnfans';

export interface ListedDuplicate {
  id: number;
  slug: string;
  title: string;
  thumbnail: string;
  username: string;
  field: DuplicateField;
}

/**
 * A product already listing the same item: the same source item, or the same Hacoo or DHGate product. A product
 * removed for illegal content does not count (its uploader may not even see it); a hidden one does, so that
 * taking a product down is not undone by uploading it again. Each key is indexed (migration 011).
 */
export async function findListedDuplicate(db: Kysely<Database>, identity: ProductIdentity, exceptId?: number): Promise<ListedDuplicate | null> {
  const { source_marketplace, source_item_id, hacoo_item, dhgate_item } = identity;
  const row = await db
    .selectFrom('products')
    .innerJoin('users', 'users.id', 'products.user_id')
    .select(['products.id', 'products.slug', 'products.title', 'products.thumbnail', 'users.username', 'products.source_item_id', 'products.source_marketplace', 'products.hacoo_item'])
    .where('products.withdrawn', '=', 0)
    .$if(exceptId !== undefined, (q) => q.where('products.id', '<>', exceptId ?? 0))
    .where((eb) =>
      eb.or([
        ...(hacoo_item !== null ? [eb('products.hacoo_item', '=', hacoo_item)] : []),
        ...(dhgate_item !== null ? [eb('products.dhgate_item', '=', dhgate_item)] : []),
        ...(source_item_id !== null && source_marketplace !== null
          ? [eb.and([eb('products.source_item_id', '=', source_item_id), eb('products.source_marketplace', '=', source_marketplace)])]
          : []),
      ]),
    )
    .orderBy('products.id')
    .limit(1)
    .executeTakeFirst();
  if (!row) return null;
  const field: DuplicateField =
    source_item_id !== null && row.source_item_id === source_item_id && row.source_marketplace === source_marketplace
      ? 'link_cnfans'
      : hacoo_item !== null && row.hacoo_item === hacoo_item
        ? 'link_hacoo'
        : 'link_dhgate';
  return { id: row.id, slug: row.slug, title: row.title, thumbnail: row.thumbnail, username: row.username, field };
}

/** The visible products listing the item a searched link names, newest first. */
export async function visibleProductIdsListing(db: Kysely<Database>, identity: Partial<ProductIdentity>): Promise<number[]> {
  const { source_marketplace, source_item_id, hacoo_item, dhgate_item } = identity;
  let query = db.selectFrom('products').select('id').where('hidden', '=', 0);
  if (source_item_id != null && source_marketplace != null) query = query.where('source_item_id', '=', source_item_id).where('source_marketplace', '=', source_marketplace);
  else if (hacoo_item != null) query = query.where('hacoo_item', '=', hacoo_item);
  else if (dhgate_item != null) query = query.where('dhgate_item', '=', dhgate_item);
  else return [];
  return (await query.orderBy('id', 'desc').limit(50).execute()).map((row) => row.id);
}
