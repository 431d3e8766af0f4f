import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { connectDatabase, type DatabaseHandle, type DialectName } from '../src/db/connect.js';
import type { Database } from '../src/db/schema.js';
import type { BenchMachine } from './bench-summary.js';

/** A database the benchmark may fill and throw away, and how to get rid of it. */
export interface BenchDatabase {
  name: 'sqlite' | 'postgres';
  handle: DatabaseHandle;
  drop(): Promise<void>;
}

export function openSqlite(): BenchDatabase {
  const dir = mkdtempSync(join(tmpdir(), 'linkhunt-bench-'));
  // A file, not :memory:, so WAL and the page cache behave as in a real install.
  const handle = connectDatabase(`sqlite:${join(dir, 'bench.sqlite')}`);
  return {
    name: 'sqlite',
    handle,
    async drop() {
      await handle.db.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A fresh database on the PostgreSQL server of TEST_DATABASE_URL, or of the local default; null when
 * none answers. It is created for this run and dropped by `drop()`.
 */
export async function openPostgres(): Promise<BenchDatabase | null> {
  const server = new URL(process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres');
  server.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: server.toString(), connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch (error) {
    console.log(`PostgreSQL not reachable at ${server.host} (${(error as Error).message}): skipped.`);
    return null;
  }
  const name = `linkhunt_bench_${Date.now()}_${process.pid}`;
  await admin.query(`create database ${name}`);
  const target = new URL(server);
  target.pathname = `/${name}`;
  const handle = connectDatabase(target.toString());
  let dropped = false;
  return {
    name: 'postgres',
    handle,
    async drop() {
      if (dropped) return;
      dropped = true;
      await handle.db.destroy();
      // pg-pool's end() resolves before its sockets close; forcing the drop earlier would kill those
      // sessions and surface as an unhandled pool error. Wait (briefly) for them to go.
      for (let i = 0; i < 50; i++) {
        const { rows } = await admin.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
        if (rows[0]?.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** The server's version ("15.20") or SQLite's library version ("3.53.0"). */
export async function databaseVersion(db: Kysely<Database>, dialect: DialectName): Promise<string> {
  const { rows } = dialect === 'postgres'
    ? await sql<{ v: string }>`select current_setting('server_version') as v`.execute(db)
    : await sql<{ v: string }>`select sqlite_version() as v`.execute(db);
  return rows[0]?.v ?? 'unknown';
}

/** What a bench's JSON summary records of the machine and of the databases it ran on. */
export function benchMachine(databases: readonly { name: DialectName; version: string }[]): BenchMachine {
  return {
    cpus: availableParallelism(),
    cpuModel: cpus()[0]?.model ?? 'unknown',
    node: process.version,
    sqlite: databases.find((d) => d.name === 'sqlite')?.version ?? null,
    postgres: databases.find((d) => d.name === 'postgres')?.version ?? null,
  };
}
