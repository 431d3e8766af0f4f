/**
 * `pnpm bench:links` (issue 18): the link checker checking 10,000 links against the fake stores, with store
 * latencies of 100–800 ms and the default per-host limits (2 requests at once, 500 ms between starts), on
 * SQLite and (when reachable) PostgreSQL. Measures throughput, this process's CPU per check, memory, database
 * writes per check and what the stores saw (requests in flight and gaps between starts per host, each link
 * requested once), and derives one core's share for a schedule of 100,000 links a day from the CPU per check.
 * Not part of the test suite.
 *
 * The real app (buildApp) runs in this process with its checker on; the fake stores run in a child process
 * (fake-stores-process.ts), so their CPU is not counted. The links are written through the app's product
 * writer, scheduled a day ahead, then all made due at once: the run lasts until every link has been checked.
 *
 * Environment: BENCH_LINKS (10000), BENCH_LINK_HOSTS (50: shop1..25.hacoo.com and shop1..25.dhgate.com),
 * BENCH_LINK_LATENCY_MS ("100,800"), BENCH_LINK_IDLE_SECONDS (15: the checker with nothing due, after the
 * run), BENCH_DATABASES ("sqlite,postgres"); TEST_DATABASE_URL names the PostgreSQL server (a throwaway
 * database is created and dropped). BENCH_JSON: a file to write the summary to (link-check-summary.ts).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { type Kysely, sql } from 'kysely';
import { buildApp } from '../src/app.js';
import { type Config, loadConfig } from '../src/config.js';
import type { Database } from '../src/db/schema.js';
import { fakePlatformDispatcher } from '../src/test/fake-platforms.js';
import { type BenchDatabase, benchMachine, databaseVersion, openPostgres, openSqlite } from './bench-databases.js';
import { count, percentile, round, table } from './bench-latency.js';
import { databaseWrites } from './database-writes.js';
import { eventLoopDelayOf } from './event-loop-delay.js';
import { type FakeStoresProcess, startFakeStoresProcess } from './fake-stores-process.js';
import { OUTCOME_MIX, seedLinks } from './link-check-seed.js';
import type { GapStats, LinkCheckBenchSummary, LinkCheckDatabaseSummary } from './link-check-summary.js';
import { logRequests } from './request-log.js';
import { sampleMemory, samplePostgresBackends } from './resource-samplers.js';
import { StatementCounter } from './statement-counter.js';

const LINKS = Number(process.env.BENCH_LINKS ?? 10_000);
const HOSTS = Number(process.env.BENCH_LINK_HOSTS ?? 50);
const LATENCY = latencyRange(process.env.BENCH_LINK_LATENCY_MS ?? '100,800');
const IDLE_SECONDS = Number(process.env.BENCH_LINK_IDLE_SECONDS ?? 15);
const DATABASES = (process.env.BENCH_DATABASES ?? 'sqlite,postgres').split(',').map((d) => d.trim());
const JSON_PATH = process.env.BENCH_JSON;

function latencyRange(text: string): [number, number] {
  const [min, max, ...rest] = text.split(',').map(Number);
  if (min === undefined || max === undefined || rest.length > 0 || !(min >= 0 && max >= min)) {
    throw new Error(`BENCH_LINK_LATENCY_MS: "${text}" is not "min,max" in ms`);
  }
  return [min, max];
}

const DAY_MS = 24 * 60 * 60_000;
const SCHEDULE_LINKS = 100_000;
const CPU_SHARE_TARGET = 0.05;
/**
 * The delay holds between claims; a request reaches the store after the claim's commit and, on a fresh
 * connection (the checker cuts one after a large error page), a TLS handshake, so two starts may land a
 * little closer at the store than the delay.
 */
const START_GAP_JITTER_MS = 50;
const SAMPLE_MS = 250;
const PROGRESS_POLL_MS = 500;
const IDLE_SETTLE_MS = 10_000;
/** The statement with which the checker's loop looks at the whole schedule (claims.ts hostsWaiting). */
const SCHEDULE_LOOKUP = 'select link_check_hosts as h';

