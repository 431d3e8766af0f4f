import type { Kysely } from 'kysely';
import type { DialectName } from '../../db/connect.js';
import type { Database } from '../../db/schema.js';
import { DailyLimitReached, startOfUtcDay } from '../../http/daily-limit.js';
import { forbidden } from '../../http-errors.js';
import { lockUserRow } from '../../db/user-lock.js';
import { text } from '../../i18n/api-text.js';
import { countProductsOf } from './product-repository.js';

export interface UploadLimits {
  /** Products per user per UTC day (DAILY_UPLOAD_LIMIT). */
  daily: number;
  /** Products an unverified account may hold in all (UNVERIFIED_UPLOAD_LIMIT). */
  unverified: number;
}

/**
 * Refuses an upload past the user's limits, counted from the products table: 403 for an unverified account
 * that holds `unverified` products already, 429 (with Retry-After) past `daily` uploads this UTC day.
 * `pending` is 1 when the new product's row is already among those counted (inside its transaction).
 */
async function checkUploadLimits(db: Kysely<Database>, userId: number, verified: boolean, limits: UploadLimits, pending: 0 | 1): Promise<void> {
  if (!verified) {
    const n = await countProductsOf(db, userId);
    if (n - pending >= limits.unverified) {
      throw forbidden(text('limits.unverified_uploads', { count: limits.unverified }));
    }
  }
  const n = await countProductsOf(db, userId, startOfUtcDay());
  if (n - pending >= limits.daily) {
    throw new DailyLimitReached(text('limits.daily_uploads', { count: limits.daily }));
  }
}

/** Before the upload's work (reading the image): a cheap early refusal. */
export function checkUploadAllowed(db: Kysely<Database>, userId: number, verified: boolean, limits: UploadLimits): Promise<void> {
  return checkUploadLimits(db, userId, verified, limits, 0);
}

/**
 * Inside the product's transaction, after its row is written: the deciding check, under the user's row lock, so
 * that uploads sent at once cannot all pass the early check and together go past a limit (the throw rolls back).
 */
export async function checkUploadWithinLimits(trx: Kysely<Database>, dialect: DialectName, userId: number, limits: UploadLimits): Promise<void> {
  const user = await lockUserRow(trx, dialect, userId);
  await checkUploadLimits(trx, userId, user?.verified ?? false, limits, 1);
}
