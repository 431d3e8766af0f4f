// @ts-check
// The flood scenario (issue 25): attackers on loopback addresses 127.0.0.2… ask the shell server for URLs that are
// all different (an unused query parameter, search words and paths they make up, some with reload headers), 16
// and then 64 connections for FLOOD_SECONDS each, while a visitor on 127.0.0.1 reads the site's usual pages one
// after another. Measured: the visitor's p50 / p95 and errors, the attackers' answers, and the shell server's
// resident memory (its worker threads included: one process). autocannon cannot bind a source address, so the
// load is made with node:http and `localAddress`.
// `pnpm bench` runs it on its site (suite.mjs); `pnpm bench:flood` runs it alone on a fresh site and
// writes the Flood section of docs/benchmarks.md. Knobs: FLOOD_SECONDS (30), FLOOD_SHELL_ENTRY (another build of
// shell/dist-server/main.js, for the figures before a change).
import { randomBytes, randomInt } from 'node:crypto';
import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { markdownTable, writeDocSection } from './doc-section.mjs';

export const FLOOD_TARGETS = { visitorP95Ms: 250, rssMB: 400 };
const SECONDS = Number(process.env.FLOOD_SECONDS ?? 30);
/** Attackers' addresses: each connection takes the next, round the list. */
const ATTACKERS = Array.from({ length: 8 }, (_, i) => `127.0.0.${i + 2}`);
/** The visitor's pause between two pages: a person, not a loop. */
const VISITOR_PAUSE_MS = 50;

/**
 * One GET from `agent`; resolves with its status and time, status 0 for a failure.
 * @param {string} origin @param {string} path @param {Agent} agent @param {Record<string, string>} headers
 * @returns {Promise<{ status: number, ms: number }>}
 */
function get(origin, path, agent, headers) {
  const started = performance.now();
  return new Promise((resolve) => {
    const url = new URL(path, origin);
    const req = request({ host: url.hostname, port: url.port, path: `${url.pathname}${url.search}`, agent, headers, timeout: 10_000 }, (res) => {
      res.resume();
      res.once('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
      res.once('error', () => resolve({ status: 0, ms: performance.now() - started }));
    });
    req.once('timeout', () => req.destroy(new Error('timeout')));
    req.once('error', () => resolve({ status: 0, ms: performance.now() - started }));
    req.end();
  });
}

const word = () => randomBytes(5).toString('hex');
/** What an attacker asks for: always a URL no one asked for before. @param {string[]} pages */
function attackPath(pages) {
  const page = pages[randomInt(pages.length)] ?? '/es/index';
  switch (randomInt(5)) {
    case 0:
      return { path: `${page}?z=${word()}`, headers: {} };
    case 1:
      return { path: `/es/search?q=${word()}`, headers: {} };
    case 2:
      return { path: `/es/product/${word()}-${word()}`, headers: {} };
    case 3:
      return { path: `/es/${word()}/${word()}`, headers: { 'accept-encoding': 'br' } };
    default:
      return { path: page, headers: { 'cache-control': 'no-cache', 'accept-encoding': 'gzip' } };
  }
}

/** @param {number[]} values @param {number} p */
function percentile(values, p) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/** @param {number} pid */
async function rssMB(pid) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  return kb / 1024;
}

/**
 * One flood of `connections` for `seconds`, with the visitor reading `pages` throughout.
 * @param {{ origin: string, pid: number, pages: string[], connections: number, seconds: number }} options
 */
export async function flood({ origin, pid, pages, connections, seconds }) {
  const visitorAgent = new Agent({ keepAlive: true, maxSockets: 1, localAddress: '127.0.0.1' });
  const visitorHeaders = { 'accept-encoding': 'br' };
  // The usual pages are there before the flood, as on a site people visit.
  for (const page of pages) await get(origin, page, visitorAgent, visitorHeaders);
  const before = await rssMB(pid);
  let peak = before;
  const end = Date.now() + seconds * 1000;
  const sampler = setInterval(() => void rssMB(pid).then((mb) => (peak = Math.max(peak, mb))), 200);
  /** @type {Record<string, number>} */
  const attackAnswers = {};
  const attackers = Array.from({ length: connections }, async (_, i) => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1, localAddress: ATTACKERS[i % ATTACKERS.length] });
    while (Date.now() < end) {
      const { path, headers } = attackPath(pages);
      const { status } = await get(origin, path, agent, headers);
      attackAnswers[status] = (attackAnswers[status] ?? 0) + 1;
    }
    agent.destroy();
  });
  /** @type {number[]} */
  const times = [];
  let errors = 0;
  /** @type {Record<string, number>} */
  const failed = {};
  const visitor = (async () => {
    for (let i = 0; Date.now() < end; i++) {
      const { status, ms } = await get(origin, pages[i % pages.length] ?? '/es/index', visitorAgent, visitorHeaders);
      times.push(ms);
      if (status < 200 || status >= 400) {
        errors++;
        failed[status] = (failed[status] ?? 0) + 1;
      }
      await new Promise((resolve) => setTimeout(resolve, VISITOR_PAUSE_MS));
    }
  })();
  await Promise.all([...attackers, visitor]);
  clearInterval(sampler);
  peak = Math.max(peak, await rssMB(pid));
  visitorAgent.destroy();
  const attackTotal = Object.values(attackAnswers).reduce((a, b) => a + b, 0);
  return {
    connections,
    seconds,
    visitor: { requests: times.length, errors, failed, p50: percentile(times, 50), p95: percentile(times, 95), max: Math.max(...times) },
    attack: { requests: attackTotal, perSecond: attackTotal / seconds, answers: attackAnswers },
    rss: { beforeMB: before, peakMB: peak },
  };
}

