import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Migrations never import application code: they must keep working as the app changes.
// `Kysely<any>` is the documented type for migrations, which run against every past schema.

/* eslint-disable @typescript-eslint/no-explicit-any */
function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * Issue "Finds people can judge": a product may have a price (whole minor units of the currency it was entered
 * in; both null without one), an account a currency to see prices in, and `exchange_rates` keeps the last good
 * reference rates fetched (units of each currency per euro; features/prices), which the listing compares prices at.
 *
 * A price changes what GET /products' in-memory index holds (the price sorts and range), so writing one bumps the
 * index's version like the writes of migration 004 do, whoever makes it. New rates bump it too, in the transaction
 * that writes them (features/prices/rates-repository.ts): only when they differ from the stored ones.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // One column per statement: SQLite's ALTER TABLE adds one at a time.
  await db.schema.alterTable('products').addColumn('price_minor', 'integer').execute();
  await db.schema.alterTable('products').addColumn('price_currency', 'text').execute();
  await db.schema.alterTable('users').addColumn('preferred_currency', 'text').execute();
  await db.schema
    .createTable('exchange_rates')
    .addColumn('currency', 'text', (c) => c.primaryKey())
    .addColumn('per_euro', 'double precision', (c) => c.notNull())
    .addColumn('rate_date', 'text', (c) => c.notNull())
    .addColumn('fetched_at', 'text', (c) => c.notNull())
    .execute();

  if (isPostgres(db)) {
    await sql`create trigger products_price_listing_index after update of price_minor, price_currency on products
      for each statement execute function listing_index_touch()`.execute(db);
  } else {
    await sql`create trigger products_price_listing_index_update after update of price_minor, price_currency on products
      begin update listing_index_state set version = version + 1 where id = 1; end`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) await sql`drop trigger if exists products_price_listing_index on products`.execute(db);
  else await sql`drop trigger if exists products_price_listing_index_update`.execute(db);
  await db.schema.dropTable('exchange_rates').ifExists().execute();
  await db.schema.alterTable('users').dropColumn('preferred_currency').execute();
  await db.schema.alterTable('products').dropColumn('price_currency').execute();
  await db.schema.alterTable('products').dropColumn('price_minor').execute();
}
