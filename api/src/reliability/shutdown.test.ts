import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { connectDatabase, type DatabaseHandle } from '../db/connect.js';
import { english } from '../test/english.js';
import { pngImage, productForm, registerUser, type RegisteredUser, uploadProduct } from '../test/fixtures.js';
import { roundRobin } from '../test/round-robin.js';
import { startServerProcess, type ServerProcess } from '../test/server-process.js';
import { createPostgresTestDatabase, sendRequest, testDialect, type TestResponse } from '../test/test-app.js';

/** Clients sending one request after another, as the site's visitors do. */
const LOOPS = 6;
/** How long the slow upload takes to send its body; SIGTERM comes while it is still sending. */
const SLOW_UPLOAD_MS = 2_500;

type Kind = 'upload' | 'review' | 'favourite' | 'links' | 'list';
const KINDS: Kind[] = ['upload', 'review', 'favourite', 'links', 'list'];
const NORMAL_STATUS: Record<Kind, number[]> = { upload: [201], review: [200, 201], favourite: [200], links: [200], list: [200] };

interface Sent {
  /** Sent as ?rid=…, to find the request in the server's log (Fastify logs each URL as it arrives). */
  rid: string;
  kind: Kind;
  title?: string;
  /** The product an upload created (on 201). */
  createdId?: number;
  /** What a review or favourite was about. */
  target?: { productId: number; userId: number };
  doneAt: number;
  status?: number;
  body?: unknown;
  connection?: string | null;
  error?: string;
}

const dir = mkdtempSync(join(tmpdir(), 'linkhunt-sigterm-'));
let server: ServerProcess | undefined;
let check: DatabaseHandle | undefined;

afterAll(async () => {
  server?.kill();
  await check?.db.destroy();
  rmSync(dir, { recursive: true, force: true });
});

/** A multipart upload whose body trickles in over `spreadMs`, like one from a slow phone connection. */
async function slowUpload(baseUrl: string, token: string, title: string, spreadMs: number): Promise<TestResponse> {
  const encoded = new Response(await productForm({ title }));
  const bytes = new Uint8Array(await encoded.arrayBuffer());
  const pieces = 20;
  const size = Math.ceil(bytes.length / pieces);
  let next = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (next === pieces) return controller.close();
      await sleep(spreadMs / pieces);
      controller.enqueue(bytes.subarray(next * size, (next + 1) * size));
      next += 1;
    },
  });
  const response = await fetch(`${baseUrl}/products?rid=slow`, {
    method: 'POST',
    headers: { 'content-type': encoded.headers.get('content-type') ?? '', authorization: `Bearer ${token}` },
    body,
    duplex: 'half',
  } as RequestInit);
  return { status: response.status, headers: response.headers, body: await response.json() };
}

