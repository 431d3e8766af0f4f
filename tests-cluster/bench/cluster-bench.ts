/**
 * `pnpm bench:cluster`: the load run through HAProxy, on the cluster of the suite (support/test-cluster.ts: HAProxy,
 * two APIs, two shell servers, PostgreSQL, Redis, and with IMAGE_STORE=s3 Swift), its ledger reconciled. Two runs of
 * the same mix of reads and uploads, as fast as the cluster answers: steady, then with api1 killed (SIGKILL) a third
 * of the way in and restarted once HAProxy has taken it out. Then every upload answered 201 is read back, row and
 * pictures, from each instance. Prints the figures for docs/benchmarks.md, and the memory of every process.
 *
 * Environment: BENCH_SECONDS (20 per run), BENCH_READERS (12), BENCH_UPLOADERS (4), IMAGE_STORE (s3 or local).
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { promisify } from 'node:util';
import type { ProductSummary } from '@linkhunt/contracts/product';
import { apiLoad, type Catalogue, until } from '../src/load/cluster-load.ts';
import { figures, Ledger } from '../src/load/ledger.ts';
import { clientAddress, closeClients, LoopbackClient } from '../src/support/http.ts';
import { DEMO_USERNAMES, imagePaths, productBySlug, signIn } from '../src/support/site.ts';
import { startTestCluster, STORE_KIND, type TestCluster } from '../src/support/test-cluster.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const READERS = Number(process.env.BENCH_READERS ?? 12);
const UPLOADERS = Math.min(Number(process.env.BENCH_UPLOADERS ?? 4), DEMO_USERNAMES.length);

interface RunResult {
  name: string;
  ledger: Ledger;
  seconds: number;
  notes: string[];
}

async function runLoad(cluster: TestCluster, catalogue: Catalogue, name: string, block: number, kill: boolean): Promise<RunResult> {
  const ledger = new Ledger();
  const readers = Array.from({ length: READERS }, (_, n) => new LoopbackClient(clientAddress(block, n)));
  const uploaders = await Promise.all(DEMO_USERNAMES.slice(0, UPLOADERS).map((username, n) => signIn(new LoopbackClient(clientAddress(block + 1, n)), cluster.urls.api, username)));
  const notes: string[] = [];
  const started = performance.now();
  const load = apiLoad(ledger, cluster.urls.api, catalogue, readers, uploaders, { maxSeconds: SECONDS, pauseMs: 0 });
  if (kill) {
    await until(() => performance.now() - started > (SECONDS * 1000) / 3, SECONDS * 1000, 'a third of the run');
    await ledger.incident('SIGKILL api1', () => cluster.kill('api1'));
    const killed = ledger.incidents[0]?.to ?? performance.now();
    await cluster.waitForStates({ api1: 'DOWN' }, 10_000);
    notes.push(`HAProxy took api1 out ${Math.round(performance.now() - killed)} ms after it died`);
    const restarting = performance.now();
    await cluster.restart('api1');
    notes.push(`api1 restarted and back in rotation in ${Math.round(performance.now() - restarting)} ms`);
  }
  await load.done;
  return { name, ledger, seconds: (performance.now() - started) / 1000, notes };
}

/** Reads every accepted upload back from each instance: its row and both sizes of its picture. */
async function verifyUploads(cluster: TestCluster, ledger: Ledger): Promise<{ accepted: number; unreadable: string[] }> {
  const client = new LoopbackClient(clientAddress(30, 0));
  const unreadable: string[] = [];
  const accepted = ledger.entries.flatMap((entry) => (entry.product ? [entry.product] : []));
  for (const product of accepted) {
    for (const apiUrl of Object.values(cluster.urls.apis)) {
      const row = await productBySlug(client, apiUrl, product.slug).catch(() => undefined);
      if (row?.id !== product.id) unreadable.push(`${apiUrl} ${product.slug}`);
      for (const path of imagePaths(product)) {
        const answer = await client.send({ method: 'GET', url: `${apiUrl}/images/${path}` });
        if (answer.status !== 200) unreadable.push(`${apiUrl}/images/${path}: ${answer.status}`);
      }
    }
  }
  return { accepted: accepted.length, unreadable };
}

