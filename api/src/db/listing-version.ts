import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

/** The table of migration 004: the version GET /products' in-memory index is built at (features/products/listing-index.ts). */
type IndexTables = { listing_index_state: { id: number; version: number } };

/**
 * Marks every listing index stale, for a change no trigger sees (new exchange rates re-order the price sorts);
 * inside the transaction of that change, so an index never claims a version whose data it lacks.
 */
export async function bumpListingVersion(trx: Kysely<Database>): Promise<void> {
  await trx.withTables<IndexTables>().updateTable('listing_index_state').set((eb) => ({ version: eb('version', '+', 1) })).where('id', '=', 1).execute();
}
