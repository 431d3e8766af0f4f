import type { FastifyReply } from 'fastify';
import { HttpError } from '../../http-errors.js';
import { type MessageCode, text, type TextValues } from '../../i18n/api-text.js';

/** The 429 of a limit a route keeps itself, with Retry-After; `message` says the wait in whole minutes (its `count`). */
export function tooMany(reply: FastifyReply, retryAfter: number, message: MessageCode, values?: TextValues): HttpError {
  void reply.header('retry-after', String(retryAfter));
  return new HttpError(429, text(message, { ...values, count: Math.ceil(retryAfter / 60) }));
}

/** The 429 of a per-route (or per-minute) limit, with Retry-After; the message says the wait in seconds. */
export function tooManyRequests(reply: FastifyReply, retryAfter: number): HttpError {
  void reply.header('retry-after', String(retryAfter));
  return new HttpError(429, text('limits.too_many_requests', { count: retryAfter }));
}
