import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { CompiledQuery, Kysely, PostgresDialect, SqliteDialect, SqliteDriver, type DatabaseConnection, type Driver, type SqliteDialectConfig, type TransactionSettings } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';

export type DialectName = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  /**
   * Calls `listener` when an idle pooled PostgreSQL connection breaks (the server stopped or the network
   * dropped it). The pool has already dropped that connection and the next query opens a new one, so this
   * only reports. Never called on SQLite. Returns the unsubscribe.
   */
  onConnectionLost(listener: (error: Error) => void): () => void;
}

/**
 * So that a database that is gone fails a request within about 2 s instead of hanging it. A stopped
 * server closes its sockets, so queries on them and new connections fail at once; this covers a server
 * that does not answer at all. Opening a connection on a working server takes milliseconds, so 2 s of
 * silence means it is unreachable. pg-pool also applies it to waiting for a free pooled connection, so an
 * overloaded pool sheds requests (503) after 2 s instead of queueing them without end.
 * No per-query timeout: it would also cut off slow legitimate statements (a DROP DATABASE under load
 * took over 10 s in the test teardown), and pg keeps a timed-out query's connection in the pool anyway.
 */
const CONNECTION_TIMEOUT_MS = 2_000;

// PostgreSQL returns count(*) and bigint as strings; every count here fits an integer.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number.parseFloat(value));

/**
 * A deferred SQLite transaction (Kysely's plain BEGIN) that reads and then writes cannot take the write lock
 * once another process has committed since its read: SQLITE_BUSY_SNAPSHOT, at once, which the busy timeout
 * does not retry (the link checker met it beside uploads from other API processes). Transactions here write,
 * so they begin IMMEDIATE and wait for the lock up front; a transaction marked read only stays deferred, so a
 * long read (the listing index) holds no other process's writes.
 */
class LockingSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection, settings?: TransactionSettings): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(settings?.accessMode === 'read only' ? 'begin' : 'begin immediate'));
  }
}

class LockingSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }
  override createDriver(): Driver {
    return new LockingSqliteDriver(this.#config);
  }
}

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//.test(url);
}

/** `sqlite:<path>` (or a bare path) opens an embedded file; a postgres:// URL opens a pool. */
export function connectDatabase(url: string, options: { poolSize?: number } = {}): DatabaseHandle {
  if (isPostgresUrl(url)) {
    const pool = new pg.Pool({
      connectionString: url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: CONNECTION_TIMEOUT_MS,
    });
    // A connection that breaks makes its client emit 'error', and unheard that ends the process. The pool
    // listens while the client is idle (and re-emits here); while Kysely has it checked out nobody does, and
    // the query in flight fails with the error anyway, so the client's own event is dropped.
    pool.on('error', () => {});
    pool.on('connect', (client) => client.on('error', () => {}));
    return {
      db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }),
      dialect: 'postgres',
      onConnectionLost(listener) {
        pool.on('error', listener);
        return () => pool.off('error', listener);
      },
    };
  }
  const file = url.replace(/^sqlite:/, '');
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return {
    db: new Kysely<Database>({ dialect: new LockingSqliteDialect({ database: sqlite }) }),
    dialect: 'sqlite',
    onConnectionLost: () => () => {},
  };
}
