import type { IntervalHistogram } from 'node:perf_hooks';

/** How late a process's event loop ran its timers, in milliseconds. */
export interface EventLoopDelay {
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

/** A monitorEventLoopDelay histogram (nanoseconds) in milliseconds. */
export function eventLoopDelayOf(histogram: IntervalHistogram): EventLoopDelay {
  const ms = (ns: number) => Math.round(ns / 1e4) / 100;
  return { p50Ms: ms(histogram.percentile(50)), p99Ms: ms(histogram.percentile(99)), maxMs: ms(histogram.max) };
}
