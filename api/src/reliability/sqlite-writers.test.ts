import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { connectDatabase, type DatabaseHandle } from '../db/connect.js';
import { productForm, registerUser, uploadProduct } from '../test/fixtures.js';
import { roundRobin } from '../test/round-robin.js';
import { startServerProcess, type ServerProcess } from '../test/server-process.js';
import { sendRequest, testDialect, type TestResponse } from '../test/test-app.js';

/**
 * Several API processes writing to one SQLite file at once, as when the API is run as more than one
 * process. One better-sqlite3 connection serialises its own process's writes, so contention (and
 * SQLITE_BUSY, had WAL or the busy timeout been missing) only shows between processes.
 */
const INSTANCES = 3;
/** Well inside the 5 s busy timeout. */
const LOCK_HELD_MS = 1_000;

describe.skipIf(testDialect !== 'sqlite')('SQLite under concurrent writers from several processes (SQLite only: PostgreSQL has no file lock)', () => {
  let dir = '';
  let file = '';
  let imageDir = '';
  const servers: ServerProcess[] = [];
  let check: DatabaseHandle;

  beforeAll(async () => {
    // Made here, not in the describe body, which runs even when the suite is skipped.
    dir = mkdtempSync(join(tmpdir(), 'linkhunt-writers-'));
    file = join(dir, 'db.sqlite');
    imageDir = join(dir, 'images');
    const env = {
      DATABASE_URL: `sqlite:${file}`,
      IMAGE_DIR: imageDir,
      SEED_DEMO: 'false',
      RATE_LIMIT_REGISTER: '1000',
      RATE_LIMIT_LOGIN: '1000',
    };
    // Started together, as an orchestrator starts replicas: they migrate the same fresh file at once.
    const started = await Promise.allSettled(Array.from({ length: INSTANCES }, () => startServerProcess(env)));
    for (const result of started) if (result.status === 'fulfilled') servers.push(result.value);
    const failed = started.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
    check = connectDatabase(`sqlite:${file}`);
    await check.db.insertInto('categories').values({ slug: 'sneakers', name: 'Sneakers' }).execute();
  }, 60_000);

  // The servers' logs tell what went wrong when a case fails.
  beforeEach(({ onTestFailed }) => onTestFailed(() => console.info(servers.map((server) => server.output()).join('\n'))));

  afterAll(async () => {
    for (const server of servers) server.kill();
    await check?.db.destroy();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('lets processes started together on a fresh file migrate it once (before the fix, "table users already exists")', async () => {
    expect(servers).toHaveLength(INSTANCES);
    const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(check.db);
    const names = rows.map((row) => row.name);
    expect(names).toContain('001-initial');
    expect(new Set(names).size).toBe(names.length);
  });

  it('opens the file in WAL mode with a busy timeout', async () => {
    const { rows: mode } = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(check.db);
    expect(mode[0]?.journal_mode).toBe('wal');
    // busy_timeout belongs to a connection: this one is opened by the same connectDatabase as the servers'.
    const { rows: timeout } = await sql<{ timeout: number }>`pragma busy_timeout`.execute(check.db);
    expect(timeout[0]?.timeout).toBe(5000);
  });

  it('takes 50 concurrent writes spread over the processes: all 2xx, no busy error, every write stored', async () => {
    const clients = servers.map((server) => ({ request: sendRequest.bind(null, server.baseUrl) }));
    const via = (i: number) => roundRobin(clients, i);

    // People and products the burst writes about, made beforehand.
    const owner = await registerUser(via(0), 'writer_owner');
    const [products, members] = await Promise.all([
      Promise.all([0, 1, 2].map((i) => uploadProduct(via(i), owner.token, { title: `Shared product ${i}` }))),
      Promise.all([0, 1, 2, 3, 4].map((i) => registerUser(via(i), `writer_member${i}`))),
    ]);

    type Write = { kind: string; send: (server: number) => Promise<TestResponse> };
    const writes: Write[] = [];
    for (let i = 0; i < 10; i++) {
      const username = `burst_user${i}`;
      writes.push({
        kind: 'register',
        send: (s) => via(s).request('POST', '/auth/register', { json: { username, email: `${username}@example.com`, password: 'correct horse battery' } }),
      });
    }
    for (const [i, author] of [...members, ...members].entries()) {
      const form = await productForm({ title: `Burst upload ${i}` });
      writes.push({ kind: 'upload', send: (s) => via(s).request('POST', '/products', { token: author.token, form }) });
    }
    for (const member of members) {
      for (const product of products) {
        writes.push({
          kind: 'review',
          send: (s) => via(s).request('POST', `/products/${product.id}/valorations`, { token: member.token, json: { stars: 4, review: `Review by ${member.username}` } }),
        });
        writes.push({ kind: 'favourite', send: (s) => via(s).request('POST', `/products/${product.id}/favourite`, { token: member.token }) });
      }
    }
    expect(writes).toHaveLength(50);

    // Another writer (a second deployment, a backup, a seed) holds the write lock while the burst starts,
    // so the writers surely meet a locked file and have to wait for it, not only when their timing overlaps.
    const { db } = check;
    await sql`begin immediate`.execute(db);
    const started = performance.now();
    const sent = Promise.all(writes.map((write, i) => write.send(i)));
    await new Promise((resolve) => setTimeout(resolve, LOCK_HELD_MS));
    await sql`commit`.execute(db);
    const answers = await sent;
    const elapsed = performance.now() - started;

    const failures = answers.flatMap((answer, i) => (answer.status >= 200 && answer.status < 300 ? [] : [`${writes[i]?.kind}: ${answer.status} ${JSON.stringify(answer.body)}`]));
    expect(failures).toEqual([]);
    const logs = servers.map((server) => server.output()).join('\n');
    expect(logs).not.toMatch(/SQLITE_BUSY|SQLITE_LOCKED|database is locked/i);
    expect(logs).not.toMatch(/"level":50/);

    const registered = await db.selectFrom('users').select('username').where('username', 'like', 'burst_user%').execute();
    expect(registered).toHaveLength(10);
    const tokens = await db
      .selectFrom('access_tokens')
      .innerJoin('users', 'users.id', 'access_tokens.user_id')
      .select('users.username')
      .where('users.username', 'like', 'burst_user%')
      .execute();
    expect(tokens).toHaveLength(10);

    const uploaded = await db.selectFrom('products').select(['id', 'image', 'thumbnail']).where('title', 'like', 'Burst upload %').execute();
    expect(uploaded).toHaveLength(10);
    for (const row of uploaded) {
      expect(existsSync(join(imageDir, 'images', row.image))).toBe(true);
      expect(existsSync(join(imageDir, 'images', row.thumbnail))).toBe(true);
    }
    const categorised = await db.selectFrom('product_categories').select('product_id').where('product_id', 'in', uploaded.map((row) => row.id)).execute();
    expect(categorised).toHaveLength(10);

    const productIds = products.map((p) => p.id);
    const memberIds = members.map((m) => m.id);
    const reviews = await db.selectFrom('valorations').select('id').where('product_id', 'in', productIds).where('user_id', 'in', memberIds).execute();
    expect(reviews).toHaveLength(15);
    const favourites = await db.selectFrom('favourites').select('product_id').where('product_id', 'in', productIds).where('user_id', 'in', memberIds).execute();
    expect(favourites).toHaveLength(15);

    console.info(`sqlite-writers: 50 writes over ${INSTANCES} processes in ${Math.round(elapsed)} ms, the file locked by another writer for the first ${LOCK_HELD_MS} ms`);
  });
});
