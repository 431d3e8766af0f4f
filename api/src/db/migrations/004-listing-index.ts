import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Migrations never import application code: they must keep working as the app changes.
// `Kysely<any>` is the documented type for migrations, which run against every past schema.

/* eslint-disable @typescript-eslint/no-explicit-any */
function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * The writes that change what GET /products' in-memory index holds (features/products/listing-index.ts):
 * visibility, brand, colours and store links of products, their categories, reviews, and the names and
 * slugs of brands and categories. Download counts are left out on purpose: every link reveal raises one,
 * and the index reads them again on its own schedule instead.
 */
const SOURCES = [
  { table: 'products', columns: 'hidden, brand_id, colors, link_hacoo, link_dhgate, link_cnfans' },
  { table: 'product_categories', columns: 'product_id, category_id' },
  { table: 'valorations', columns: 'product_id, stars' },
  { table: 'brands', columns: 'slug, name' },
  { table: 'categories', columns: 'slug, name' },
] as const;

/**
 * A version the triggers bump on every such write, whoever makes it (the app, the seed, an admin, a
 * test writing rows directly); each API process compares it with the version its index was built from,
 * one primary-key read per listing, and rebuilds when it moved.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('listing_index_state')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
  await db.insertInto('listing_index_state').values({ id: 1, version: 1 }).execute();

  if (isPostgres(db)) {
    await sql`create function listing_index_touch() returns trigger language plpgsql as $$
      begin update listing_index_state set version = version + 1 where id = 1; return null; end $$`.execute(db);
    for (const { table, columns } of SOURCES) {
      await sql.raw(`create trigger ${table}_listing_index after insert or delete or update of ${columns} on ${table}
        for each statement execute function listing_index_touch()`).execute(db);
    }
  } else {
    const touch = 'update listing_index_state set version = version + 1 where id = 1;';
    for (const { table, columns } of SOURCES) {
      await sql.raw(`create trigger ${table}_listing_index_insert after insert on ${table} begin ${touch} end`).execute(db);
      await sql.raw(`create trigger ${table}_listing_index_delete after delete on ${table} begin ${touch} end`).execute(db);
      await sql.raw(`create trigger ${table}_listing_index_update after update of ${columns} on ${table} begin ${touch} end`).execute(db);
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    for (const { table } of SOURCES) await sql.raw(`drop trigger if exists ${table}_listing_index on ${table}`).execute(db);
    await sql`drop function if exists listing_index_touch()`.execute(db);
  } else {
    for (const { table } of SOURCES) {
      for (const kind of ['insert', 'delete', 'update']) await sql.raw(`drop trigger if exists ${table}_listing_index_${kind}`).execute(db);
    }
  }
  await db.schema.dropTable('listing_index_state').ifExists().execute();
}
