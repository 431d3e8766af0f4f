import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { connectDatabase, type DatabaseHandle } from '../db/connect.js';
import { english } from '../test/english.js';
import { startCuttableProxy, type CuttableProxy } from '../test/cuttable-proxy.js';
import { productForm, registerUser, type RegisteredUser, uploadProduct } from '../test/fixtures.js';
import { startServerProcess, type ServerProcess } from '../test/server-process.js';
import { createPostgresTestDatabase, sendRequest, testDialect, type TestResponse } from '../test/test-app.js';

/** The brief's bound for a request while the database is gone: an answer, not a hang. */
const FAST_MS = 3_000;

/**
 * The real server (a child process, so a crash shows as an exit) reaches PostgreSQL through a proxy the
 * test takes down, as a stopped server and as a host that stops answering, and brings back.
 * Routes here are uncached: the read cache may answer a list it served in the last 5 s without the
 * database, which is fine and not what is tested.
 */
describe.skipIf(testDialect !== 'postgres')('PostgreSQL going away during a run (PostgreSQL only: SQLite is a file the process opens itself)', () => {
  let imageDir = '';
  let proxy: CuttableProxy;
  let server: ServerProcess;
  let direct: DatabaseHandle;
  let member: RegisteredUser;
  let productId: number;
  let searches = 0;

  const call = (method: string, path: string, options?: Parameters<typeof sendRequest>[3]) => sendRequest(server.baseUrl, method, path, options);
  /** A search nobody made before, so the read cache cannot answer it. */
  const freshSearch = () => call('GET', `/products/search/shoes${++searches}`);

  const signIn = () => call('POST', '/auth/login', { json: { email: member.email, password: member.password } });
  const sessionCheck = () => call('GET', '/auth/check', { token: member.token });
  const storeLinks = () => call('GET', `/products/${productId}`);
  /** The requests a visitor and a member make, none of which the read cache can answer. */
  const requests: Record<string, () => Promise<TestResponse>> = {
    'sign in': signIn,
    'session check': sessionCheck,
    'search': freshSearch,
    'store links': storeLinks,
    'upload': async () => call('POST', '/products', { token: member.token, form: await productForm({ title: 'Made while down' }) }),
  };

  async function timed(request: () => Promise<TestResponse>): Promise<TestResponse & { ms: number }> {
    const started = performance.now();
    const answer = await request();
    return { ...answer, ms: Math.round(performance.now() - started) };
  }

  async function expectDownAnswers(label: string): Promise<void> {
    const ready = await timed(() => call('GET', '/ready'));
    expect(ready.status).toBe(503);
    expect(ready.body).toEqual({ status: 'database unreachable', message: english('request.unavailable'), code: 'request.unavailable' });
    expect(ready.ms).toBeLessThan(FAST_MS);
    const times = [`/ready ${ready.ms} ms`];
    for (const [name, request] of Object.entries(requests)) {
      const answer = await timed(request);
      expect({ name, status: answer.status, body: answer.body }).toEqual({ name, status: 503, body: { message: english('request.unavailable'), code: 'request.unavailable' } });
      expect(answer.headers.get('retry-after')).toBe('5');
      expect(answer.ms).toBeLessThan(FAST_MS);
      times.push(`${name} ${answer.ms} ms`);
    }
    console.info(`database-down (${label}): ${times.join(', ')}`);
  }

  async function expectRecovered(): Promise<void> {
    const ready = await call('GET', '/ready');
    expect(ready.status).toBe(200);
    expect((await signIn()).status).toBe(200);
    expect((await sessionCheck()).status).toBe(200);
    expect((await freshSearch()).status).toBe(200);
    expect((await storeLinks()).status).toBe(200);
    await uploadProduct({ request: call }, member.token, { title: 'Made after recovery' });
  }

  beforeAll(async () => {
    // Made here, not in the describe body, which runs even when the suite is skipped.
    imageDir = mkdtempSync(join(tmpdir(), 'linkhunt-db-down-'));
    const url = await createPostgresTestDatabase();
    const target = new URL(url);
    proxy = await startCuttableProxy({ host: target.hostname, port: Number(target.port || 5432) });
    server = await startServerProcess({
      DATABASE_URL: proxy.route(url),
      IMAGE_DIR: imageDir,
      SEED_DEMO: 'false',
      RATE_LIMIT_LOGIN: '1000',
      RATE_LIMIT_REGISTER: '1000',
      RATE_LIMIT_LOGIN_FAILURES: '1000',
    });
    direct = connectDatabase(url, { poolSize: 1 });
    await direct.db.insertInto('categories').values({ slug: 'sneakers', name: 'Sneakers' }).execute();
    const owner = await registerUser({ request: call }, 'down_owner');
    productId = (await uploadProduct({ request: call }, owner.token, { title: 'Before the outage' })).id;
    // Verified (directly in the database, as the mailed link would), so its uploads in every recovery check are not refused.
    member = await registerUser({ request: call, db: direct.db }, 'down_member');
  }, 60_000);

  // The server's log tells what went wrong when a case fails.
  beforeEach(({ onTestFailed }) => onTestFailed(() => console.info(server?.output())));

  afterAll(async () => {
    server?.kill();
    await proxy?.close();
    await direct?.db.destroy();
    if (imageDir) rmSync(imageDir, { recursive: true, force: true });
  });

  it('answers 503 at once while PostgreSQL is stopped, survives the broken pooled connections, and recovers by itself', async () => {
    // Fill the pool with idle connections, which the stop then breaks under it.
    await Promise.all([expectRecovered(), expectRecovered()]);
    const pid = server.child.pid;

    await proxy.stop();
    await server.waitForOutput('database connection lost');
    await expectDownAnswers('stopped');
    expect(server.output()).toContain('database unavailable: answered 503');
    expect(server.output()).toContain('"msg":"database not reachable"');
    expect(server.output()).not.toMatch(/"level":50/); // nothing logged as a 500

    await proxy.restore();
    await expectRecovered();
    expect(server.child.exitCode).toBeNull();
    expect(server.child.pid).toBe(pid);
  });

  it('answers 503 within the connection timeout while PostgreSQL accepts but never answers, and recovers', async () => {
    await proxy.blackhole();
    await expectDownAnswers('not answering');
    await proxy.restore();
    await expectRecovered();
    expect(server.child.exitCode).toBeNull();
  });

  it('stored nothing for the uploads refused while the database was down', async () => {
    const titles = (await direct.db.selectFrom('products').select('title').orderBy('id').execute()).map((row) => row.title);
    expect(titles).not.toContain('Made while down');
    // Each stored product has its two files and no file is left from a refused upload.
    expect(readdirSync(join(imageDir, 'images', 'products'))).toHaveLength(titles.length * 2);
  });
});
