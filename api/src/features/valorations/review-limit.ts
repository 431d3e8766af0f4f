import type { Kysely } from 'kysely';
import type { DialectName } from '../../db/connect.js';
import type { Database } from '../../db/schema.js';
import { DailyLimitReached, startOfUtcDay } from '../../http/daily-limit.js';
import { lockUserRow } from '../../db/user-lock.js';
import { text } from '../../i18n/api-text.js';
import { countReviewsSince } from './valoration-repository.js';

/**
 * Inside the transaction that has just written a user's first review of a product: refuses it (429 with
 * Retry-After, rolling the row back) when it is past `limit` first reviews this UTC day, counted from the
 * reviews' created_at under the user's row lock, so reviews sent at once cannot together pass the limit.
 */
export async function checkNewReviewWithinLimit(trx: Kysely<Database>, dialect: DialectName, userId: number, limit: number): Promise<void> {
  await lockUserRow(trx, dialect, userId);
  if ((await countReviewsSince(trx, userId, startOfUtcDay())) > limit) {
    throw new DailyLimitReached(text('limits.daily_reviews', { count: limit }));
  }
}
