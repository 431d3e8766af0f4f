import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../test/free-port.js';
import { databaseUnavailableReason } from './unavailable.js';

/** The errors are made for real where that is cheap (SQLite, sockets); PostgreSQL's are shaped as pg reports them. */
describe('databaseUnavailableReason', () => {
  const dir = mkdtempSync(join(tmpdir(), 'linkhunt-unavailable-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  function caught(run: () => unknown): unknown {
    try {
      run();
    } catch (error) {
      return error;
    }
    throw new Error('expected an error');
  }

  it('takes SQLite busy (the file stayed locked past the busy timeout) as unavailable, and a constraint error as not', () => {
    const file = join(dir, 'busy.sqlite');
    const holder = new SqliteDatabase(file);
    const waiter = new SqliteDatabase(file);
    try {
      holder.pragma('journal_mode = WAL');
      holder.exec('create table t (id integer primary key)');
      waiter.pragma('busy_timeout = 50');
      holder.exec('begin immediate');
      expect(databaseUnavailableReason(caught(() => waiter.exec('insert into t values (1)')))).toMatch(/^SQLite SQLITE_BUSY/);
      holder.exec('insert into t values (1); commit');
      expect(databaseUnavailableReason(caught(() => waiter.exec('insert into t values (1)')))).toBeNull();
    } finally {
      holder.close();
      waiter.close();
    }
  });

  it('takes a refused connection as unavailable, a client aborting its own request as not', async () => {
    const port = await freePort();
    const refused = await new Promise<Error>((resolve) => connect(port, '127.0.0.1').on('error', resolve));
    expect(databaseUnavailableReason(refused)).toBe('connection failed (ECONNREFUSED on connect)');
    // What Node gives a request whose client went away: the same code, no system call.
    expect(databaseUnavailableReason(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }))).toBeNull();
  });

  it('takes PostgreSQL connection, shutdown and timeout states as unavailable, other SQL errors as not', () => {
    const pgError = (code: string, message: string) => Object.assign(new Error(message), { code, severity: 'FATAL' });
    expect(databaseUnavailableReason(pgError('57P01', 'terminating connection due to administrator command'))).toContain('57P01');
    expect(databaseUnavailableReason(pgError('57P03', 'the database system is starting up'))).toContain('57P03');
    expect(databaseUnavailableReason(pgError('08006', 'connection failure'))).toContain('08006');
    expect(databaseUnavailableReason(pgError('53300', 'too many connections'))).toContain('53300');
    expect(databaseUnavailableReason(new Error('Connection terminated unexpectedly'))).toBe('Connection terminated unexpectedly');
    expect(databaseUnavailableReason(new Error('timeout exceeded when trying to connect'))).not.toBeNull();
    expect(databaseUnavailableReason(new Error('Query read timeout'))).not.toBeNull();
    expect(databaseUnavailableReason(pgError('23505', 'duplicate key value violates unique constraint'))).toBeNull();
    expect(databaseUnavailableReason(pgError('22P02', 'invalid input syntax for type integer'))).toBeNull();
    expect(databaseUnavailableReason(new Error('something else'))).toBeNull();
    expect(databaseUnavailableReason('not an error')).toBeNull();
  });

  it('looks inside an AggregateError and a cause', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED ::1:5432'), { code: 'ECONNREFUSED', syscall: 'connect' });
    expect(databaseUnavailableReason(new AggregateError([refused], 'connect failed'))).toBe('connection failed (ECONNREFUSED on connect)');
    expect(databaseUnavailableReason(new Error('migration failed', { cause: refused }))).toBe('connection failed (ECONNREFUSED on connect)');
  });
});
