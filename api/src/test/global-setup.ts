import { sql } from 'kysely';
import { connectDatabase } from '../db/connect.js';
import { testDatabasePrefix } from './test-databases.js';

/** After the PostgreSQL pass, drops the database each test file made (see test-app.ts). */
export default function setup(): () => Promise<void> {
  return async () => {
    const url = process.env.TEST_DATABASE_URL;
    if (process.env.TEST_DB !== 'postgres' || !url) return;
    const admin = connectDatabase(url, { poolSize: 1 });
    try {
      const prefix = testDatabasePrefix(url);
      const { rows } = await sql<{ name: string }>`select datname as name from pg_database where starts_with(datname, ${prefix})`.execute(admin.db);
      for (const { name } of rows) await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin.db);
    } finally {
      await admin.db.destroy();
    }
  };
}
