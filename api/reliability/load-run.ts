/**
 * `pnpm test:reliability`: the API under a bounded load. The real server runs as its own process on a fresh
 * database seeded with the demo data (SQLite, then PostgreSQL when TEST_DATABASE_URL names a server), with
 * its rate limits at their defaults, and 100 connections mix reads, searches and writes for 30 seconds.
 * Passes when no answer is a 5xx, every request is answered (within 60 s), each rate-limited route answers
 * 429 and recovers once its Retry-After has passed, and every counted write is in the database exactly once.
 *
 * Environment: LOAD_SECONDS (30), LOAD_CONNECTIONS (100), TEST_DATABASE_URL (a PostgreSQL server: the
 * pass there runs on a new database made and dropped on it, never on the one named), LOAD_JSON (a file for
 * the results, which scripts/test-summary.mjs adds up).
 */
import { writeFileSync } from 'node:fs';
import type { TokenResponse } from '@linkhunt/contracts/user';
import { connectDatabase } from '../src/db/connect.js';
import { pngImage } from '../src/test/fixtures.js';
import { HttpClient } from './http-client.js';
import { answerChecks, type Check, databaseChecks, readCatalogue, snapshot } from './load-checks.js';
import { KINDS, type Kind, Ledger } from './load-ledger.js';
import { finishFloods, type LoadPlan, type LoadUser, makeWorkers, runLoad } from './load-mix.js';
import { checkRecovery, type RouteRecovery } from './load-recovery.js';
import { freshPostgres, freshSqlite, type LoadDatabase, startApi } from './load-server.js';

const SECONDS = Number(process.env.LOAD_SECONDS ?? 30);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 100);
const JSON_PATH = process.env.LOAD_JSON;
const POSTGRES_SERVER = process.env.TEST_DATABASE_URL;
/**
 * A request still unanswered after twice the run is stuck, and counts as lost. Generous on purpose: on a
 * machine shared with other work the API's share of the CPU, not the API, sets how long a queue takes.
 */
const TIMEOUT_MS = 2 * Math.max(30, SECONDS) * 1000;

interface KindFigures {
  requests: number;
  statuses: Record<string, number>;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

interface PassResult {
  database: string;
  server: 'dist' | 'src';
  requests: number;
  /** Of those, the 429 answers: cheap, and most of them from the connections flooding the limited routes. */
  limited: number;
  seconds: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  byKind: Partial<Record<Kind, KindFigures>>;
  recovery: RouteRecovery[];
  checks: Check[];
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
}

const round = (n: number) => Math.round(n * 10) / 10;

/** The run's figures, taken right after the load, before the recovery requests join the ledger. */
function figures(ledger: Ledger, seconds: number): Pick<PassResult, 'requests' | 'limited' | 'seconds' | 'requestsPerSecond' | 'p50Ms' | 'p99Ms' | 'byKind'> {
  const byKind: Partial<Record<Kind, KindFigures>> = {};
  for (const kind of Object.keys(KINDS) as Kind[]) {
    const statuses = ledger.statuses.get(kind);
    if (!statuses) continue;
    const times = [...(ledger.latencies.get(kind) ?? [])].sort((a, b) => a - b);
    byKind[kind] = {
      requests: times.length,
      statuses: Object.fromEntries([...statuses].sort(([a], [b]) => a - b).map(([s, n]) => [String(s), n])),
      p50Ms: round(percentile(times, 50)),
      p99Ms: round(percentile(times, 99)),
      maxMs: round(times.at(-1) ?? NaN),
    };
  }
  const all = [...ledger.latencies.values()].flat().sort((a, b) => a - b);
  const limited = Object.values(byKind).reduce((n, f) => n + (f.statuses['429'] ?? 0), 0);
  return { requests: ledger.total(), limited, seconds: round(seconds), requestsPerSecond: Math.round(ledger.total() / seconds), p50Ms: round(percentile(all, 50)), p99Ms: round(percentile(all, 99)), byKind };
}

function table(headers: string[], rows: (string | number)[][]): string {
  const cells = [headers, ...rows.map((r) => r.map(String))];
  const widths = headers.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) => r.map((c, i) => (i === 0 || i === 2 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ').trimEnd();
  return [line(headers), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.slice(1).map(line)].join('\n');
}

/**
 * The accounts of the run, registered through the API as people would, each from an address of its own,
 * so the registration limit (5 a minute per address) is met as it stands.
 */
async function registerAccounts(http: HttpClient, names: readonly string[]): Promise<LoadUser[]> {
  const accounts: LoadUser[] = [];
  const queue = names.map((name, index) => ({ name, index }));
  // argon2 is slow on purpose; four at a time keeps both cores busy without a long queue.
  await Promise.all(Array.from({ length: 4 }, async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const { name, index } = next;
      const email = `${name}@example.com`;
      const password = `load password ${name}`;
      const client = { address: `10.71.${index >> 8}.${(index & 255) + 1}`, userAgent: 'linkhunt-load/setup' };
      const answer = await http.send(client, { method: 'POST', path: '/auth/register', json: { username: name, email, password } });
      if (answer.status !== 201) throw new Error(`registering ${name}: ${answer.status} ${answer.text.slice(0, 200)}`);
      const body = JSON.parse(answer.text) as TokenResponse;
      accounts[index] = { id: body.user.data.id, username: name, email, password, token: body.token.accessToken };
    }
  }));
  return accounts;
}

