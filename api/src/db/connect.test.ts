import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { connectDatabase } from './connect.js';

/**
 * The other connection stands for another API process on the same file. It is a raw one with no busy
 * timeout, so that it fails at once where it would wait: both live in this one thread, and a wait would
 * block the transaction it waits for.
 */
describe('SQLite transactions opened by connectDatabase', () => {
  const dir = mkdtempSync(join(tmpdir(), 'linkhunt-connect-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  function open(name: string) {
    const file = join(dir, name);
    const handle = connectDatabase(`sqlite:${file}`);
    const other = new SqliteDatabase(file);
    other.exec('create table t (id integer primary key, note text)');
    other.pragma('busy_timeout = 0');
    return { handle, other };
  }

  it('can write after reading even when another process wrote meanwhile (before the fix: SQLITE_BUSY_SNAPSHOT, which no busy timeout retries)', async () => {
    const { handle, other } = open('read-then-write.sqlite');
    const othersWrite: string[] = [];
    try {
      await handle.db.transaction().execute(async (trx) => {
        await sql`select count(*) from t`.execute(trx);
        // A deferred transaction lets this through and then cannot write on its stale snapshot; one that
        // took the write lock at its start makes the other writer wait (here: fail at once) instead.
        try {
          other.exec(`insert into t (note) values ('other')`);
          othersWrite.push('written');
        } catch (error) {
          othersWrite.push((error as { code?: string }).code ?? 'error');
        }
        await sql`insert into t (note) values ('mine')`.execute(trx);
      });
      expect(othersWrite).toEqual(['SQLITE_BUSY']);
      expect(other.prepare('select note from t').pluck().all()).toEqual(['mine']);
    } finally {
      other.close();
      await handle.db.destroy();
    }
  });

  it('leaves a read-only transaction deferred, so reading for long does not hold other processes’ writes', async () => {
    const { handle, other } = open('read-only.sqlite');
    try {
      await handle.db
        .transaction()
        .setAccessMode('read only')
        .execute(async (trx) => {
          await sql`select count(*) from t`.execute(trx);
          other.exec(`insert into t (note) values ('other')`);
          // Still the snapshot the transaction began with.
          const { rows } = await sql<{ n: number }>`select count(*) as n from t`.execute(trx);
          expect(rows[0]?.n).toBe(0);
        });
      expect(other.prepare('select note from t').pluck().all()).toEqual(['other']);
    } finally {
      other.close();
      await handle.db.destroy();
    }
  });
});
