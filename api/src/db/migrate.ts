import { type Kysely, type Migration, type MigrationProvider, Migrator, NO_MIGRATIONS, PostgresAdapter, sql } from 'kysely';
import * as initial from './migrations/001-initial.js';
import type { Database } from './schema.js';

// Listed statically so the same list works from TypeScript sources (tests) and the built dist.
const migrations: Record<string, Migration> = {
  '001-initial': initial,
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
  const { error, results } = await (await migratorFor(db)).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed`, { cause: error });
  }
}

export async function migrateDownAll(db: Kysely<Database>): Promise<void> {
  const { error } = await (await migratorFor(db)).migrateTo(NO_MIGRATIONS);
  if (error) throw new Error('rolling back migrations failed', { cause: error });
}
