import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { RateLimit } from '../../config.js';
import { HttpError } from '../../http-errors.js';
import type { CounterStore } from '../../plugins/counter-store.js';
import { type MessageCode, text, type TextValues } from '../../i18n/api-text.js';

export interface CountedHit {
  /** Hits of the key in its current window, this one included. */
  count: number;
  /** Whole seconds until the window closes (at least 1), for Retry-After. */
  retryAfter: number;
}

/** A counter's key for a value kept out of the store in clear (an address, a client's network): `prefix:<sha-256>`. */
export function hashedKey(prefix: string, value: string): string {
  return `${prefix}:${createHash('sha256').update(value).digest('base64url')}`;
}

/**
 * Counts one hit of `key` in the shared counter store (Redis when configured), so that a limit a route keeps
 * itself holds across API instances like the route limits do.
 */
export async function countHit(store: CounterStore, key: string, limit: RateLimit): Promise<CountedHit> {
  const { count, resetAt } = await store.hit(key, limit.timeWindow);
  return { count, retryAfter: Math.max(1, Math.ceil((resetAt - Date.now()) / 1000)) };
}

/** The 429 of such a limit, with Retry-After; `message` says the wait in whole minutes (its `count`). */
export function tooMany(reply: FastifyReply, retryAfter: number, message: MessageCode, values?: TextValues): HttpError {
  void reply.header('retry-after', String(retryAfter));
  return new HttpError(429, text(message, { ...values, count: Math.ceil(retryAfter / 60) }));
}