const CONFIG_DEFAULTS = loadConfig({});
const DEFAULTS = CONFIG_DEFAULTS.linkCheck;
const pct = (share: number) => `${(share * 100).toFixed(share < 0.01 ? 3 : 2)} %`;
const mb = (n: number) => `${n.toFixed(0)} MB`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What the per-host limits allow: each host starts at most one check per delay, and holds at most `hostConcurrency`. */
function limitChecksPerSecond(hosts: number): number {
  const meanLatencyS = (LATENCY[0] + LATENCY[1]) / 2 / 1000;
  const byDelay = DEFAULTS.hostDelayMs > 0 ? 1000 / DEFAULTS.hostDelayMs : Infinity;
  return hosts * Math.min(byDelay, DEFAULTS.hostConcurrency / meanLatencyS);
}

/** Gaps between consecutive starts at one host (ascending) against the delay. */
function gapStats(sorted: readonly number[]): GapStats {
  const at = (p: number) => (sorted.length > 0 ? round(percentile(sorted, p), 1) : null);
  return {
    count: sorted.length,
    belowDelay: sorted.filter((gap) => gap < DEFAULTS.hostDelayMs).length,
    belowTarget: sorted.filter((gap) => gap < DEFAULTS.hostDelayMs - START_GAP_JITTER_MS).length,
    minMs: sorted.length > 0 ? round(sorted[0] ?? NaN, 1) : null,
    p1Ms: at(1),
    p50Ms: at(50),
  };
}

/** Resolves once every link row has been checked (recorded, lease released); throws past `timeoutMs`. */
async function untilAllChecked(db: Kysely<Database>, links: number, started: number, timeoutMs: number): Promise<void> {
  let lastReport = started;
  for (;;) {
    const { n } = await db
      .selectFrom('link_checks')
      .select(sql<number>`cast(count(*) as integer)`.as('n'))
      .where((eb) => eb.or([eb('last_checked_at', 'is', null), eb('lease_owner', 'is not', null)]))
      .executeTakeFirstOrThrow();
    const now = performance.now();
    if (Number(n) === 0) return;
    if (now - started > timeoutMs) throw new Error(`${count(Number(n))} of ${count(links)} links still unchecked after ${(timeoutMs / 1000).toFixed(0)} s`);
    if (now - lastReport >= 15_000) {
      lastReport = now;
      console.log(`  ${count(links - Number(n))} of ${count(links)} checked (${((now - started) / 1000).toFixed(0)} s)`);
    }
    await sleep(PROGRESS_POLL_MS);
  }
}

/** The outcome each logged check should have had, from the behaviour its URL names at the fake. */
async function mismatchedChecks(db: Kysely<Database>): Promise<number> {
  const logged = await db.selectFrom('link_check_log').select(['url', 'reason']).execute();
  let wrong = 0;
  for (const { url, reason } of logged) {
    const behaviour = /\/product\/([a-z0-9-]+)\//.exec(new URL(url).pathname)?.[1];
    if (OUTCOME_MIX.find((o) => o.behaviour === behaviour)?.reason !== reason) wrong++;
  }
  return wrong;
}

async function groupCounts(db: Kysely<Database>, table: 'link_checks' | 'link_check_log', column: 'verdict' | 'reason'): Promise<Record<string, number>> {
  const rows = await sql<{ key: string | null; n: number }>`
    select ${sql.ref(column)} as key, cast(count(*) as integer) as n from ${sql.table(table)} group by ${sql.ref(column)}`.execute(db);
  return Object.fromEntries(rows.rows.map((r) => [r.key ?? 'unknown', Number(r.n)]));
}

