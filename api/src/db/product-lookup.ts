import type { Kysely } from 'kysely';
import { notFound } from '../http-errors.js';
import type { DialectName } from './connect.js';
import type { Database, ProductsTable } from './schema.js';

export type ProductColumn = keyof ProductsTable & string;

export interface ProductLookup {
  /** A hidden product (taken down, or removed) counts as missing: it is not there to be acted on. */
  visibleOnly?: boolean;
  /**
   * The dialect of the transaction `db` is, when a write on the product follows: the row stays locked for the
   * rest of the transaction on PostgreSQL (FOR NO KEY UPDATE, which leaves inserts that merely refer to the
   * product free), so that two requests acting on one product take turns. SQLite runs one write transaction
   * at a time anyway.
   */
  lockIn?: DialectName;
}

/** The product's `columns`, or undefined when there is no such product (see `ProductLookup`). */
export function findProduct<C extends ProductColumn>(db: Kysely<Database>, id: number, columns: readonly C[], { visibleOnly = false, lockIn }: ProductLookup = {}) {
  let query = db.selectFrom('products').select(columns).where('id', '=', id);
  if (visibleOnly) query = query.where('hidden', '=', 0);
  if (lockIn === 'postgres') query = query.forNoKeyUpdate();
  return query.executeTakeFirst();
}

/** The product's `columns`, or the 404 `product.not_found` when there is no such product: what a route answers. */
export async function findProductOr404<C extends ProductColumn>(db: Kysely<Database>, id: number, columns: readonly C[], lookup: ProductLookup = {}) {
  const row = await findProduct(db, id, columns, lookup);
  if (!row) throw notFound('product.not_found');
  return row;
}
