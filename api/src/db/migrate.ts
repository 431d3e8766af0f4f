import { type Kysely, type Migration, type MigrationProvider, type MigrationResult, type MigrationResultSet, Migrator, NO_MIGRATIONS, PostgresAdapter, SqliteAdapter, sql } from 'kysely';
import * as initial from './migrations/001-initial.js';
import * as idempotencyKeys from './migrations/002-idempotency-keys.js';
import * as searchVocabulary from './migrations/003-search-vocabulary.js';
import * as listingIndex from './migrations/004-listing-index.js';
import * as trust from './migrations/005-trust.js';
import * as linkHealth from './migrations/006-link-health.js';
import * as searchStems from './migrations/007-search-stems.js';
import * as contentLanguage from './migrations/008-content-language.js';
import * as withdrawnProducts from './migrations/009-withdrawn-products.js';
import * as countedReviews from './migrations/010-counted-reviews.js';
import * as sourceItems from './migrations/011-source-items.js';
import * as prices from './migrations/012-prices.js';
import * as photos from './migrations/013-photos.js';
import type { Database } from './schema.js';

// Listed statically so the same list works from TypeScript sources (tests) and the built dist.
const migrations: Record<string, Migration> = {
  '001-initial': initial,
  '002-idempotency-keys': idempotencyKeys,
  '003-search-vocabulary': searchVocabulary,
  '004-listing-index': listingIndex,
  '005-trust': trust,
  '006-link-health': linkHealth,
  '007-search-stems': searchStems,
  '008-content-language': contentLanguage,
  '009-withdrawn-products': withdrawnProducts,
  '010-counted-reviews': countedReviews,
  '011-source-items': sourceItems,
  '012-prices': prices,
  '013-photos': photos,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * On PostgreSQL, Kysely looks for its migration tables in every schema it can see; pinning them to the
 * current schema keeps two copies of the API in one database (one schema each) from seeing each other's.
 */
async function migratorFor(db: Kysely<Database>): Promise<Migrator> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return new Migrator({ db, provider });
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return new Migrator({ db, provider, migrationTableSchema: rows[0]?.schema ?? 'public' });
}

export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  // Kysely takes no lock on SQLite, so API processes started together on a fresh file each ran the
  // migrations ("table users already exists"). BEGIN IMMEDIATE takes the file's write lock first (the
  // others wait for it, within the busy timeout, then find nothing to do); Kysely keeps one connection on
  // SQLite, so the migrator runs inside this transaction, which also makes a failed migration leave nothing.
  const exclusive = db.getExecutor().adapter instanceof SqliteAdapter;
  if (exclusive) await sql`begin immediate`.execute(db);
  let outcome: MigrationResultSet | undefined;
  let failed: MigrationResult | undefined;
  try {
    outcome = await (await migratorFor(db)).migrateToLatest();
    failed = outcome.results?.find((r) => r.status === 'Error');
  } finally {
    if (exclusive) await (outcome && !outcome.error && !failed ? sql`commit` : sql`rollback`).execute(db);
  }
  if (outcome.error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed`, { cause: outcome.error });
  }
}

/** Runs the migrations up to and including `name` (tests of a migration start from the schema before it). */
export async function migrateUpTo(db: Kysely<Database>, name: string): Promise<void> {
  const { error } = await (await migratorFor(db)).migrateTo(name);
  if (error) throw new Error(`migrating to ${name} failed`, { cause: error });
}

export async function migrateDownAll(db: Kysely<Database>): Promise<void> {
  const { error } = await (await migratorFor(db)).migrateTo(NO_MIGRATIONS);
  if (error) throw new Error('rolling back migrations failed', { cause: error });
}
