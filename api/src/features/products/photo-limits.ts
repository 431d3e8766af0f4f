import type { Kysely } from 'kysely';
import type { DialectName } from '../../db/connect.js';
import type { Database } from '../../db/schema.js';
import { lockUserRow } from '../../db/user-lock.js';
import { DailyLimitReached, startOfUtcDay } from '../../http/daily-limit.js';
import { text } from '../../i18n/api-text.js';
import { countPhotosSince } from './product-photo-repository.js';

type Db = Kysely<Database>;

const limitReached = (limit: number) => new DailyLimitReached(text('limits.daily_photos', { count: limit }));

/** Before the photos are read and stored: a cheap early refusal when `adding` more would pass the day's `limit`. */
export async function checkPhotosAllowed(db: Db, userId: number, adding: number, limit: number): Promise<void> {
  if (adding > 0 && (await countPhotosSince(db, userId, startOfUtcDay())) + adding > limit) throw limitReached(limit);
}

/**
 * Inside the transaction that has just written the new photos' rows: the deciding count, under the user's row
 * lock, so that uploads sent at once cannot together pass the limit (the throw rolls the rows back).
 */
export async function checkPhotosWithinLimit(trx: Db, dialect: DialectName, userId: number, added: number, limit: number): Promise<void> {
  if (added === 0) return;
  await lockUserRow(trx, dialect, userId);
  if ((await countPhotosSince(trx, userId, startOfUtcDay())) > limit) throw limitReached(limit);
}
