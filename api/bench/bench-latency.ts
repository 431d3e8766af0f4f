import type { LatencySummary } from './bench-summary.js';

/** Appends a parameter no route reads, so the read cache (keyed by URL) never has the answer. */
export const missing = (path: string, id: string) => `${path}${path.includes('?') ? '&' : '?'}bench_miss=${id}`;

export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/** Rounded so the JSON reads like the printed tables. */
export const round = (n: number, digits = 2) => Number(n.toFixed(digits));

export function latencySummary(sorted: readonly number[]): LatencySummary {
  return { p50Ms: round(percentile(sorted, 50)), p95Ms: round(percentile(sorted, 95)), p99Ms: round(percentile(sorted, 99)), samples: sorted.length };
}

export const ms = (n: number) => n.toFixed(n < 10 ? 2 : 1);
export const count = (n: number) => n.toLocaleString('en');

export function table(headers: string[], rows: (string | number)[][]): string {
  const cells = [headers, ...rows.map((r) => r.map(String))];
  const widths = headers.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
  return [line(headers), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.slice(1).map(line)].join('\n');
}

let missId = 0;

/** What a sequential run gives back per path: its sorted times and the size of its (last) answer. */
export interface PathLatency {
  times: number[];
  /** pagination.total of the answer when it has one, else the length of its data. */
  total: number;
}

export interface SequentialOptions {
  /** Rounds over every path, unless the budget runs out first. */
  rounds: number;
  budgetMs: number;
  /** Keep going past the budget until this many requests are measured, so a p95 never rests on a handful. */
  minSamples?: number;
}

/**
 * One request at a time, so the figure is the time a request takes, not the time it waits in a queue.
 * Every request misses the read cache.
 */
export async function sequentialLatency(baseUrl: string, paths: readonly string[], options: SequentialOptions): Promise<{ all: number[]; byPath: Map<string, PathLatency> }> {
  const byPath = new Map<string, PathLatency>();
  const get = async (path: string) => {
    const started = performance.now();
    const res = await fetch(baseUrl + missing(path, String(++missId)));
    const body = (await res.json()) as { results?: { data?: unknown[]; meta?: { pagination?: { total: number } } } };
    if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
    return { elapsed: performance.now() - started, total: body.results?.meta?.pagination?.total ?? body.results?.data?.length ?? 0 };
  };
  for (const path of paths) await get(path); // warm-up
  const deadline = performance.now() + options.budgetMs;
  const minSamples = options.minSamples ?? 0;
  let samples = 0;
  // A slow endpoint gets fewer samples rather than an endless run.
  for (let round = 0; round < options.rounds && (round === 0 || performance.now() < deadline || samples < minSamples); round++) {
    for (const path of paths) {
      const { elapsed, total } = await get(path);
      const entry = byPath.get(path) ?? { times: [], total };
      entry.times.push(elapsed);
      byPath.set(path, entry);
      samples++;
    }
  }
  for (const e of byPath.values()) e.times.sort((a, b) => a - b);
  return { all: [...byPath.values()].flatMap((e) => e.times).sort((a, b) => a - b), byPath };
}
