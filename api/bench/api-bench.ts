/**
 * `pnpm bench:api`: throughput of the read endpoints next to a bare Fastify route, and search latency
 * at 100,000 products, on SQLite and (when reachable) PostgreSQL. Not part of the test suite.
 *
 * Environment: BENCH_SECONDS (5) per endpoint, BENCH_CONNECTIONS (50), BENCH_PRODUCTS (10000),
 * BENCH_SEARCH_PRODUCTS (100000), BENCH_DATABASES ("sqlite,postgres"); TEST_DATABASE_URL names the
 * PostgreSQL server (default postgres://postgres@127.0.0.1:5432), where a throwaway database is made.
 *
 * The servers run on this process's event loop; autocannon fires from a worker thread, so the load
 * generator does not steal the loop it measures (on two cores they still share the machine).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
/** Requests per query of the mix in the sequential latency run. */
const LATENCY_ROUNDS = Number(process.env.BENCH_LATENCY_ROUNDS ?? 30);

const THROUGHPUT_TARGET = 0.5;
const SEARCH_P95_TARGET_MS = 50;

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
  endpoint: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

async function fire(url: string, paths: string[], seconds: number, connections: number): Promise<Measured & { non2xx: number }> {
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    workers: 1,
    // Each connection walks this list in a loop, so the requests rotate over slugs and queries.
    requests: paths.map((path) => ({ method: 'GET', path })),
  });
  return {
    endpoint: '',
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

async function measure(label: string, url: string, paths: string[]): Promise<Measured> {
  await fire(url, paths, 1, CONNECTIONS); // warm-up: JIT, statement caches, pool connections
  const m = await fire(url, paths, SECONDS, CONNECTIONS);
  if (m.errors > 0 || m.non2xx > 0) console.log(`  ! ${label}: ${m.errors} errors, ${m.non2xx} non-2xx responses`);
  return { ...m, endpoint: label };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/** One request at a time, so the figure is the time a search takes, not the time it waits in a queue. */
async function sequentialLatency(baseUrl: string, paths: string[], rounds: number): Promise<{ all: number[]; byPath: Map<string, { times: number[]; total: number }> }> {
  const byPath = new Map<string, { times: number[]; total: number }>();
  for (const path of paths) await fetch(baseUrl + path).then((r) => r.arrayBuffer()); // warm-up
  for (let round = 0; round < rounds; round++) {
    for (const path of paths) {
      const started = performance.now();
      const res = await fetch(baseUrl + path);
      const body = (await res.json()) as { results?: { meta?: { pagination?: { total: number } } } };
      const elapsed = performance.now() - started;
      if (!res.ok) throw new Error(`${path}: ${res.status}`);
      const entry = byPath.get(path) ?? { times: [], total: body.results?.meta?.pagination?.total ?? 0 };
      entry.times.push(elapsed);
      byPath.set(path, entry);
    }
  }
  const all = [...byPath.values()].flatMap((e) => e.times).sort((a, b) => a - b);
  for (const e of byPath.values()) e.times.sort((a, b) => a - b);
  return { all, byPath };
}

function table(headers: string[], rows: (string | number)[][]): string {
  const cells = [headers, ...rows.map((r) => r.map(String))];
  const widths = headers.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
  return [line(headers), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.slice(1).map(line)].join('\n');
}

const ms = (n: number) => n.toFixed(n < 10 ? 2 : 1);

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

async function benchDatabase(db: BenchDatabase): Promise<{ throughputOk: boolean; searchOk: boolean }> {
  const imageDir = mkdtempSync(join(tmpdir(), 'linkhunt-bench-images-'));
  const config = { ...loadConfig({}), imageDir, seedDemo: false, logLevel: 'silent' };
  const app = await buildApp(config, { database: db.handle, logger: false });
  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => ({ hello: 'world', n: 1 }));
  // For scale, not a target: the featured list as a ready-made string, i.e. the most a response cache could give.
  let cachedFeatured = '';
  bare.get('/bare/cached-featured', (_request, reply) => {
    void reply.type('application/json; charset=utf-8').send(cachedFeatured);
  });
  try {
    const { db: kdb, dialect } = db.handle;
    console.log(`\n=== ${db.name}: ${PRODUCTS.toLocaleString('en')} products`);
    let started = performance.now();
    const cat = await createTaxonomy(kdb, dialect);
    await growCatalogue(kdb, cat, PRODUCTS);
    console.log(`loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    const [appUrl, bareUrl] = [await listen(app), await listen(bare)];
    const categories = [...cat.categoryIds.keys()];
    const endpoints: [string, string[]][] = [
      ['GET /products/featured', ['/products/featured']],
      ['GET /products/recents', ['/products/recents']],
      ['GET /products/slug/:slug?include=user', cat.sampleSlugs.map((s) => `/products/slug/${s}?include=user`)],
      ['GET /products/cat/:category (page 1)', categories.map((c) => `/products/cat/${c}`)],
      ['GET /products/search/:query (mix)', SEARCH_MIX.map((q) => `/products/search/${encodeURIComponent(q)}`)],
    ];
    console.log(`autocannon: ${CONNECTIONS} connections, ${SECONDS} s per endpoint after a 1 s warm-up`);
    cachedFeatured = await (await fetch(`${appUrl}/products/featured`)).text();
    const bareResult = await measure('bare Fastify route', bareUrl, ['/bare']);
    const reference = await measure(`(bare route sending featured's ${Math.round(cachedFeatured.length / 1024)} KB as a string)`, bareUrl, ['/bare/cached-featured']);
    const results: Measured[] = [];
    for (const [label, paths] of endpoints) results.push(await measure(label, appUrl, paths));
    const ratio = (m: Measured) => m.requestsPerSecond / bareResult.requestsPerSecond;
    console.log(table(
      ['endpoint', 'req/s', 'p50 ms', 'p99 ms', 'ratio to bare', `>= ${THROUGHPUT_TARGET}x`],
      [bareResult, reference, ...results].map((m) => [
        m.endpoint, Math.round(m.requestsPerSecond), m.p50, m.p99, ratio(m).toFixed(2),
        results.includes(m) ? (ratio(m) >= THROUGHPUT_TARGET ? 'yes' : 'NO') : '',
      ]),
    ));
    const throughputOk = results.every((m) => ratio(m) >= THROUGHPUT_TARGET);

    console.log(`\n=== ${db.name}: growing to ${SEARCH_PRODUCTS.toLocaleString('en')} products`);
    started = performance.now();
    await growCatalogue(kdb, cat, SEARCH_PRODUCTS, (n) => {
      if (n % 20_000 === 0) console.log(`  ${n.toLocaleString('en')} products (${((performance.now() - started) / 1000).toFixed(0)} s)`);
    });
    console.log(`loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    const searchPaths = SEARCH_MIX.map((q) => `/products/search/${encodeURIComponent(q)}`);
    const { all, byPath } = await sequentialLatency(appUrl, searchPaths, LATENCY_ROUNDS);
    console.log(`search latency, one request at a time, ${LATENCY_ROUNDS} rounds of the mix (end to end over HTTP):`);
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
    console.log('* matches counts at most the ranked candidates (SEARCH_CANDIDATES)');
    const searchP95 = percentile(all, 95);
    const searchOk = searchP95 < SEARCH_P95_TARGET_MS;
    console.log(`search p95 ${ms(searchP95)} ms at ${SEARCH_PRODUCTS.toLocaleString('en')} products: target < ${SEARCH_P95_TARGET_MS} ms ${searchOk ? 'met' : 'MISSED'}`);

    const others: [string, string[]][] = [
      ['featured', ['/products/featured']],
      ['recents', ['/products/recents']],
      ['slug', cat.sampleSlugs.slice(0, 100).map((s) => `/products/slug/${s}?include=user`)],
      ['cat page 1', categories.map((c) => `/products/cat/${c}`)],
    ];
    const rows: (string | number)[][] = [];
    for (const [label, paths] of others) {
      const { all: times } = await sequentialLatency(appUrl, paths, Math.max(1, Math.ceil(200 / paths.length)));
      rows.push([label, ms(percentile(times, 50)), ms(percentile(times, 95)), ms(percentile(times, 99))]);
    }
    console.log(`other reads at ${SEARCH_PRODUCTS.toLocaleString('en')} products, one request at a time (for information):`);
    console.log(table(['endpoint', 'p50 ms', 'p95 ms', 'p99 ms'], rows));

    const loaded = await measure('GET /products/search/:query (mix)', appUrl, searchPaths);
    console.log(`search under load at ${SEARCH_PRODUCTS.toLocaleString('en')} products: ${Math.round(loaded.requestsPerSecond)} req/s, p50 ${loaded.p50} ms, p99 ${loaded.p99} ms (${CONNECTIONS} connections), ${(loaded.requestsPerSecond / bareResult.requestsPerSecond).toFixed(2)}x bare`);
    return { throughputOk, searchOk };
  } finally {
    await app.close();
    await bare.close();
    rmSync(imageDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  console.log(`Linkhunt API benchmark: node ${process.version}, ${(await import('node:os')).availableParallelism()} cores`);
  const summary: string[] = [];
  for (const name of DATABASES) {
    const db = name === 'postgres' ? await openPostgres() : name === 'sqlite' ? openSqlite() : null;
    if (!db) continue;
    const stop = () => void db.drop().finally(() => process.exit(130));
    process.once('SIGINT', stop);
    try {
      const { throughputOk, searchOk } = await benchDatabase(db);
      summary.push(`${db.name}: read endpoints >= ${THROUGHPUT_TARGET}x bare: ${throughputOk ? 'met' : 'MISSED'}; search p95 < ${SEARCH_P95_TARGET_MS} ms at ${SEARCH_PRODUCTS.toLocaleString('en')}: ${searchOk ? 'met' : 'MISSED'}`);
    } finally {
      process.removeListener('SIGINT', stop);
      await db.drop();
    }
  }
  console.log(`\n=== summary\n${summary.join('\n')}`);
}

await main();
