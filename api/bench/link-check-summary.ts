import type { BenchMachine } from './bench-summary.js';
import type { EventLoopDelay } from './event-loop-delay.js';

/**
 * The machine-readable summary `link-check-bench.ts` writes to the file named by BENCH_JSON: one JSON object
 * of type LinkCheckBenchSummary. Read by the root benchmark orchestrator (tests-e2e/bench/suite.mjs), so
 * fields only ever get added; times are milliseconds, memory megabytes, shares plain fractions (0.012, not "1.2 %").
 */

export interface FakeHostSummary {
  host: string;
  requests: number;
  maxInFlight: number;
  /** Null with fewer than two requests. */
  minStartGapMs: number | null;
}

/** Gaps between two consecutive request starts at one host, all hosts together. */
export interface GapStats {
  count: number;
  /** Under the host delay, and under targets.minStartGapMs. */
  belowDelay: number;
  belowTarget: number;
  /** Null without gaps. */
  minMs: number | null;
  p1Ms: number | null;
  p50Ms: number | null;
}

export interface LinkCheckDatabaseSummary {
  name: 'sqlite' | 'postgres';
  /** Server or library version, e.g. "3.53.0" or "15.20". */
  version: string;
  products: number;
  links: number;
  hosts: number;
  /** From the moment every link was made due to the last verdict recorded. */
  wallMs: number;
  checksPerSecond: number;
  /** What the per-host limits allow at most: hosts × min(1000 / hostDelayMs, hostConcurrency / mean latency). */
  limitChecksPerSecond: number;
  /** CPU time (user + system) of the benchmark's process, which runs the API and its checker, over the run. */
  cpuMs: number;
  cpuMsPerCheck: number;
  /** cpuMsPerCheck × targets.scheduleLinks ÷ targets.schedulePeriodMs: one core's share for that schedule. */
  scheduleCpuShare: number;
  /** The checker with nothing due (its loop looks at the schedule every 5 s), measured after the run. */
  idle: {
    seconds: number;
    cpuMs: number;
    cpuShare: number;
    /** The most CPU time in any one second of it: a one-off (V8 shrinking the heap once the process is quiet) shows here. */
    maxSecondCpuMs: number;
    scheduleLookups: number;
  };
  /** PostgreSQL only, with the server on this machine: CPU time of the bench database's backends (null otherwise). */
  databaseServerCpuMs: number | null;
  databaseServerCpuMsPerCheck: number | null;
  /** scheduleCpuShare with the backends' time added (null without it). */
  scheduleCpuShareWithDatabaseServer: number | null;
  rssBeforeMb: number;
  peakRssMb: number;
  peakHeapUsedMb: number;
  /** Rows inserted + updated + deleted per check, as the database counts them (writesMethod says how). */
  writesPerCheck: number;
  /** PostgreSQL: the same from pg_stat_database, which adds autovacuum's ANALYZE rewriting system catalogues; null on SQLite. */
  writesPerCheckDatabaseWide: number | null;
  writesMethod: string;
  /** The same from the rows each insert, update and delete statement reported (no triggers): a cross-check. */
  statementRowsWrittenPerCheck: number;
  /** Statements the app sent per check (transaction begin and commit not included), and by kind and table. */
  statementsPerCheck: number;
  statementsByKind: { statement: string; perCheck: number }[];
  /** Verdicts in link_checks at the end, and the checks' reasons in link_check_log. */
  verdicts: { ok: number; gone: number; unknown: number };
  reasons: Record<string, number>;
  expectedReasons: Record<string, number>;
  /** The checker's requests as this process handed them to undici, and the connections it opened. */
  sent: { requests: number; maxInFlight: number; connections: number; disconnects: Record<string, number>; gaps: GapStats };
  /** The machine's 1-minute load average when the run started and ended (other work shares the cores). */
  loadAverage: { before: number; after: number };
  /** How late each event loop ran: this process's during the run, the fake's since it started. */
  eventLoopDelay: { api: EventLoopDelay; fake: EventLoopDelay };
  fake: {
    requests: number;
    distinctLinks: number;
    /** Over every host. */
    maxInFlight: number;
    minStartGapMs: number | null;
    /** Every gap between two consecutive request starts at one host, as the fake stamped them. */
    startGaps: GapStats;
    /** The fake's own CPU time (its own process, not counted above). */
    cpuMs: number;
    hosts: FakeHostSummary[];
  };
  targetsMet: {
    /** scheduleCpuShare < targets.cpuShare. */
    cpu: boolean;
    /** fake.maxInFlight ≤ targets.maxInFlight. */
    hostConcurrency: boolean;
    /** sent.maxInFlight ≤ targets.maxInFlight: requests from send to the end (or abort) of their response, as this process saw them. */
    hostConcurrencyAsSent: boolean;
    /** fake.minStartGapMs ≥ targets.minStartGapMs. */
    hostDelay: boolean;
    /** sent.gaps.minMs ≥ targets.minStartGapMs: the gaps as this process sent the requests, before the fake's own scheduling. */
    hostDelayAsSent: boolean;
    /** fake.requests and fake.distinctLinks both equal links. */
    eachLinkOnce: boolean;
    /** Every link has the verdict its page calls for. */
    verdictsAsExpected: boolean;
  };
}

export interface LinkCheckBenchSummary {
  /** ISO 8601, when the run ended. */
  date: string;
  machine: BenchMachine;
  knobs: { links: number; hosts: number; latencyMs: [number, number]; hostConcurrency: number; hostDelayMs: number; idleSeconds: number };
  targets: {
    /** Share of one core, as a fraction. */
    cpuShare: number;
    scheduleLinks: number;
    schedulePeriodMs: number;
    maxInFlight: number;
    /** hostDelayMs less the jitter of connection set-up between the claim and the request reaching the store. */
    minStartGapMs: number;
  };
  databases: LinkCheckDatabaseSummary[];
}
