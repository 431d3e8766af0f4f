import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Migrations never import application code: they must keep working as the app changes.
// `Kysely<any>` is the documented type for migrations, which run against every past schema.

/* eslint-disable @typescript-eslint/no-explicit-any */
function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * Link health: one row per store link of a product (its latest verdict, its schedule and, while a check
 * runs, the lease that keeps other instances off it), a history of checks for moderators, and one row per
 * store host holding when the next request to it may start (politeness delay, Retry-After). Rows for the
 * existing links are made by the checker's first sync, which spreads their first checks over the interval.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  const idType = pg ? 'serial' : 'integer';
  const timestamp = pg ? 'timestamptz' : 'text';
  const now = pg ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

  await db.schema
    .createTable('link_checks')
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('platform', 'varchar(8)', (c) => c.notNull())
    // The link as it was when this row's verdict was reached: an edited link starts over.
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('host', 'varchar(253)', (c) => c.notNull())
    // 'ok' or 'gone'; null until a check reaches one (an inconclusive check never changes it).
    .addColumn('verdict', 'varchar(8)')
    .addColumn('verdict_at', timestamp)
    // The first of the current run of `gone` verdicts, and how many there were in a row.
    .addColumn('gone_since', timestamp)
    .addColumn('gone_count', 'integer', (c) => c.notNull().defaultTo(0))
    // Inconclusive checks in a row, for the retry backoff.
    .addColumn('unknown_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_checked_at', timestamp)
    .addColumn('next_check_at', timestamp, (c) => c.notNull())
    .addColumn('lease_owner', 'varchar(64)')
    .addColumn('lease_until', timestamp)
    .addPrimaryKeyConstraint('link_checks_pk', ['product_id', 'platform'])
    .execute();
  await db.schema.createIndex('link_checks_due').on('link_checks').columns(['host', 'next_check_at']).execute();
  // Only the few rows being checked carry a lease: counting a host's checks in flight reads just those.
  await db.schema.createIndex('link_checks_leased').on('link_checks').columns(['host', 'lease_until']).where(sql.ref('lease_until'), 'is not', null).execute();

  await db.schema
    .createTable('link_check_log')
    .addColumn('id', idType, (c) => c.primaryKey())
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('platform', 'varchar(8)', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('result', 'varchar(8)', (c) => c.notNull())
    .addColumn('reason', 'varchar(24)', (c) => c.notNull())
    .addColumn('http_status', 'integer')
    .addColumn('checked_at', timestamp, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('link_check_log_product').on('link_check_log').columns(['product_id', 'id']).execute();
  await db.schema.createIndex('link_check_log_time').on('link_check_log').column('checked_at').execute();

  await db.schema
    .createTable('link_check_hosts')
    .addColumn('host', 'varchar(253)', (c) => c.primaryKey())
    .addColumn('next_start_at', timestamp, (c) => c.notNull().defaultTo(now))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('link_check_hosts').ifExists().execute();
  await db.schema.dropTable('link_check_log').ifExists().execute();
  await db.schema.dropTable('link_checks').ifExists().execute();
}
