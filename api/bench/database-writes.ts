import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../src/db/connect.js';
import type { Database } from '../src/db/schema.js';

/** Rows inserted, updated and deleted so far, as the database itself counts them. */
export interface WriteCount {
  /** How the figure is read, for the report. */
  method: string;
  /**
   * `rows`: the app's tables (triggers' writes included). `databaseWide`: PostgreSQL's count for the whole
   * database, which also holds the system catalogues' rows that autovacuum's ANALYZE rewrites; null on SQLite.
   */
  read(): Promise<{ rows: number; databaseWide: number | null }>;
}

/**
 * A PostgreSQL backend hands its counts to the statistics when idle, at most once a second, and, when
 * another backend holds the entry's lock (several flushing at once), 10 s later (PGSTAT_IDLE_INTERVAL).
 * So a count is taken as settled once it has not moved for longer than that.
 */
const SETTLE_STEP_MS = 1_000;
const SETTLED_FOR_MS = 11_000;
const SETTLE_LIMIT_MS = 60_000;

export function databaseWrites(db: Kysely<Database>, dialect: DialectName): WriteCount {
  if (dialect === 'sqlite') {
    return {
      method: "SQLite total_changes() on the app's one connection (rows inserted, updated or deleted, triggers' included)",
      async read() {
        const { rows } = await sql<{ n: number }>`select total_changes() as n`.execute(db);
        return { rows: Number(rows[0]?.n ?? NaN), databaseWide: null };
      },
    };
  }
  const once = async () => {
    const { rows } = await sql<{ tables: number; database: number }>`
      select
        (select sum(n_tup_ins + n_tup_upd + n_tup_del) from pg_stat_user_tables) as tables,
        (select tup_inserted + tup_updated + tup_deleted from pg_stat_database where datname = current_database()) as database`.execute(db);
    return { rows: Number(rows[0]?.tables ?? NaN), databaseWide: Number(rows[0]?.database ?? NaN) };
  };
  return {
    method:
      'PostgreSQL pg_stat_user_tables n_tup_ins + n_tup_upd + n_tup_del summed over the bench database\'s tables (triggers\' writes included), ' +
      'read once they have not moved for 11 s (a backend reports its counts when idle, at most once a second, or 10 s later when another holds the lock); ' +
      'pg_stat_database tup_inserted + tup_updated + tup_deleted, which adds the system catalogues autovacuum\'s ANALYZE rewrites, beside it',
    async read() {
      const deadline = Date.now() + SETTLE_LIMIT_MS;
      let last = await once();
      let since = Date.now();
      for (;;) {
        await new Promise((resolve) => setTimeout(resolve, SETTLE_STEP_MS));
        const now = await once();
        if (now.rows !== last.rows || now.databaseWide !== last.databaseWide) {
          last = now;
          since = Date.now();
        }
        if (Date.now() - since >= SETTLED_FOR_MS) return now;
        if (Date.now() > deadline) throw new Error('the PostgreSQL write counts did not settle within a minute');
      }
    },
  };
}
