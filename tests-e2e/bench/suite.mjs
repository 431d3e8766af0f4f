// @ts-check
// `pnpm bench`: the whole benchmark suite, one table. It builds the site twice (federated, as deployed, and as
// one application without federation: `vite build --mode single` of the shell), serves both as in production
// (separate static servers, compression, immutable hashed assets, no-cache on remotes.json and remote entries)
// next to one API on a fresh seeded database, measures each page with Lighthouse and a plain first visit, then
// runs the API benchmark (api/bench). Exits non-zero only if something could not be measured: the targets are
// judged by reading the table. The table is also written into docs/benchmarks.md.
// Knobs: BENCH_SKIP_BUILD=1 (use the builds in place), BENCH_LIGHTHOUSE_RUNS (3), BENCH_WEB=0 or BENCH_API=0 (one half);
// the API benchmark's own knobs pass through (see docs/benchmarks.md).
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { prepareShellDir, remotesManifest, ROOT, startSite } from '../../scripts/site.mjs';
import { serveStatic } from '../../scripts/static-site.mjs';
import { firstLoad, launchBrowser, lighthouseMedian } from './web-measure.mjs';

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const PORTS = {
  api: 4300,
  shell: 5300,
  single: 5310,
  /** @type {import('../../scripts/site.mjs').RemotePorts} */
  remotes: { 'mf-catalogue': 5301, 'mf-product': 5302, 'mf-search': 5303, 'mf-account': 5304 },
};
const TARGETS = { score: 95, productLcp: 2.5, cls: 0.05, indexJsKB: 170, ratio: 1.2, apiRatio: 0.5, searchP95: 50 };
const DOC = join(ROOT, 'docs/benchmarks.md');
const MARK_START = '<!-- bench:start -->';
const MARK_END = '<!-- bench:end -->';

