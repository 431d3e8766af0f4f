import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../src/db/schema.js';

const MB = 1024 * 1024;

export interface MemoryPeaks {
  rssBeforeMb: number;
  peakRssMb: number;
  peakHeapUsedMb: number;
}

/** This process's resident memory and heap in use, sampled every `everyMs`; the peaks once stopped. */
export function sampleMemory(everyMs: number): { stop(): MemoryPeaks } {
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  const sample = () => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
  };
  const timer = setInterval(sample, everyMs);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return { rssBeforeMb: before.rss / MB, peakRssMb: peakRss / MB, peakHeapUsedMb: peakHeap / MB };
    },
  };
}

function clockTicksPerSecond(): number {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
}

/** utime + stime of a process in clock ticks, or null once it is gone. */
function cpuTicks(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may hold spaces: state is field 3, utime 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null;
  }
}

/** A PostgreSQL backend's process title names its database: a pid from another machine would not. */
function isLocalBackend(pid: number, database: string): boolean {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(` ${database} `);
  } catch {
    return false;
  }
}

/**
 * CPU time of the PostgreSQL backends serving the bench database (pg_stat_activity for their pids, /proc
 * for their times), when the server runs on this machine; null otherwise. A backend's time is counted from
 * the start or from its birth, whichever is later, up to its last reading: one that exits loses at most
 * `everyMs`. The server's shared processes (WAL writer, checkpointer, autovacuum) are not counted.
 */
export async function samplePostgresBackends(db: Kysely<Database>, everyMs: number): Promise<{ stop(): Promise<number | null> }> {
  const ticksPerSecond = clockTicksPerSecond();
  const listBackends = async () => {
    const { rows } = await sql<{ pid: number; database: string }>`
      select pid, datname as database from pg_stat_activity where datname = current_database()`.execute(db);
    return rows;
  };
  const first = await listBackends();
  const database = first[0]?.database ?? '';
  const local = first.length > 0 && first.every((b) => isLocalBackend(b.pid, database));
  if (!local) return { stop: async () => null };

  const baseline = new Map<number, number>();
  const latest = new Map<number, number>();
  for (const { pid } of first) {
    const ticks = cpuTicks(pid);
    if (ticks === null) continue;
    baseline.set(pid, ticks);
    latest.set(pid, ticks);
  }
  const readAll = () => {
    for (const pid of latest.keys()) {
      const ticks = cpuTicks(pid);
      if (ticks !== null) latest.set(pid, ticks);
    }
  };
  let listing: Promise<void> | null = null;
  let round = 0;
  const timer = setInterval(() => {
    readAll();
    // New pool connections are looked for every fourth sample; each is counted from its birth.
    if (++round % 4 !== 0 || listing) return;
    listing = listBackends()
      .then((rows) => {
        for (const { pid } of rows) {
          if (!latest.has(pid) && isLocalBackend(pid, database)) latest.set(pid, cpuTicks(pid) ?? 0);
        }
      })
      .catch(() => undefined)
      .finally(() => (listing = null));
  }, everyMs);
  return {
    async stop() {
      clearInterval(timer);
      await listing;
      readAll();
      let ticks = 0;
      for (const [pid, last] of latest) ticks += last - (baseline.get(pid) ?? 0);
      return (ticks / ticksPerSecond) * 1000;
    },
  };
}
