import type { FastifyReply, FastifyRequest } from 'fastify';
import { today } from '../db/sql-helpers.js';
import { HttpError } from '../http-errors.js';
import type { ApiText } from '../i18n/api-text.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The first moment of the current UTC day, as the ISO text rows are dated with. */
export function startOfUtcDay(): string {
  return `${today()}T00:00:00.000Z`;
}

/** Whole seconds until the next UTC midnight, when every daily count starts again (at least 1). */
export function secondsUntilNextUtcDay(now = Date.now()): number {
  return Math.max(1, Math.ceil((Math.floor(now / DAY_MS) * DAY_MS + DAY_MS - now) / 1000));
}

/** A per-user daily limit was reached: 429, and Retry-After says when the day ends (see retryAfterOnDailyLimit). */
export class DailyLimitReached extends HttpError {
  readonly retryAfterSeconds = secondsUntilNextUtcDay();

  constructor(message: ApiText) {
    super(429, message);
  }
}

/** A route's onError hook: a DailyLimitReached answer carries Retry-After; the errors plugin writes the body. */
export async function retryAfterOnDailyLimit(_request: FastifyRequest, reply: FastifyReply, error: Error): Promise<void> {
  if (error instanceof DailyLimitReached) reply.header('retry-after', String(error.retryAfterSeconds));
}
