import type { FastifyReply } from 'fastify';
import type { RateLimit } from '../../config.js';
import { HttpError } from '../../http-errors.js';
import type { CounterStore } from '../../plugins/counter-store.js';

export interface CountedHit {
  /** Hits of the key in its current window, this one included. */
  count: number;
  /** Whole seconds until the window closes (at least 1), for Retry-After. */
  retryAfter: number;
}

/**
 * Counts one hit of `key` in the shared counter store (Redis when configured), so that a limit a route keeps
 * itself holds across API instances like the route limits do.
 */
export async function countHit(store: CounterStore, key: string, limit: RateLimit): Promise<CountedHit> {
  const { count, resetAt } = await store.hit(key, limit.timeWindow);
  return { count, retryAfter: Math.max(1, Math.ceil((resetAt - Date.now()) / 1000)) };
}

/** "5 minutes", "1 minute": how long to wait, in the words of the API's messages. */
export function waitFor(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}

/** The 429 of such a limit, with Retry-After; `message` gets the wait in words. */
export function tooMany(reply: FastifyReply, retryAfter: number, message: (wait: string) => string): HttpError {
  void reply.header('retry-after', String(retryAfter));
  return new HttpError(429, message(waitFor(retryAfter)));
}