async function benchDatabase(db: BenchDatabase, fake: FakeStoresProcess): Promise<LinkCheckDatabaseSummary> {
  const { db: kdb, dialect } = db.handle;
  const version = await databaseVersion(kdb, dialect);
  const work = mkdtempSync(join(tmpdir(), 'linkhunt-link-bench-'));
  const agent = fakePlatformDispatcher(fake.port, fake.caPem);
  const requests = logRequests(agent);
  const counter = new StatementCounter();
  // The checker's own settings stay the defaults: the per-host limits are what this measures against.
  const config: Config = {
    ...CONFIG_DEFAULTS,
    imageDir: join(work, 'images'),
    mailOutbox: join(work, 'outbox'),
    seedDemo: false,
    logLevel: 'silent',
    linkCheck: { ...DEFAULTS, enabled: true },
    rates: { ...CONFIG_DEFAULTS.rates, url: '' },
  };
  // The app's statements go through the counter; the benchmark's own (progress, figures) do not.
  const app = await buildApp(config, { database: { ...db.handle, db: kdb.withPlugin(counter) }, logger: false, linkCheckDispatcher: requests.dispatcher });
  try {
    console.log(`\n=== ${db.name} ${version}: ${count(LINKS)} links on ${HOSTS} hosts, store latency ${LATENCY[0]}–${LATENCY[1]} ms, ` +
      `${DEFAULTS.hostConcurrency} at once and ${DEFAULTS.hostDelayMs} ms between starts per host`);
    let started = performance.now();
    const seeded = await seedLinks(kdb, dialect, LINKS, HOSTS, new Date(Date.now() + DAY_MS));
    console.log(`${count(seeded.products)} products written through insertProduct in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    await app.ready();

    const writes = databaseWrites(kdb, dialect);
    const writesBefore = await writes.read();
    const memory = sampleMemory(SAMPLE_MS);
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    loopDelay.enable();
    const backends = dialect === 'postgres' ? await samplePostgresBackends(kdb, SAMPLE_MS) : null;
    counter.reset();
    const loadBefore = loadavg()[0] ?? NaN;
    const cpuBefore = process.cpuUsage();
    started = performance.now();
    const madeDue = await kdb.updateTable('link_checks').set({ next_check_at: new Date().toISOString() }).executeTakeFirst();
    app.linkHealth.linksWritten();
    const limit = limitChecksPerSecond(seeded.hosts.length);
    await untilAllChecked(kdb, seeded.links, started, Math.max(600_000, (3 * seeded.links * 1000) / limit));
    const wallMs = performance.now() - started;
    const cpu = process.cpuUsage(cpuBefore);
    const statements = counter.snapshot();
    const peaks = memory.stop();
    loopDelay.disable();
    const serverCpuMs = backends ? await backends.stop() : null;
    // The statement that made the links due is the benchmark's, not the checker's.
    const writesAfter = await writes.read();
    const writesByChecks = writesAfter.rows - writesBefore.rows - Number(madeDue.numUpdatedRows);
    const writesDatabaseWide = writesAfter.databaseWide === null || writesBefore.databaseWide === null
      ? null
      : writesAfter.databaseWide - writesBefore.databaseWide - Number(madeDue.numUpdatedRows);

    // Idle keep-alive connections (undici's, the pool's) close within seconds: what follows is the loop alone.
    await sleep(IDLE_SETTLE_MS);
    counter.reset();
    const idleBefore = process.cpuUsage();
    // By the second, so that a one-off (V8 shrinking the heap once the process goes quiet) shows as such.
    let idleMaxSliceMs = 0;
    for (let i = 0; i < IDLE_SECONDS; i++) {
      const sliceBefore = process.cpuUsage();
      await sleep(1000);
      const slice = process.cpuUsage(sliceBefore);
      idleMaxSliceMs = Math.max(idleMaxSliceMs, (slice.user + slice.system) / 1000);
    }
    const idleCpu = process.cpuUsage(idleBefore);
    const idleLookups = counter.snapshot().statements.find(([key]) => key === SCHEDULE_LOOKUP)?.[1] ?? 0;

    const seen = await fake.report();
    const checks = seeded.links;
    const cpuMs = (cpu.user + cpu.system) / 1000;
    const cpuMsPerCheck = cpuMs / checks;
    const scheduleCpuShare = (cpuMsPerCheck * SCHEDULE_LINKS) / DAY_MS;
    const idleCpuMs = (idleCpu.user + idleCpu.system) / 1000;
    const serverPerCheck = serverCpuMs === null ? null : serverCpuMs / checks;
    const verdictCounts = await groupCounts(kdb, 'link_checks', 'verdict');
    const verdicts = { ok: verdictCounts.ok ?? 0, gone: verdictCounts.gone ?? 0, unknown: verdictCounts.unknown ?? 0 };
    const reasons = await groupCounts(kdb, 'link_check_log', 'reason');
    const mismatched = await mismatchedChecks(kdb);
    const gaps = seen.hosts.flatMap((h) => (h.minStartGapMs === null ? [] : [h.minStartGapMs]));
    const fakeSummary = {
      requests: seen.requests,
      distinctLinks: seen.distinctLinks,
      maxInFlight: Math.max(0, ...seen.hosts.map((h) => h.maxInFlight)),
      minStartGapMs: gaps.length > 0 ? round(Math.min(...gaps), 1) : null,
      startGaps: gapStats(seen.startGapsMs),
      cpuMs: round(seen.cpuMs, 0),
      hosts: seen.hosts.map((h) => ({ ...h, minStartGapMs: h.minStartGapMs === null ? null : round(h.minStartGapMs, 1) })),
    };
    const sentGaps = gapStats(requests.sendGapsMs());
    const logged = Object.values(reasons).reduce((a, b) => a + b, 0);
    const summary: LinkCheckDatabaseSummary = {
      name: db.name,
      version,
      products: seeded.products,
      links: checks,
      hosts: seeded.hosts.length,
      wallMs: round(wallMs, 0),
      checksPerSecond: round(checks / (wallMs / 1000), 1),
      limitChecksPerSecond: round(limit, 1),
      cpuMs: round(cpuMs, 0),
      cpuMsPerCheck: round(cpuMsPerCheck, 3),
      scheduleCpuShare: round(scheduleCpuShare, 5),
      idle: {
        seconds: IDLE_SECONDS,
        cpuMs: round(idleCpuMs, 1),
        cpuShare: round(idleCpuMs / (IDLE_SECONDS * 1000), 5),
        maxSecondCpuMs: round(idleMaxSliceMs, 1),
        scheduleLookups: idleLookups,
      },
      databaseServerCpuMs: serverCpuMs === null ? null : round(serverCpuMs, 0),
      databaseServerCpuMsPerCheck: serverPerCheck === null ? null : round(serverPerCheck, 3),
      scheduleCpuShareWithDatabaseServer: serverPerCheck === null ? null : round(((cpuMsPerCheck + serverPerCheck) * SCHEDULE_LINKS) / DAY_MS, 5),
      rssBeforeMb: round(peaks.rssBeforeMb, 1),
      peakRssMb: round(peaks.peakRssMb, 1),
      peakHeapUsedMb: round(peaks.peakHeapUsedMb, 1),
      writesPerCheck: round(writesByChecks / checks, 2),
      writesPerCheckDatabaseWide: writesDatabaseWide === null ? null : round(writesDatabaseWide / checks, 2),
      writesMethod: writes.method,
      statementRowsWrittenPerCheck: round(statements.rowsWritten / checks, 2),
      statementsPerCheck: round(statements.total / checks, 2),
      statementsByKind: statements.statements.map(([statement, n]) => ({ statement, perCheck: round(n / checks, 3) })),
      verdicts,
      reasons,
      expectedReasons: Object.fromEntries(Object.entries(seeded.expectedReasons).map(([reason, n]) => [reason, n ?? 0])),
      sent: { requests: requests.sends(), maxInFlight: requests.maxInFlight(), connections: requests.connections(), disconnects: requests.disconnects(), gaps: sentGaps },
      loadAverage: { before: round(loadBefore, 2), after: round(loadavg()[0] ?? NaN, 2) },
      eventLoopDelay: { api: eventLoopDelayOf(loopDelay), fake: seen.eventLoopDelay },
      fake: fakeSummary,
      targetsMet: {
        cpu: scheduleCpuShare < CPU_SHARE_TARGET,
        hostConcurrency: fakeSummary.maxInFlight <= DEFAULTS.hostConcurrency,
        hostDelay: fakeSummary.minStartGapMs !== null && fakeSummary.minStartGapMs >= DEFAULTS.hostDelayMs - START_GAP_JITTER_MS,
        hostConcurrencyAsSent: requests.maxInFlight() <= DEFAULTS.hostConcurrency,
        hostDelayAsSent: sentGaps.minMs !== null && sentGaps.minMs >= DEFAULTS.hostDelayMs - START_GAP_JITTER_MS,
        eachLinkOnce: seen.requests === checks && seen.distinctLinks === checks,
        verdictsAsExpected: mismatched === 0 && logged === checks && verdicts.ok === seeded.expectedVerdicts.ok && verdicts.gone === seeded.expectedVerdicts.gone,
      },
    };
    print(summary, mismatched);
    return summary;
  } finally {
    await app.close();
    await agent.destroy();
    rmSync(work, { recursive: true, force: true });
  }
}

const gapLine = (g: GapStats) => `${count(g.belowDelay)} · ${count(g.belowTarget)} of ${count(g.count)} (${g.p1Ms ?? '-'} ms, ${g.p50Ms ?? '-'} ms)`;

function print(s: LinkCheckDatabaseSummary, mismatched: number): void {
  const yes = (met: boolean) => (met ? 'yes' : 'NO');
  const rows: (string | number)[][] = [
    ['wall time until every link was checked', `${(s.wallMs / 1000).toFixed(1)} s`, '', ''],
    ['throughput', `${s.checksPerSecond} checks/s`, `limits allow ≤ ${s.limitChecksPerSecond}`, ''],
    ['CPU of this process (API + checker) per check', `${s.cpuMsPerCheck.toFixed(2)} ms (${(s.cpuMs / 1000).toFixed(1)} s in all)`, '', ''],
    [`one core's share for ${count(SCHEDULE_LINKS)} links / 24 h (from the CPU per check)`, pct(s.scheduleCpuShare), `< ${pct(CPU_SHARE_TARGET)}`, yes(s.targetsMet.cpu)],
    [
      `idle: nothing due (${s.idle.scheduleLookups} looks at the schedule in ${s.idle.seconds} s; the busiest second)`,
      `${pct(s.idle.cpuShare)} of a core (${s.idle.maxSecondCpuMs.toFixed(0)} ms)`,
      '',
      '',
    ],
  ];
  if (s.databaseServerCpuMsPerCheck !== null && s.scheduleCpuShareWithDatabaseServer !== null) {
    rows.push([
      'PostgreSQL backends of the bench database, CPU per check',
      `${s.databaseServerCpuMsPerCheck.toFixed(2)} ms; with them ${pct(s.scheduleCpuShareWithDatabaseServer)}`,
      `< ${pct(CPU_SHARE_TARGET)}`,
      yes(s.scheduleCpuShareWithDatabaseServer < CPU_SHARE_TARGET),
    ]);
  }
  rows.push(
    ['resident memory before · peak; peak heap used', `${mb(s.rssBeforeMb)} · ${mb(s.peakRssMb)}; ${mb(s.peakHeapUsedMb)}`, '', ''],
    [
      'database writes per check (rows)',
      `${s.writesPerCheck} (statements report ${s.statementRowsWrittenPerCheck}${s.writesPerCheckDatabaseWide === null ? '' : `; database-wide ${s.writesPerCheckDatabaseWide}`})`,
      '',
      '',
    ],
    ['statements per check (begin/commit not counted)', s.statementsPerCheck, '', ''],
    ['most requests in flight to one host (at the fake)', s.fake.maxInFlight, `≤ ${DEFAULTS.hostConcurrency}`, yes(s.targetsMet.hostConcurrency)],
    ['the same as the checker saw them (from send to the end or abort of the response)', s.sent.maxInFlight, `≤ ${DEFAULTS.hostConcurrency}`, yes(s.targetsMet.hostConcurrencyAsSent)],
    ['least gap between starts at one host (at the fake)', s.fake.minStartGapMs === null ? '-' : `${s.fake.minStartGapMs.toFixed(1)} ms`, `≥ ${DEFAULTS.hostDelayMs - START_GAP_JITTER_MS} ms`, yes(s.targetsMet.hostDelay)],
    [`gaps between starts at one host, at the fake: under ${DEFAULTS.hostDelayMs} ms · under ${DEFAULTS.hostDelayMs - START_GAP_JITTER_MS} ms (p1, median)`, gapLine(s.fake.startGaps), '', ''],
    [
      `the same as the checker sent them (undici dispatch): under ${DEFAULTS.hostDelayMs} · ${DEFAULTS.hostDelayMs - START_GAP_JITTER_MS} ms (p1, median), least`,
      `${gapLine(s.sent.gaps)}, ${s.sent.gaps.minMs ?? '-'} ms`,
      `≥ ${DEFAULTS.hostDelayMs - START_GAP_JITTER_MS} ms`,
      yes(s.targetsMet.hostDelayAsSent),
    ],
    ['connections opened by the checker (TLS handshakes)', count(s.sent.connections), '', ''],
    ['requests at the fake · distinct links requested', `${count(s.fake.requests)} · ${count(s.fake.distinctLinks)}`, `${count(s.links)} · ${count(s.links)}`, yes(s.targetsMet.eachLinkOnce)],
    ['verdicts ok · gone · unknown (checks not as their page calls for)', `${count(s.verdicts.ok)} · ${count(s.verdicts.gone)} · ${count(s.verdicts.unknown)} (${mismatched})`, 'as seeded (0)', yes(s.targetsMet.verdictsAsExpected)],
    ['load average (1 min) before · after the run', `${s.loadAverage.before} · ${s.loadAverage.after}`, '', ''],
    ['the fake stores\' own CPU (their process, not counted above)', `${(s.fake.cpuMs / 1000).toFixed(1)} s`, '', ''],
    [
      'event loop delay p99 / max: this process (during the run) · the fake\'s',
      `${s.eventLoopDelay.api.p99Ms} / ${s.eventLoopDelay.api.maxMs} ms · ${s.eventLoopDelay.fake.p99Ms} / ${s.eventLoopDelay.fake.maxMs} ms`,
      '',
      '',
    ],
  );
  console.log(table(['measure', 'figure', 'target', 'met'], rows));
  console.log(`database writes: ${s.writesMethod}`);
  console.log('statements per check, by kind and first table:');
  console.log(table(['statement', 'per check'], s.statementsByKind.map((k) => [k.statement, k.perCheck.toFixed(3)])));
  console.log(`connections closed, by undici's reason: ${Object.entries(s.sent.disconnects).map(([reason, n]) => `${reason}: ${count(n)}`).join('; ') || 'none'}`);
  console.log(`reasons: ${Object.entries(s.reasons).map(([reason, n]) => `${reason} ${count(n)}`).join(', ')}`);
}

async function main(): Promise<void> {
  console.log(`Linkhunt link-check benchmark: node ${process.version}, ${availableParallelism()} cores`);
  const databases: LinkCheckDatabaseSummary[] = [];
  for (const name of DATABASES) {
    const db = name === 'postgres' ? await openPostgres() : name === 'sqlite' ? openSqlite() : null;
    if (!db) continue;
    const fake = await startFakeStoresProcess(LATENCY);
    const stop = () => void Promise.allSettled([fake.stop(), db.drop()]).finally(() => process.exit(130));
    process.once('SIGINT', stop);
    try {
      databases.push(await benchDatabase(db, fake));
    } finally {
      process.removeListener('SIGINT', stop);
      await fake.stop();
      await db.drop();
    }
  }
  console.log('\n=== summary');
  for (const d of databases) {
    const met = Object.entries(d.targetsMet).filter(([, ok]) => !ok).map(([name]) => name);
    console.log(`${d.name}: ${d.checksPerSecond} checks/s, ${d.cpuMsPerCheck.toFixed(2)} ms CPU per check = ${pct(d.scheduleCpuShare)} of a core for ` +
      `${count(SCHEDULE_LINKS)} links a day (target < ${pct(CPU_SHARE_TARGET)}), ${d.writesPerCheck} rows written per check, ` +
      `peak RSS ${mb(d.peakRssMb)}; per host ≤ ${d.fake.maxInFlight} at once, ≥ ${d.fake.minStartGapMs ?? '-'} ms apart: ` +
      `${met.length === 0 ? 'every target met' : `MISSED: ${met.join(', ')}`}`);
  }
  if (JSON_PATH) {
    const result: LinkCheckBenchSummary = {
      date: new Date().toISOString(),
      machine: benchMachine(databases),
      knobs: { links: LINKS, hosts: HOSTS, latencyMs: LATENCY, hostConcurrency: DEFAULTS.hostConcurrency, hostDelayMs: DEFAULTS.hostDelayMs, idleSeconds: IDLE_SECONDS },
      targets: {
        cpuShare: CPU_SHARE_TARGET,
        scheduleLinks: SCHEDULE_LINKS,
        schedulePeriodMs: DAY_MS,
        maxInFlight: DEFAULTS.hostConcurrency,
        minStartGapMs: DEFAULTS.hostDelayMs - START_GAP_JITTER_MS,
      },
      databases,
    };
    writeFileSync(JSON_PATH, `${JSON.stringify(result, null, 2)}\n`);
    console.log(`summary written to ${JSON_PATH}`);
  }
}

await main();