/**
 * The flood at 16 and then 64 connections, as rows of the benchmark table.
 * @param {{ origin: string, pid: number, pages: string[], seconds?: number, label?: string }} options
 */
export async function floodRows({ origin, pid, pages, seconds = SECONDS, label = 'shell server flood' }) {
  /** @type {{ area: string, item: string, figure: string, target: string, met: boolean | null }[]} */
  const rows = [];
  for (const connections of [16, 64]) {
    console.log(`== flood: ${connections} connections of unique URLs for ${seconds} s`);
    const result = await flood({ origin, pid, pages, connections, seconds });
    const { visitor, attack, rss } = result;
    const answers = statusList(attack.answers);
    rows.push({
      area: label,
      item: `${connections} connections from ${Math.min(connections, ATTACKERS.length)} addresses, ${seconds} s: a visitor's pages p50 / p95 (max), errors of ${visitor.requests}`,
      figure: `${visitor.p50.toFixed(0)} / ${visitor.p95.toFixed(0)} ms (${visitor.max.toFixed(0)}), ${visitor.errors}${visitor.errors ? ` (${statusList(visitor.failed)})` : ''}`,
      target: `p95 ≤ ${FLOOD_TARGETS.visitorP95Ms} ms, 0 errors`,
      met: visitor.p95 <= FLOOD_TARGETS.visitorP95Ms && visitor.errors === 0,
    });
    rows.push({
      area: label,
      item: `${connections} connections: the attackers' requests (req/s; answers by status)`,
      figure: `${attack.requests.toLocaleString('en')} (${attack.perSecond.toFixed(0)}/s; ${answers})`,
      target: '',
      met: null,
    });
    rows.push({
      area: label,
      item: `${connections} connections: the shell server's resident memory before · peak`,
      figure: `${rss.beforeMB.toFixed(0)} MB · ${rss.peakMB.toFixed(0)} MB`,
      target: `≤ ${FLOOD_TARGETS.rssMB} MB`,
      met: rss.peakMB <= FLOOD_TARGETS.rssMB,
    });
  }
  return rows;
}

/** `200 1,234, 503 56`: answers by status, `failed` for no answer. @param {Record<string, number>} counts */
const statusList = (counts) =>
  Object.entries(counts)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([status, count]) => `${status === '0' ? 'failed' : status} ${count.toLocaleString('en')}`)
    .join(', ');

/** Alone: a fresh seeded site on the bench's ports, the flood, the Flood section written. */
async function main() {
  const { prepareShellDir, remotesManifest, ROOT, startSite } = await import('../../scripts/site.mjs');
  const { cpus } = await import('node:os');
  const ports = { api: 4320, shell: 5320, remotes: { 'mf-catalogue': 5321, 'mf-product': 5322, 'mf-search': 5323, 'mf-account': 5324, 'mf-admin': 5325 } };
  const work = await mkdtemp(join(tmpdir(), 'linkhunt-flood-'));
  const shellDir = join(work, 'shell');
  const origin = `http://127.0.0.1:${ports.shell}`;
  await prepareShellDir({ from: join(ROOT, 'shell/dist'), to: shellDir, apiUrl: `http://localhost:${ports.api}`, siteUrl: origin, remotes: remotesManifest(ports.remotes) });
  const site = await startSite({
    apiPort: ports.api,
    shellPort: ports.shell,
    remotePorts: ports.remotes,
    databaseUrl: `sqlite:${join(work, 'flood.sqlite')}`,
    imageDir: join(work, 'images'),
    shellDir,
    shellEntry: process.env.FLOOD_SHELL_ENTRY,
    apiEnv: { LOG_LEVEL: 'warn' },
  });
  try {
    if (!site.shellPid) throw new Error('the shell server has no process id');
    const pages = await floodPages(`http://localhost:${ports.api}`);
    const rows = await floodRows({ origin, pid: site.shellPid, pages, label: process.env.FLOOD_SHELL_ENTRY ? 'shell server flood (other build)' : 'shell server flood' });
    const table = markdownTable(rows);
    const on = `${cpus().length} cores (${cpus()[0]?.model ?? '?'}), Node ${process.version}`;
    console.log(`\n${table}\n`);
    if (!process.env.FLOOD_SHELL_ENTRY) await writeDocSection(join(ROOT, 'docs/benchmarks.md'), 'bench:flood', table, on);
  } finally {
    await site.stop();
    await rm(work, { recursive: true, force: true });
  }
}

/** The visitor's usual pages: the home page, a category, a brand, a product, a search. @param {string} apiUrl */
export async function floodPages(apiUrl) {
  const answer = await (await fetch(`${apiUrl}/products/recents`)).json();
  /** @type {{ slug: string, brand?: { slug: string } | null }[]} */
  const products = answer.results.data;
  const withBrand = products.find((product) => product.brand && product.brand.slug !== 'various');
  if (!withBrand?.brand) throw new Error('the seeded catalogue has no product with a brand');
  return ['/es/index', '/es/cat/sneakers', `/es/brand/${withBrand.brand.slug}`, `/es/product/${withBrand.slug}`, '/es/search?q=zapatillas'];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
