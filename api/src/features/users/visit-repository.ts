import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { countAll } from '../../db/sql-helpers.js';

type Db = Kysely<Database>;

/** Records the visitor's visit to the profile on `day`; false when they had already visited it that day. */
export async function insertVisit(db: Db, ownerId: number, visitor: string, day: string): Promise<boolean> {
  const inserted = await db
    .insertInto('profile_visits')
    .values({ user_id: ownerId, visitor, day })
    .onConflict((oc) => oc.columns(['user_id', 'visitor', 'day']).doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** How many visits the profile has on `day`. */
export async function countVisitsOn(db: Db, ownerId: number, day: string): Promise<number> {
  const { n } = await db.selectFrom('profile_visits').select(countAll().as('n')).where('user_id', '=', ownerId).where('day', '=', day).executeTakeFirstOrThrow();
  return n;
}