/** @param {string} command @param {string[]} args @param {Record<string, string>} [env] */
function run(command, args, env = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
    child.once('exit', (code) => (code === 0 ? resolve(undefined) : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`))));
  });
}
const pnpm = (/** @type {string[]} */ args, env = {}) => run('npx', ['-y', 'pnpm@10.34.8', ...args], env);

/** @typedef {{ area: string, item: string, figure: string, target: string, met: boolean | null }} Row */
/** @type {Row[]} */
const rows = [];
/** @param {boolean | null} met */
const mark = (met) => (met === null ? '' : met ? 'yes' : 'NO');

async function main() {
  if (process.env.BENCH_WEB !== '0') await benchWeb();
  if (process.env.BENCH_API !== '0') await measureApi();
}

async function benchWeb() {
  if (process.env.BENCH_SKIP_BUILD !== '1') {
    console.log('== building the site (federated) and the single-application shell');
    await pnpm(['run', 'build']);
    await pnpm(['--filter', '@linkhunt/shell', 'run', 'build:single']);
  }

  const work = await mkdtemp(join(tmpdir(), 'linkhunt-bench-'));
  const siteUrl = `http://localhost:${PORTS.shell}`;
  const apiUrl = `http://localhost:${PORTS.api}`;
  const shellDir = join(work, 'shell');
  const singleDir = join(work, 'single');
  await prepareShellDir({ from: join(ROOT, 'shell/dist'), to: shellDir, apiUrl, siteUrl, remotes: remotesManifest(PORTS.remotes) });
  await prepareShellDir({ from: join(ROOT, 'shell/dist-single'), to: singleDir, apiUrl, siteUrl: `http://localhost:${PORTS.single}`, remotes: remotesManifest(PORTS.remotes) });

  console.log('== starting the site on a fresh seeded database');
  const site = await startSite({
    apiPort: PORTS.api,
    shellPort: PORTS.shell,
    remotePorts: PORTS.remotes,
    databaseUrl: `sqlite:${join(work, 'bench.sqlite')}`,
    imageDir: join(work, 'images'),
    shellDir,
    apiEnv: { CORS_ORIGINS: `http://localhost:${PORTS.single}`, LOG_LEVEL: 'warn' },
  });
  const single = await serveStatic({ dir: singleDir, port: PORTS.single, spa: true });
  try {
    await measureWeb(apiUrl);
  } finally {
    await single.close();
    await site.stop();
    await rm(work, { recursive: true, force: true });
  }
}

/** A seeded brand and product with an image, read from the API like a visitor's page would. @param {string} apiUrl */
async function samplePages(apiUrl) {
  const answer = await (await fetch(`${apiUrl}/products/recents`)).json();
  /** @type {{ slug: string, brand?: { slug: string } | null }[]} */
  const products = answer.results.data;
  const withBrand = products.find((product) => product.brand && product.brand.slug !== 'various');
  if (!withBrand?.brand) throw new Error('the seeded catalogue has no product with a brand');
  return ['/es/index', '/es/cat/sneakers', `/es/brand/${withBrand.brand.slug}`, `/es/product/${withBrand.slug}`, '/es/auth'];
}

/** @param {string} apiUrl */
async function measureWeb(apiUrl) {
  const pages = await samplePages(apiUrl);
  const browser = await launchBrowser();
  try {
    for (const path of pages) {
      /** @type {Record<'federated' | 'single', { lcp: number, js: number }>} */
      const pair = /** @type {never} */ ({});
      for (const [build, port] of /** @type {const} */ ([['federated', PORTS.shell], ['single', PORTS.single]])) {
        const url = `http://localhost:${port}${path}`;
        console.log(`== ${build} ${path}`);
        const load = await firstLoad(browser, url);
        const lh = await lighthouseMedian(url, RUNS);
        pair[build] = { lcp: lh.lcp, js: load.gzipKB };
        const lcpTarget = path.includes('/product/') ? TARGETS.productLcp : null;
        rows.push({
          area: `web ${build}`,
          item: `${path} Lighthouse mobile (median of ${RUNS}: ${lh.scores.join(', ')})`,
          figure: String(lh.score),
          target: `≥ ${TARGETS.score}`,
          met: lh.score >= TARGETS.score,
        });
        rows.push({
          area: `web ${build}`,
          item: `${path} LCP / TBT / CLS`,
          figure: `${lh.lcp.toFixed(2)} s / ${lh.tbt.toFixed(0)} ms / ${lh.cls.toFixed(3)}`,
          target: `${lcpTarget ? `LCP < ${lcpTarget} s, ` : ''}CLS < ${TARGETS.cls}`,
          met: lh.cls < TARGETS.cls && (lcpTarget === null || lh.lcp < lcpTarget),
        });
        const jsTarget = path === '/es/index' ? TARGETS.indexJsKB : null;
        rows.push({
          area: `web ${build}`,
          item: `${path} first-load JS gzip (scripts) · requests before the first product image`,
          figure: `${load.gzipKB.toFixed(1)} KB (${load.scripts}) · ${load.requestsBeforeImage ?? 'no product image'}`,
          target: jsTarget ? `≤ ${jsTarget} KB` : '',
          met: jsTarget ? load.gzipKB <= jsTarget : null,
        });
      }
      const bytes = pair.federated.js / pair.single.js;
      const lcp = pair.federated.lcp / pair.single.lcp;
      rows.push({
        area: 'federation cost',
        item: `${path} federated / single: JS bytes, LCP`,
        figure: `${bytes.toFixed(2)}, ${lcp.toFixed(2)}`,
        target: `≤ ${TARGETS.ratio}`,
        met: bytes <= TARGETS.ratio && lcp <= TARGETS.ratio,
      });
    }
  } finally {
    await browser.close();
  }
}

/**
 * The API benchmark (api/bench/api-bench.ts: 10,000 products on each database, then search at 100,000), read
 * back from its JSON summary.
 */
async function measureApi() {
  console.log('== API benchmark (api/bench/api-bench.ts)');
  const dir = await mkdtemp(join(tmpdir(), 'linkhunt-api-bench-'));
  const file = join(dir, 'summary.json');
  try {
    await pnpm(['--filter', '@linkhunt/api', 'run', 'bench'], { BENCH_JSON: file });
    /** @type {import('../../api/bench/bench-summary.ts').ApiBenchSummary} */
    const summary = JSON.parse(await readFile(file, 'utf8'));
    const { throughputRatio, searchP95Ms } = summary.targets;
    for (const db of summary.databases) {
      const area = `api ${db.name === 'sqlite' ? 'SQLite' : 'PostgreSQL'} ${db.version}`;
      rows.push({ area, item: `bare Fastify route, small JSON (${db.products.toLocaleString('en')} products loaded)`, figure: `${rps(db.bareRps)} req/s`, target: '', met: null });
      for (const row of db.throughput) {
        rows.push({
          area,
          item: `${row.endpoint} (read cache missed: ${rps(row.missRps)} req/s)`,
          figure: `${rps(row.rps)} req/s = ${row.ratioToBare.toFixed(2)}× bare, ${row.ratioToReplay.toFixed(2)}× a bare route sending the same answers`,
          target: `≥ ${throughputRatio}× bare`,
          met: row.ratioToBare >= throughputRatio,
        });
      }
      const { search } = db;
      const latency = (/** @type {{ p50Ms: number, p95Ms: number }} */ l) => `${l.p50Ms.toFixed(1)} / ${l.p95Ms.toFixed(1)} ms`;
      for (const group of search.classes) {
        rows.push({
          area,
          item: `search p50 / p95 at ${search.products.toLocaleString('en')} products, ${group.class} (${group.queries.map((q) => `"${q}"`).join(', ')})`,
          figure: latency(group),
          target: `p95 < ${searchP95Ms} ms`,
          met: group.p95Ms < searchP95Ms,
        });
      }
      rows.push({
        area,
        item: `search p50 / p95, the whole mix (slowest query: "${search.worst.query}", p95 ${search.worst.p95Ms.toFixed(1)} ms)`,
        figure: latency(search.overall),
        target: `p95 < ${searchP95Ms} ms`,
        met: search.overall.p95Ms < searchP95Ms,
      });
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const rps = (/** @type {number} */ value) => Math.round(value).toLocaleString('en');

/** @param {Row[]} table */
function markdown(table) {
  const lines = ['| area | measure | figure | target | met |', '| --- | --- | --- | --- | --- |'];
  for (const row of table) lines.push(`| ${row.area} | ${row.item} | ${row.figure} | ${row.target} | ${mark(row.met)} |`);
  return lines.join('\n');
}

async function machine() {
  const chromium = await new Promise((resolve) => {
    const child = spawn(process.env.CHROME_PATH ?? '/usr/bin/chromium', ['--version']);
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.once('exit', () => resolve(out.trim()));
    child.once('error', () => resolve('chromium ?'));
  });
  return `${cpus().length} cores (${cpus()[0]?.model ?? '?'}), Node ${process.version}, ${chromium}`;
}

async function writeDoc(/** @type {string} */ table, /** @type {string} */ on) {
  const doc = await readFile(DOC, 'utf8');
  const start = doc.indexOf(MARK_START);
  const end = doc.indexOf(MARK_END);
  if (start === -1 || end === -1) throw new Error(`${DOC} lacks the ${MARK_START} … ${MARK_END} markers`);
  const block = `${MARK_START}\nLatest run: ${new Date().toISOString().slice(0, 10)}, ${on}.\n\n${table}\n${MARK_END}`;
  await writeFile(DOC, doc.slice(0, start) + block + doc.slice(end + MARK_END.length));
}

try {
  await main();
  const table = markdown(rows);
  const on = await machine();
  console.log(`\nLinkhunt benchmarks (${on})\n\n${table}\n`);
  await writeDoc(table, on);
  console.log(`Written to ${DOC}.`);
} catch (error) {
  console.error(`\nThe benchmarks could not measure: ${error instanceof Error ? error.stack : String(error)}`);
  if (rows.length > 0) console.error(`\nMeasured so far:\n${markdown(rows)}`);
  process.exit(1);
}
