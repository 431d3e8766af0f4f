// @ts-check
/**
 * The public pages of two builds side by side on one machine: first-load JS, and Lighthouse mobile (score, TBT,
 * LCP) as the median of 5 runs, the two builds' runs taken in turns so both meet the same load on the machine.
 * A figure from another day's machine is not comparable: Lighthouse's simulated phone scales this machine's CPU,
 * and its benchmark index moved between 990 and 1,710 within one hour here.
 * Usage: node tests-e2e/bench/compare-builds.mjs <checkout built before> [--write]
 *   e.g. git worktree add ../before 1001424 && (cd ../before && pnpm install && pnpm build), then this script;
 *   this checkout, built, is "now". --write puts the table into docs/benchmarks.md (bench:compare).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { markdownTable, writeDocSection } from './doc-section.mjs';
import { firstLoad, launchBrowser, lighthouseMedian, median, samplePages } from './web-measure.mjs';

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5);
const TARGETS = { score: 98, homeTbt: 100, firstLoadJsKB: 150 };
const HERE = fileURLToPath(new URL('../../', import.meta.url));
const beforeRoot = process.argv[2] && !process.argv[2].startsWith('--') ? resolve(process.argv[2]) : undefined;
if (!beforeRoot) throw new Error('usage: compare-builds.mjs <checkout built before> [--write]');

/**
 * One checkout's build on its own ports and a fresh seeded database, started with that checkout's own scripts.
 * @param {string} root @param {number} base
 */
async function serve(root, base) {
  /** @type {typeof import('../../scripts/site.mjs')} */
  const site = await import(join(root, 'scripts/site.mjs'));
  const ports = { api: base, shell: base + 1000, remotes: { 'mf-catalogue': base + 1001, 'mf-product': base + 1002, 'mf-search': base + 1003, 'mf-account': base + 1004, 'mf-admin': base + 1005 } };
  const work = await mkdtemp(join(tmpdir(), 'linkhunt-compare-'));
  const shellDir = join(work, 'shell');
  const apiUrl = `http://localhost:${ports.api}`;
  const origin = `http://localhost:${ports.shell}`;
  await site.prepareShellDir({ from: join(root, 'shell/dist'), to: shellDir, apiUrl, siteUrl: origin, remotes: site.remotesManifest(ports.remotes) });
  const running = await site.startSite({ apiPort: ports.api, shellPort: ports.shell, remotePorts: ports.remotes, databaseUrl: `sqlite:${join(work, 'db.sqlite')}`, imageDir: join(work, 'images'), shellDir, apiEnv: { LOG_LEVEL: 'warn' } });
  return { origin, apiUrl, stop: async () => { await running.stop(); await rm(work, { recursive: true, force: true }); } };
}

const sites = { before: await serve(beforeRoot, 4700), now: await serve(HERE, 4800) };
const browser = await launchBrowser();
/** @type {import('./doc-section.mjs').Row[]} */
const rows = [];
try {
  // The pages `pnpm bench` measures, but the sign-in form: the catalogue's pages, whose targets issue 26 set.
  for (const path of (await samplePages(sites.now.apiUrl)).filter((path) => path !== '/es/auth')) {
    const loads = { before: await firstLoad(browser, sites.before.origin + path), now: await firstLoad(browser, sites.now.origin + path) };
    /** @type {Record<'before' | 'now', { runs: Awaited<ReturnType<typeof lighthouseMedian>>[] }>} */
    const figures = { before: { runs: [] }, now: { runs: [] } };
    for (let run = 0; run < RUNS; run++) {
      for (const kind of /** @type {const} */ (['before', 'now'])) figures[kind].runs.push(await lighthouseMedian(sites[kind].origin + path, 1));
    }
    const pick = (/** @type {'before' | 'now'} */ kind, /** @type {'score' | 'tbt' | 'lcp'} */ key) => median(figures[kind].runs.map((run) => run[key]));
    const lighthouse = (/** @type {'before' | 'now'} */ kind) =>
      `${pick(kind, 'score')} · ${pick(kind, 'tbt').toFixed(0)} ms · ${pick(kind, 'lcp').toFixed(2)} s (TBT ${figures[kind].runs.map((run) => run.tbt.toFixed(0)).join(', ')})`;
    const home = path === '/es/index';
    const js = (/** @type {'before' | 'now'} */ kind) => `${loads[kind].gzipKB.toFixed(1)} KB (${loads[kind].scripts})`;
    rows.push({ area: path, item: 'first-load JS gzip (scripts): before → now', figure: `${js('before')} → ${js('now')}`, target: `≤ ${TARGETS.firstLoadJsKB} KB`, met: loads.now.gzipKB <= TARGETS.firstLoadJsKB });
    rows.push({ area: path, item: `Lighthouse mobile, median of ${RUNS}: score · TBT · LCP, before`, figure: lighthouse('before'), target: '', met: null });
    rows.push({
      area: path,
      item: `… now`,
      figure: lighthouse('now'),
      target: `≥ ${TARGETS.score}${home ? ` · ≤ ${TARGETS.homeTbt} ms` : ''}`,
      met: pick('now', 'score') >= TARGETS.score && (!home || pick('now', 'tbt') <= TARGETS.homeTbt),
    });
    console.log(markdownTable(rows.slice(-3)).split('\n').slice(2).join('\n'));
  }
} finally {
  await browser.close();
  await Promise.all([sites.before.stop(), sites.now.stop()]);
}
console.log(`\n${markdownTable(rows)}`);
if (process.argv.includes('--write')) {
  const { execFileSync } = await import('node:child_process');
  const commit = (/** @type {string} */ cwd) => execFileSync('git', ['describe', '--always', '--dirty'], { cwd, encoding: 'utf8' }).trim();
  await writeDocSection(join(HERE, 'docs/benchmarks.md'), 'bench:compare', markdownTable(rows), `before = ${commit(beforeRoot)}, now = ${commit(HERE)}, both served on this machine and measured in turns`);
}