it('on SIGTERM under load: requests in flight finish normally, new ones get 503, exit 0 within 10 s, nothing half-written', async ({ onTestFailed }) => {
  onTestFailed(() => console.info(server?.output()));
  const imageDir = join(dir, 'images');
  const databaseUrl = testDialect === 'postgres' ? await createPostgresTestDatabase() : `sqlite:${join(dir, 'db.sqlite')}`;
  const started = await startServerProcess({
    DATABASE_URL: databaseUrl,
    IMAGE_DIR: imageDir,
    SEED_DEMO: 'false',
    RATE_LIMIT_LOGIN: '10000',
    RATE_LIMIT_REGISTER: '10000',
    // The members are unverified (3 uploads) and upload every fifth request for as long as the drain
    // takes to begin: on a fast run one passed 3 and got 403 (failed once in the PostgreSQL pass).
    UNVERIFIED_UPLOAD_LIMIT: '10000',
    DAILY_UPLOAD_LIMIT: '10000',
    DAILY_PHOTO_LIMIT: '10000',
  });
  server = started;
  const db = (check = connectDatabase(databaseUrl, { poolSize: 1 })).db;
  await db.insertInto('categories').values({ slug: 'sneakers', name: 'Sneakers' }).execute();
  const call = { request: sendRequest.bind(null, started.baseUrl) };
  const owner = await registerUser(call, 'sigterm_owner');
  const products = await Promise.all([0, 1].map((i) => uploadProduct(call, owner.token, { title: `Reviewed product ${i}` })));
  const members: RegisteredUser[] = await Promise.all(Array.from({ length: LOOPS }, (_, i) => registerUser(call, `sigterm_member${i}`)));
  const latecomer = await registerUser(call, 'sigterm_latecomer');
  // About 1 MB of noise: decoding and resizing it makes each upload a write of some tens of milliseconds.
  const photo = await pngImage(600, 600, true);

  const sent: Sent[] = [];
  let stop = false;
  async function send(loop: number, n: number): Promise<Sent> {
    const kind = roundRobin(KINDS, n + loop);
    const member = roundRobin(members, loop);
    const product = roundRobin(products, n);
    const record: Sent = { rid: `${loop}-${n}`, kind, doneAt: 0 };
    const rid = `?rid=${record.rid}`;
    let answer: TestResponse;
    try {
      if (kind === 'upload') {
        record.title = `Stream upload ${record.rid}`;
        answer = await call.request('POST', `/products${rid}`, { token: member.token, form: await productForm({ title: record.title, image: photo }) });
        if (answer.status === 201) record.createdId = answer.body.results.data.id;
      } else if (kind === 'review') {
        record.target = { productId: product.id, userId: member.id };
        answer = await call.request('POST', `/products/${product.id}/valorations${rid}`, { token: member.token, json: { stars: 5, review: 'Fine' } });
      } else if (kind === 'favourite') {
        record.target = { productId: product.id, userId: member.id };
        answer = await call.request('POST', `/products/${product.id}/favourite${rid}`, { token: member.token });
      } else if (kind === 'links') {
        answer = await call.request('GET', `/products/${product.id}${rid}`);
      } else {
        answer = await call.request('GET', `/products/recents${rid}`);
      }
      Object.assign(record, { status: answer.status, body: answer.body, connection: answer.headers.get('connection') });
    } catch (error) {
      record.error = String((error as Error).cause ?? error);
    }
    record.doneAt = performance.now();
    return record;
  }
  // Each client goes on until the server tells it to go away (or something breaks).
  const loops = Array.from({ length: LOOPS }, async (_, loop) => {
    for (let n = 0; !stop; n++) {
      const record = await send(loop, n);
      sent.push(record);
      if (record.status === 503 || record.error) return;
    }
  });

  await sleep(500);
  const slow = slowUpload(started.baseUrl, latecomer.token, 'Slow upload', SLOW_UPLOAD_MS);
  // Once the server has logged its arrival, it is in flight (the draining hook counts it in the same tick).
  await started.waitForOutput('"url":"/products?rid=slow"');
  await sleep(300);
  const killedAt = performance.now();
  started.child.kill('SIGTERM');
  // Surely after the signal: a large upload and a read, each on a new connection, are turned away in full.
  await started.waitForOutput('shutting down: finishing the requests in flight');
  const late = await Promise.all([
    call.request('POST', '/products?rid=late', { token: latecomer.token, form: await productForm({ title: 'Late upload', image: photo }), headers: { connection: 'close' } }),
    call.request('GET', '/ready', { headers: { connection: 'close' } }),
  ]);
  const exitCode = await started.exited;
  const exitMs = Math.round(performance.now() - killedAt);
  stop = true;
  await Promise.all(loops);
  const slowAnswer = await slow;

  expect(exitCode).toBe(0);
  expect(exitMs).toBeLessThan(10_000);
  expect(slowAnswer.status).toBe(201);

  for (const answer of late) {
    expect({ status: answer.status, body: answer.body }).toEqual({ status: 503, body: { status: 'shutting down', message: english('request.shutting_down'), code: 'request.shutting_down' } });
    expect(answer.headers.get('retry-after')).toBe('5');
  }
  expect(sent.filter((r) => r.error)).toEqual([]);
  // The server's log orders arrivals against the start of the drain: what came before gets its normal
  // answer, what came after gets the 503.
  const lines = started.output().split('\n');
  const drainFrom = lines.findIndex((line) => line.includes('shutting down: finishing the requests in flight'));
  const arrival = (rid: string) => lines.findIndex((line) => line.includes('"msg":"incoming request"') && line.includes(`?rid=${rid}"`));
  expect(drainFrom).toBeGreaterThan(arrival('slow'));
  for (const r of sent) {
    const arrived = arrival(r.rid);
    expect(arrived, `request ${r.rid} in the server log`).toBeGreaterThan(-1);
    if (arrived > drainFrom) {
      expect({ rid: r.rid, status: r.status, body: r.body, connection: r.connection }).toEqual({ rid: r.rid, status: 503, body: { status: 'shutting down', message: english('request.shutting_down'), code: 'request.shutting_down' }, connection: 'close' });
    } else {
      expect(NORMAL_STATUS[r.kind].includes(r.status ?? 0), `${r.kind} ${r.rid}: ${r.status} ${JSON.stringify(r.body)}`).toBe(true);
    }
  }
  const inFlight = sent.filter((r) => arrival(r.rid) < drainFrom && r.doneAt > killedAt);
  const turnedAway = sent.filter((r) => r.status === 503);
  // Every client was told to go away: none met a closed port.
  expect(turnedAway).toHaveLength(LOOPS);

  const logs = started.output();
  expect(logs).toContain('shutting down: finishing the requests in flight');
  expect(logs).toContain('shutting down: requests drained');
  expect(logs).toContain('shutdown complete');
  expect(logs).not.toMatch(/"level":50/);

  // Nothing half-written: every upload answered 201 is stored with both files; no row without its files,
  // no file without its row, every product in the search index and in its category.
  const rows = await db.selectFrom('products').select(['id', 'title', 'image', 'thumbnail']).execute();
  const ids = new Set(rows.map((row) => row.id));
  const created = [...sent.flatMap((r) => (r.createdId === undefined ? [] : [r.createdId])), slowAnswer.body.results.data.id as number];
  for (const id of created) expect(ids.has(id)).toBe(true);
  for (const row of rows) {
    expect(existsSync(join(imageDir, 'images', row.image))).toBe(true);
    expect(existsSync(join(imageDir, 'images', row.thumbnail))).toBe(true);
  }
  expect(readdirSync(join(imageDir, 'images', 'products'))).toHaveLength(rows.length * 2);
  const refusedTitles = [...sent.filter((r) => r.kind === 'upload' && r.status === 503).map((r) => r.title), 'Late upload'];
  expect(rows.filter((row) => refusedTitles.includes(row.title))).toEqual([]);
  const indexed = testDialect === 'postgres'
    ? await sql<{ id: number }>`select product_id as id from product_search`.execute(db)
    : await sql<{ id: number }>`select rowid as id from product_search`.execute(db);
  expect(new Set(indexed.rows.map((row) => row.id))).toEqual(ids);
  const categorised = await db.selectFrom('product_categories').select('product_id').distinct().execute();
  expect(new Set(categorised.map((row) => row.product_id))).toEqual(ids);

  // Every review and favourite answered 2xx is stored.
  for (const { kind, status, target } of sent) {
    if (!target || status === 503) continue;
    const table = kind === 'review' ? 'valorations' : 'favourites';
    const row = await db.selectFrom(table).select('product_id').where('product_id', '=', target.productId).where('user_id', '=', target.userId).executeTakeFirst();
    expect(row, `${kind} ${JSON.stringify(target)}`).toBeDefined();
  }

  console.info(
    `shutdown: ${sent.length + 1} requests, ${inFlight.length + 1} in flight at SIGTERM (all answered normally, the slow upload among them), ` +
      `${turnedAway.length} turned away with 503, exit code ${exitCode} after ${exitMs} ms, ${rows.length} products checked`,
  );
}, 60_000);
