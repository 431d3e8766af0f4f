import type { Kysely } from 'kysely';
import type { DialectName } from '../../db/connect.js';
import type { Database } from '../../db/schema.js';
import { today } from '../../db/sql-helpers.js';
import { lockUserRow } from '../../db/user-lock.js';
import { countVisitsOn, insertVisit } from './visit-repository.js';

/** Rolls back a visit that went past the profile's cap for the day. */
class OverDailyCap extends Error {}

/**
 * Counts a visit to a profile from a shared link: once per visitor per profile per UTC day, and at most `cap`
 * visits per profile per day. The row is written first and kept only if the day's rows, counted under the
 * owner's row lock, are still within the cap, so concurrent visits never pass it. True when counted.
 */
export async function countProfileVisit(db: Kysely<Database>, dialect: DialectName, ownerId: number, visitor: string, cap: number): Promise<boolean> {
  const day = today();
  try {
    return await db.transaction().execute(async (trx) => {
      if (!(await insertVisit(trx, ownerId, visitor, day))) return false;
      await lockUserRow(trx, dialect, ownerId);
      if ((await countVisitsOn(trx, ownerId, day)) > cap) throw new OverDailyCap();
      return true;
    });
  } catch (error) {
    if (error instanceof OverDailyCap) return false;
    throw error;
  }
}