/** Resident memory in MB of a process, and of every process whose command starts with one of `names`. */
async function memory(cluster: TestCluster): Promise<[string, number][]> {
  const rss = async (pid: number | undefined) => {
    if (!pid) return 0;
    const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  };
  const { stdout } = await promisify(execFile)('ps', ['-eo', 'rss=,comm=']);
  const byCommand = (prefixes: string[]) =>
    stdout.split('\n').reduce((sum, line) => {
      const [kb = '0', command = ''] = line.trim().split(/\s+/, 2);
      return prefixes.some((prefix) => command.startsWith(prefix)) ? sum + Number(kb) / 1024 : sum;
    }, 0);
  const pids = cluster.pids();
  return [
    ['api1', await rss(pids.api1)],
    ['api2', await rss(pids.api2)],
    ['shell1 (with its render worker)', await rss(pids.shell1)],
    ['shell2 (with its render worker)', await rss(pids.shell2)],
    ['HAProxy', await rss(pids.haproxy)],
    ['remotes + this load generator (one process)', await rss(process.pid)],
    ['PostgreSQL (all its processes, shared)', byCommand(['postgres'])],
    ['Redis (shared)', byCommand(['redis-server'])],
    ['Swift + memcached (shared)', byCommand(['swift-', 'memcached'])],
  ];
}

function print(result: RunResult, verified: { accepted: number; unreadable: string[] }): boolean {
  const reconciled = result.ledger.reconcile();
  const byKind = figures(result.ledger);
  const rows = Object.entries(byKind).map(([kind, f]) => `| ${kind} | ${f.requests} | ${Object.entries(f.statuses).map(([s, n]) => `${s}×${n}`).join(' ')} | ${f.p50Ms} | ${f.p99Ms} | ${f.maxMs} |`);
  console.log(`\n### ${result.name}: ${reconciled.sent} requests in ${result.seconds.toFixed(1)} s, ${Math.round(reconciled.sent / result.seconds)} req/s (${READERS} readers, ${UPLOADERS} uploaders, no pause)\n`);
  console.log('| kind | requests | statuses | p50 ms | p99 ms | max ms |\n|---|---:|---|---:|---:|---:|');
  console.log(rows.join('\n'));
  for (const note of result.notes) console.log(`\n- ${note}`);
  console.log(`- ledger: ${reconciled.sent} sent = ${reconciled.answered} answered as expected + ${reconciled.failed.length} failed; ${reconciled.inFlight.length} in flight at the kill; ${reconciled.unexplained.length} failures not in flight; ${reconciled.unsettled.length} unanswered`);
  for (const entry of reconciled.failed) console.log(`  - ${result.ledger.describe(entry)}`);
  console.log(`- accepted uploads: ${verified.accepted}, all readable from both instances (row, picture, thumbnail): ${verified.unreadable.length === 0 ? 'yes' : `NO: ${verified.unreadable.join(', ')}`}`);
  return reconciled.unexplained.length === 0 && reconciled.unsettled.length === 0 && verified.unreadable.length === 0;
}

const cluster = await startTestCluster();
let passed = true;
try {
  const reader = new LoopbackClient(clientAddress(29, 0));
  const recents = await reader.data<ProductSummary[]>(`${cluster.urls.api}/products/recents?per_page=50`);
  const categories = await reader.data<{ slug: string }[]>(`${cluster.urls.api}/categories`);
  const catalogue: Catalogue = { slugs: recents.map((p) => p.slug), images: recents.flatMap(imagePaths), categories: categories.map((c) => c.slug) };
  console.log(`cluster up (images: ${STORE_KIND}); ${cpus().length} cores; load average before: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);

  const steady = await runLoad(cluster, catalogue, 'steady', 40, false);
  const memoryUnderLoad = await memory(cluster);
  passed = print(steady, await verifyUploads(cluster, steady.ledger)) && passed;
  const failover = await runLoad(cluster, catalogue, 'api1 killed a third of the way in', 50, true);
  passed = print(failover, await verifyUploads(cluster, failover.ledger)) && passed;

  console.log('\n### memory (resident, MB) right after the steady run\n\n| process | MB |\n|---|---:|');
  for (const [name, mb] of memoryUnderLoad) console.log(`| ${name} | ${Math.round(mb)} |`);
  const total = memoryUnderLoad.reduce((sum, [, mb]) => sum + mb, 0);
  console.log(`| all of the above | ${Math.round(total)} |`);
  console.log(`\nload average after: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
} finally {
  closeClients();
  await cluster.close();
}
process.exitCode = passed ? 0 : 1;
