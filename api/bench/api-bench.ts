/**
 * `pnpm bench:api`: throughput of the read endpoints next to a bare Fastify route, and search latency
 * at 100,000 products, on SQLite and (when reachable) PostgreSQL. Not part of the test suite.
 *
 * Environment: BENCH_SECONDS (5) per run, BENCH_CONNECTIONS (50), BENCH_PRODUCTS (10000),
 * BENCH_SEARCH_PRODUCTS (100000), BENCH_LATENCY_ROUNDS (30), BENCH_DATABASES ("sqlite,postgres");
 * TEST_DATABASE_URL names the PostgreSQL server (default postgres://postgres@127.0.0.1:5432), where a
 * throwaway database is created and dropped.
 *
 * The servers run on this process's event loop; autocannon fires from a worker thread, so the load
 * generator does not steal the loop it measures (on two cores they still share the machine).
 *
 * The API keeps public reads in a short in-process cache (plugins/read-cache.ts). Each endpoint is
 * therefore measured twice: as deployed, rotating over a realistic set of URLs ("cached"), and with a
 * unique, unread parameter on every request so that each one does the full work ("miss").
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createTaxonomy, growCatalogue } from './bench-catalogue.js';
import { type BenchDatabase, openPostgres, openSqlite } from './bench-databases.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const SEARCH_PRODUCTS = Number(process.env.BENCH_SEARCH_PRODUCTS ?? 100_000);
const DATABASES = (process.env.BENCH_DATABASES ?? 'sqlite,postgres').split(',').map((d) => d.trim());
/** Requests per query of the mix in the sequential latency run, unless the time budget runs out first. */
const LATENCY_ROUNDS = Number(process.env.BENCH_LATENCY_ROUNDS ?? 30);
const LATENCY_BUDGET_MS = 60_000;

const THROUGHPUT_TARGET = 0.5;
const SEARCH_P95_TARGET_MS = 50;

const STAGGER_CONNECTIONS = fileURLToPath(new URL('./stagger-connections.cjs', import.meta.url));

/**
 * What people type: near-universal words ("calidad" is in 97 % of the products, "talla" in most),
 * prefixes of them (the last word matches as a prefix), common pairs, rare words, a brand with an
 * accent typed without it, and a word found nowhere.
 */
const SEARCH_MIX = [
  'calidad', 'talla', 'cal', 'calidad talla', 'zapatillas', 'pantalon cargo', 'vaqueros baggy', 'sudadera capucha',
  'gorra', 'negro', 'halcon', 'abrigo lana', 'vestido midi floral', 'za', 'chaqueta puffer negro', 'xilofono',
];

interface Measured {
  requestsPerSecond: number;
  p50: number;
  p99: number;
}

/** Appends a parameter no route reads; `[<id>]` is autocannon's per-request unique id. */
const missing = (path: string, id: string) => `${path}${path.includes('?') ? '&' : '?'}bench_miss=${id}`;

async function fire(url: string, paths: string[], seconds: number, miss: boolean): Promise<Measured & { failures: number }> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    workers: 1,
    // In worker mode autocannon takes the hook as a module path; its typings only know the function form.
    setupClient: STAGGER_CONNECTIONS as unknown as autocannon.Options['setupClient'],
    idReplacement: miss,
    // As every browser asks: the API answers cached lists gzipped to clients that accept it.
    headers: { 'accept-encoding': 'gzip, deflate, br' },
    // Each connection walks this list in a loop (from its own offset), rotating over slugs and queries.
    requests: paths.map((path) => ({ method: 'GET', path: miss ? missing(path, '[<id>]') : path })),
  });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.errors + result.timeouts + result.non2xx,
  };
}

async function measure(label: string, url: string, paths: string[], miss = false): Promise<Measured> {
  await fire(url, paths, 1, miss); // warm-up: JIT, prepared plans, pool connections
  const m = await fire(url, paths, SECONDS, miss);
  if (m.failures > 0) console.log(`  ! ${label}${miss ? ' (miss)' : ''}: ${m.failures} errors, timeouts or non-2xx answers`);
  return m;
}

