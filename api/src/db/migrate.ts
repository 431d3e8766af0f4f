import { type Kysely, type Migration, type MigrationProvider, Migrator, NO_MIGRATIONS } from 'kysely';
import * as initial from './migrations/001-initial.js';
import type { Database } from './schema.js';

// Listed statically so the same list works from TypeScript sources (tests) and the built dist.
const migrations: Record<string, Migration> = {
  '001-initial': initial,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed`, { cause: error });
  }
}

export async function migrateDownAll(db: Kysely<Database>): Promise<void> {
  const { error } = await new Migrator({ db, provider }).migrateTo(NO_MIGRATIONS);
  if (error) throw new Error('rolling back migrations failed', { cause: error });
}
