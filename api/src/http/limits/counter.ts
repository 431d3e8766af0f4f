import type { Redis } from 'ioredis';
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';
import type { RateLimit } from '../../config.js';

/** Where a key stands after a hit. */
export interface CountedHit {
  /** Hits of the key in its current window, this one included. */
  count: number;
  /** Whole seconds until the window closes (at least 1), for Retry-After. */
  retryAfter: number;
}

/**
 * Hits per key in fixed windows, each opened by the key's first hit and as long as the limit it is counted
 * for, kept by rate-limiter-flexible: in this process's memory, or in Redis for every API instance alike. The
 * hit is counted whatever the limit (`penalty`, not `consume`): the caller decides what a count means (a 429,
 * a signed-out session, a mail left unsent).
 */
export class Counter {
  constructor(
    private readonly limiter: RateLimiterAbstract,
    /** The memory that stands in while Redis fails: a reset clears it too (see reset). */
    private readonly insurance?: RateLimiterMemory,
  ) {}

  /** Rejects only when the store fails and nothing stands in for it. */
  async hit(key: string, limit: RateLimit): Promise<CountedHit> {
    const res = await this.limiter.penalty(key, 1, { customDuration: Math.ceil(limit.timeWindow / 1000) });
    return { count: res.consumedPoints, retryAfter: Math.max(1, Math.ceil(res.msBeforeNext / 1000)) };
  }

  /** Starts the key afresh; in memory too, so a count made there during an outage does not outlive the success that cleared it. */
  async reset(key: string): Promise<void> {
    await Promise.all([this.limiter.delete(key), this.insurance?.delete(key)]);
  }
}

/** Every hit passes its own window (customDuration) and no limit is consumed against, so these are never used. */
const UNUSED = { points: 1, duration: 60 };

/**
 * The API's two counters. `counters`, for the limits a route keeps itself, goes on in this instance's memory
 * while Redis fails, so an outage weakens such a limit to per-instance instead of lifting it (the failed-sign-in
 * limit guards passwords). `routes`, for the per-route limits, fails with Redis instead, so those are lifted.
 * Keys: `<prefix>counter:<key>` and `<prefix>rl:<key>`.
 */
export function createCounters(redis: Redis | null, prefix: string): { counters: Counter; routes: Counter } {
  if (!redis) return { counters: new Counter(new RateLimiterMemory(UNUSED)), routes: new Counter(new RateLimiterMemory(UNUSED)) };
  const inRedis = (name: string, insuranceLimiter?: RateLimiterMemory) =>
    // Not ready (down, reconnecting): fail at once rather than send.
    new RateLimiterRedis({ ...UNUSED, storeClient: redis, keyPrefix: `${prefix}${name}`, rejectIfRedisNotReady: true, insuranceLimiter });
  const insurance = new RateLimiterMemory(UNUSED);
  return { counters: new Counter(inRedis('counter', insurance), insurance), routes: new Counter(inRedis('rl')) };
}
