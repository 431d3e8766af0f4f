import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { findProductOr404 } from '../../db/product-lookup.js';
import { today } from '../../db/sql-helpers.js';
import { notFound, productDeletedMeanwhile } from '../../http-errors.js';

/**
 * Counts one download of a product for a visitor: raised only by the visitor's first one of the UTC day (a
 * row in `downloads`, and the product's counter with it). A repeat reads the count inside the transaction,
 * after the insert has waited for any concurrent first one to commit, so simultaneous requests by one visitor
 * all report the same, already raised, count.
 */
export async function countDownload(db: Kysely<Database>, productId: number, visitor: string): Promise<{ downloads: number; counted: boolean }> {
  return db
    .transaction()
    .execute(async (trx) => {
      const inserted = await trx
        .insertInto('downloads')
        .values({ product_id: productId, visitor, day: today() })
        .onConflict((oc) => oc.columns(['product_id', 'visitor', 'day']).doNothing())
        .returning('product_id')
        .executeTakeFirst();
      if (!inserted) {
        const current = await findProductOr404(trx, productId, ['downloads']);
        return { downloads: current.downloads, counted: false };
      }
      const updated = await trx
        .updateTable('products')
        .set((eb) => ({ downloads: eb('downloads', '+', 1) }))
        .where('id', '=', productId)
        .returning('downloads')
        .executeTakeFirstOrThrow(() => notFound('product.not_found'));
      return { downloads: updated.downloads, counted: true };
    })
    .catch(productDeletedMeanwhile);
}