/**
 * The framework's own cost of an endpoint's answers: a bare Fastify server replaying them byte for
 * byte (gzipped, as the read cache sends them) for the same URLs. Answers that differ per URL cost a
 * bare route as much as they cost the API, so this is the fair line for pages rotating over many URLs.
 */
async function measureReplay(label: string, appUrl: string, paths: string[]): Promise<Measured> {
  const answers = new Map<string, Buffer>();
  for (const path of paths) answers.set(path, gzipSync(Buffer.from(await (await fetch(appUrl + path)).arrayBuffer()), { level: 6 }));
  const replay = Fastify({ logger: false });
  replay.get('/*', (request, reply) => {
    void reply.type('application/json; charset=utf-8').header('content-encoding', 'gzip').header('vary', 'accept-encoding').send(answers.get(request.url));
  });
  try {
    return await measure(`${label} (replay)`, await listen(replay), paths);
  } finally {
    await replay.close();
  }
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

let missId = 0;

/**
 * One request at a time, so the figure is the time a request takes, not the time it waits in a queue.
 * Every request misses the read cache. Total: pagination.total of the answer, when it has one.
 */
async function sequentialLatency(baseUrl: string, paths: readonly string[], rounds: number): Promise<{ all: number[]; byPath: Map<string, { times: number[]; total: number }> }> {
  const byPath = new Map<string, { times: number[]; total: number }>();
  const get = async (path: string) => {
    const started = performance.now();
    const res = await fetch(baseUrl + missing(path, String(++missId)));
    const body = (await res.json()) as { results?: { meta?: { pagination?: { total: number } } } };
    if (!res.ok) throw new Error(`${path}: ${res.status}`);
    return { elapsed: performance.now() - started, total: body.results?.meta?.pagination?.total ?? 0 };
  };
  for (const path of paths) await get(path); // warm-up
  const deadline = performance.now() + LATENCY_BUDGET_MS;
  // A slow endpoint gets fewer samples rather than an endless run.
  for (let round = 0; round < rounds && (round === 0 || performance.now() < deadline); round++) {
    for (const path of paths) {
      const { elapsed, total } = await get(path);
      const entry = byPath.get(path) ?? { times: [], total };
      entry.times.push(elapsed);
      byPath.set(path, entry);
    }
  }
  for (const e of byPath.values()) e.times.sort((a, b) => a - b);
  return { all: [...byPath.values()].flatMap((e) => e.times).sort((a, b) => a - b), byPath };
}

function table(headers: string[], rows: (string | number)[][]): string {
  const cells = [headers, ...rows.map((r) => r.map(String))];
  const widths = headers.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
  return [line(headers), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.slice(1).map(line)].join('\n');
}

const ms = (n: number) => n.toFixed(n < 10 ? 2 : 1);
const count = (n: number) => n.toLocaleString('en');

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

interface Verdict {
  cachedOk: boolean;
  missOk: boolean;
  searchP95: number;
}

async function benchDatabase(db: BenchDatabase): Promise<Verdict> {
  const imageDir = mkdtempSync(join(tmpdir(), 'linkhunt-bench-images-'));
  const config = { ...loadConfig({}), imageDir, seedDemo: false, logLevel: 'silent' };
  const app = await buildApp(config, { database: db.handle, logger: false });
  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => ({ hello: 'world', n: 1 }));
  // For scale, not a target: the featured list as a ready-made string, the most any cache could give.
  // The same list without descriptions shows what the payload size alone costs.
  let cachedFeatured = '';
  let leanFeatured = '';
  bare.get('/bare/cached-featured', (_request, reply) => {
    void reply.type('application/json; charset=utf-8').send(cachedFeatured);
  });
  bare.get('/bare/lean-featured', (_request, reply) => {
    void reply.type('application/json; charset=utf-8').send(leanFeatured);
  });
  try {
    const { db: kdb, dialect } = db.handle;
    console.log(`\n=== ${db.name}: ${count(PRODUCTS)} products`);
    let started = performance.now();
    const cat = await createTaxonomy(kdb, dialect);
    await growCatalogue(kdb, cat, PRODUCTS);
    console.log(`loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    const [appUrl, bareUrl] = [await listen(app), await listen(bare)];
    const categories = [...cat.categoryIds.keys()];
    const searchPaths = SEARCH_MIX.map((q) => `/products/search/${encodeURIComponent(q)}`);
    const endpoints: [string, string[]][] = [
      ['GET /products/featured', ['/products/featured']],
      ['GET /products/recents', ['/products/recents']],
      ['GET /products/slug/:slug?include=user (100 slugs)', cat.sampleSlugs.map((s) => `/products/slug/${s}?include=user`)],
      ['GET /products/cat/:category page 1 (8 categories)', categories.map((c) => `/products/cat/${c}`)],
      [`GET /products/search/:query (${SEARCH_MIX.length} queries)`, searchPaths],
    ];
    console.log(`autocannon: ${CONNECTIONS} connections, ${SECONDS} s per run after a 1 s warm-up; "miss": every request bypasses the read cache`);
    cachedFeatured = await (await fetch(`${appUrl}/products/featured`)).text();
    const featured = JSON.parse(cachedFeatured) as { results: { data: { description?: string }[] } };
    for (const p of featured.results.data) delete p.description;
    leanFeatured = JSON.stringify(featured);
    const bareResult = await measure('bare', bareUrl, ['/bare']);
    const reference = await measure('bare cached-featured', bareUrl, ['/bare/cached-featured']);
    const lean = await measure('bare lean-featured', bareUrl, ['/bare/lean-featured']);
    const ratio = (m: Measured) => m.requestsPerSecond / bareResult.requestsPerSecond;
    const kb = (text: string) => `${(Buffer.byteLength(text) / 1024).toFixed(1)} KB`;
    const rows: (string | number)[][] = [
      ['bare Fastify route (small JSON)', Math.round(bareResult.requestsPerSecond), bareResult.p99, '1.00', '', '', '', '', '', ''],
      [`(bare route sending featured as a ${kb(cachedFeatured)} string)`, Math.round(reference.requestsPerSecond), reference.p99, ratio(reference).toFixed(2), '', '', '', '', '', ''],
      [`(same without descriptions, ${kb(leanFeatured)})`, Math.round(lean.requestsPerSecond), lean.p99, ratio(lean).toFixed(2), '', '', '', '', '', ''],
    ];
    let cachedOk = true;
    let missOk = true;
    for (const [label, paths] of endpoints) {
      const cached = await measure(label, appUrl, paths);
      const miss = await measure(label, appUrl, paths, true);
      cachedOk &&= ratio(cached) >= THROUGHPUT_TARGET;
      missOk &&= ratio(miss) >= THROUGHPUT_TARGET;
      const verdict = ratio(cached) >= THROUGHPUT_TARGET ? (ratio(miss) >= THROUGHPUT_TARGET ? 'yes' : 'cached only') : 'NO';
      const replay = await measureReplay(label, appUrl, paths);
      rows.push([
        label, Math.round(cached.requestsPerSecond), cached.p99, ratio(cached).toFixed(2), Math.round(miss.requestsPerSecond), miss.p99, ratio(miss).toFixed(2), verdict,
        Math.round(replay.requestsPerSecond), (cached.requestsPerSecond / replay.requestsPerSecond).toFixed(2),
      ]);
    }
    console.log(table(['endpoint', 'req/s', 'p99 ms', 'x bare', 'miss req/s', 'miss p99 ms', 'miss x bare', `>= ${THROUGHPUT_TARGET}x`, 'replay req/s', 'x replay'], rows));
    console.log('replay: a bare Fastify route sending the endpoint\'s own answers, byte for byte (gzipped as the cache sends them), over the same URLs');

    console.log(`\n=== ${db.name}: growing to ${count(SEARCH_PRODUCTS)} products`);
    started = performance.now();
    await growCatalogue(kdb, cat, SEARCH_PRODUCTS, (n) => {
      if (n % 20_000 === 0) console.log(`  ${count(n)} products (${((performance.now() - started) / 1000).toFixed(0)} s)`);
    });
    console.log(`loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    const { all, byPath } = await sequentialLatency(appUrl, searchPaths, LATENCY_ROUNDS);
    console.log(`search latency, one request at a time, cache missed, ${all.length / SEARCH_MIX.length} rounds of the mix (end to end over HTTP):`);
    console.log(table(
      ['query', 'matches*', 'p50 ms', 'p95 ms', 'p99 ms'],
      [
        ...SEARCH_MIX.map((q, i) => {
          const e = byPath.get(searchPaths[i] ?? '');
          const times = e?.times ?? [];
          return [q, e?.total ?? 0, ms(percentile(times, 50)), ms(percentile(times, 95)), ms(percentile(times, 99))];
        }),
        ['ALL', '', ms(percentile(all, 50)), ms(percentile(all, 95)), ms(percentile(all, 99))],
      ],
    ));
    console.log('* visible matches among the newest ranked candidates (SEARCH_CANDIDATES)');
    const searchP95 = percentile(all, 95);
    console.log(`search p95 ${ms(searchP95)} ms at ${count(SEARCH_PRODUCTS)} products: target < ${SEARCH_P95_TARGET_MS} ms ${searchP95 < SEARCH_P95_TARGET_MS ? 'met' : 'MISSED'}`);

    const others: [string, string[]][] = [
      ['featured', ['/products/featured']],
      ['recents', ['/products/recents']],
      ['slug ?include=user', cat.sampleSlugs.slice(0, 100).map((s) => `/products/slug/${s}?include=user`)],
      ['cat page 1', categories.map((c) => `/products/cat/${c}`)],
    ];
    const otherRows: (string | number)[][] = [];
    for (const [label, paths] of others) {
      const { all: times } = await sequentialLatency(appUrl, paths, Math.max(1, Math.ceil(200 / paths.length)));
      otherRows.push([label, ms(percentile(times, 50)), ms(percentile(times, 95)), ms(percentile(times, 99))]);
    }
    console.log(`other reads at ${count(SEARCH_PRODUCTS)} products, one request at a time, cache missed (for information):`);
    console.log(table(['endpoint', 'p50 ms', 'p95 ms', 'p99 ms'], otherRows));

    const loaded = await measure('search at scale', appUrl, searchPaths);
    const loadedMiss = await measure('search at scale', appUrl, searchPaths, true);
    console.log(`search under load at ${count(SEARCH_PRODUCTS)} products (${CONNECTIONS} connections): ` +
      `${Math.round(loaded.requestsPerSecond)} req/s, p99 ${loaded.p99} ms (${ratio(loaded).toFixed(2)}x bare); ` +
      `miss: ${Math.round(loadedMiss.requestsPerSecond)} req/s, p99 ${loadedMiss.p99} ms (${ratio(loadedMiss).toFixed(2)}x bare)`);
    return { cachedOk, missOk, searchP95 };
  } finally {
    await app.close();
    await bare.close();
    rmSync(imageDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  console.log(`Linkhunt API benchmark: node ${process.version}, ${availableParallelism()} cores`);
  const summary: string[] = [];
  for (const name of DATABASES) {
    const db = name === 'postgres' ? await openPostgres() : name === 'sqlite' ? openSqlite() : null;
    if (!db) continue;
    const stop = () => void db.drop().finally(() => process.exit(130));
    process.once('SIGINT', stop);
    try {
      const v = await benchDatabase(db);
      summary.push(
        `${db.name}: read endpoints >= ${THROUGHPUT_TARGET}x bare: ${v.cachedOk ? 'met' : 'MISSED'} as deployed (cached), ${v.missOk ? 'met' : 'missed'} on cache misses; ` +
          `search p95 ${ms(v.searchP95)} ms at ${count(SEARCH_PRODUCTS)} (target < ${SEARCH_P95_TARGET_MS} ms): ${v.searchP95 < SEARCH_P95_TARGET_MS ? 'met' : 'MISSED'}`,
      );
    } finally {
      process.removeListener('SIGINT', stop);
      await db.drop();
    }
  }
  console.log(`\n=== summary\n${summary.join('\n')}`);
}

await main();
