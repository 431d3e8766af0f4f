import { type Kysely, sql, type Transaction } from 'kysely';
import { STORES } from '@linkhunt/contracts/limits';
import type { DialectName } from '../../db/connect.js';
import type { Database } from '../../db/schema.js';
import { countedValorations } from './product-repository.js';
import { rateTable } from '../prices/rates-repository.js';

/** The table of migration 004, known only to the listing index. */
type IndexTables = { listing_index_state: { id: number; version: number } };
type Db = Kysely<Database>;

export type ListingSnapshot = Awaited<ReturnType<typeof readSnapshot>>;

/** The version the writes bump (migration 004): an index built at an older one is stale. */
export async function readListingVersion(db: Db): Promise<number> {
  const row = await db.withTables<IndexTables>().selectFrom('listing_index_state').select('version').where('id', '=', 1).executeTakeFirst();
  return row?.version ?? 0;
}

/** What the listing index is built from, read from one consistent snapshot of the database. */
export async function readListingSnapshot(db: Db, dialect: DialectName): Promise<ListingSnapshot> {
  // Repeatable read on PostgreSQL: the version and every table are read as of one moment, so a write
  // committed meanwhile bumps a version this index does not claim. SQLite's one connection is held by
  // the transaction, which gives the same. Read only, so that on SQLite it takes no write lock.
  const readOnly = db.transaction().setAccessMode('read only');
  const transaction = dialect === 'postgres' ? readOnly.setIsolationLevel('repeatable read') : readOnly;
  return transaction.execute((trx) => readSnapshot(trx));
}

async function readSnapshot(trx: Transaction<Database>) {
  const state = await trx.withTables<IndexTables>().selectFrom('listing_index_state').select('version').where('id', '=', 1).executeTakeFirst();
  const brandRows = await trx.selectFrom('brands').select(['id', 'slug', 'name']).orderBy('id').execute();
  const categoryRows = await trx.selectFrom('categories').select(['id', 'slug', 'name']).orderBy('id').execute();
  // The stores as a bit mask computed by the engine: reading 300,000 URLs only to test them took a third of the build.
  const linked = (column: 'link_hacoo' | 'link_dhgate' | 'link_cnfans', bit: number) =>
    sql<number>`case when ${sql.ref(column)} is not null and ${sql.ref(column)} <> '' then ${sql.lit(bit)} else 0 end`;
  const products = await trx
    .selectFrom('products')
    .select([
      'id', 'brand_id', 'colors', 'downloads', 'price_minor', 'price_currency',
      sql<number>`${sql.join(STORES.map((store, s) => linked(`link_${store}`, 1 << s)), sql` + `)}`.as('platforms'),
    ])
    .where('hidden', '=', 0)
    .orderBy('id', 'desc')
    .execute();
  // Every row, not only the visible products': a join with products would cost more than the few hidden rows.
  const links = await trx.selectFrom('product_categories').select(['product_id', 'category_id']).execute();
  // Counted reviews only (their author's address verified): an author's verification moves the index's
  // version (migration 010), so the index follows it.
  const ratings = await countedValorations(trx)
    .select((eb) => ['valorations.product_id', eb.fn.sum<number>('valorations.stars').as('stars'), eb.fn.countAll<number>().as('reviews')])
    .groupBy('valorations.product_id')
    .execute();
  // The rates of this same moment: new rates bump the version in the transaction that writes them (features/prices).
  const rates = await rateTable(trx);
  return { version: state?.version ?? 0, brandRows, categoryRows, products, links, ratings, rates };
}