async function runPass(database: LoadDatabase): Promise<PassResult> {
  const started = performance.now();
  console.log(`\n=== ${database.name}: starting the API on a fresh database (demo data seeded)`);
  const api = await startApi(database);
  const http = new HttpClient(api.baseUrl, CONNECTIONS, TIMEOUT_MS);
  const handle = connectDatabase(database.url, { poolSize: 2 });
  let stopped = false;
  try {
    const catalogue = await readCatalogue(handle.db);
    const names = [...Array.from({ length: CONNECTIONS }, (_, i) => `load_u${i}`), 'load_crowd', 'load_victim'];
    const accounts = await registerAccounts(http, names);
    // As following the mailed link would: verified, so the run's accounts upload and earn as people who finished
    // signing up (an unverified account may hold only a few products).
    await handle.db.updateTable('users').set({ email_verified_at: new Date().toISOString() }).where('id', 'in', accounts.map((a) => a.id)).execute();
    const crowd = accounts[CONNECTIONS];
    const victim = accounts[CONNECTIONS + 1];
    if (!crowd || !victim) throw new Error('accounts missing');
    const plan: LoadPlan = { catalogue, users: accounts.slice(0, CONNECTIONS), crowd, victim, png: await pngImage(48, 48) };
    const before = await snapshot(handle.db);
    console.log(`API from ${api.from} at ${api.baseUrl.origin}; ${catalogue.products.length} visible products, ${accounts.length} accounts registered; ` +
      `setup ${((performance.now() - started) / 1000).toFixed(1)} s. Load: ${CONNECTIONS} connections for ${SECONDS} s…`);

    const ledger = new Ledger();
    const workers = makeWorkers(plan);
    const timing = await runLoad(http, ledger, plan, workers, SECONDS);
    const measured = figures(ledger, (timing.endedAt - timing.startedAt) / 1000);
    const late = await finishFloods(http, ledger, plan, workers);
    for (const w of late) console.log(`${w.flood} flooder ${w.client.address}: limit ${w.last429.size > 0 ? 'reached' : 'NOT reached'} only after the run`);
    console.log('waiting out the rate-limit windows for the recovery check…');
    const { routes, account } = await checkRecovery(http, ledger, plan, workers);

    http.close();
    const exitCode = await api.stop();
    stopped = true;
    const checks = [
      ...answerChecks(ledger, routes, account, {
        limited: (kind) => measured.byKind[kind]?.statuses['429'] ?? 0,
        late: late.flatMap((w) => (w.flood ? [w.flood] : [])),
      }),
      ...(await databaseChecks(handle.db, ledger, plan, before, accounts.length)),
      { name: 'the API shut down cleanly on SIGTERM', passed: exitCode === 0, detail: `exit code ${exitCode}` },
    ];
    for (const oddity of ledger.oddities) console.log(`  ! at ${oddity.at} s: ${oddity.kind} ${oddity.request}: ${oddity.status} ${oddity.detail}`);
    if (checks.some((c) => !c.passed)) console.log(`the API's last lines:\n${api.log() || '(nothing)'}`);
    console.log(`pass took ${((performance.now() - started) / 1000).toFixed(0)} s`);
    return { database: database.name, server: api.from, ...measured, recovery: routes, checks };
  } finally {
    http.close();
    if (!stopped) await api.stop();
    await handle.db.destroy();
  }
}

function print(result: PassResult): void {
  const rows = Object.entries(result.byKind).map(([kind, f]) => [
    kind, f.requests, Object.entries(f.statuses).map(([s, n]) => `${s}×${n}`).join(' '), f.p50Ms, f.p99Ms, f.maxMs,
  ]);
  rows.push(['all', result.requests, '', result.p50Ms, result.p99Ms, Math.max(...Object.values(result.byKind).map((f) => f.maxMs))]);
  console.log(`\n${result.database}: ${result.requests} requests (${result.limited} answered 429) in ${result.seconds} s, ${result.requestsPerSecond} req/s, p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms (${CONNECTIONS} connections, API from ${result.server})`);
  console.log(table(['kind', 'requests', 'statuses', 'p50 ms', 'p99 ms', 'max ms'], rows));
  for (const c of result.checks) console.log(`  ${c.passed ? 'ok  ' : 'FAIL'} ${c.name} (${c.detail})`);
}

async function main(): Promise<void> {
  const databases: (() => LoadDatabase)[] = [freshSqlite];
  if (POSTGRES_SERVER) databases.push(() => freshPostgres(POSTGRES_SERVER));
  else console.log('TEST_DATABASE_URL is not set: the PostgreSQL pass is skipped.');

  const results: PassResult[] = [];
  const failures: Check[] = [];
  for (const open of databases) {
    const database = open();
    try {
      results.push(await runPass(database));
    } catch (error) {
      const detail = (error as Error).stack ?? String(error);
      console.error(detail);
      failures.push({ name: `${database.name}: the run completed`, passed: false, detail: (error as Error).message });
    } finally {
      database.drop();
    }
  }
  for (const result of results) print(result);

  const checks = [...results.flatMap((r) => r.checks.map((c) => ({ ...c, name: `${r.database}: ${c.name}` }))), ...failures];
  const failed = checks.filter((c) => !c.passed).length;
  console.log(`\nload: ${checks.length - failed} checks passed, ${failed} failed`);
  if (JSON_PATH) {
    writeFileSync(JSON_PATH, `${JSON.stringify({ date: new Date().toISOString(), connections: CONNECTIONS, seconds: SECONDS, passes: results, checks }, null, 2)}\n`);
  }
  process.exitCode = failed > 0 ? 1 : 0;
}

await main();
