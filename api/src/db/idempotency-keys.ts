import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

type Db = Kysely<Database>;

/** An Idempotency-Key is one user's: two users may pick the same key. */
export interface UserKey {
  userId: number;
  key: string;
}

/** Drops every key created before `expiredBefore`, and this key if still held by a request that began before `leaseBefore` (ISO). */
export async function dropLapsedKeys(db: Db, { userId, key }: UserKey, expiredBefore: string, leaseBefore: string): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('created_at', '<', expiredBefore).execute();
  await db
    .deleteFrom('idempotency_keys')
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .where('status', 'is', null)
    .where('created_at', '<', leaseBefore)
    .execute();
}

/** Takes the key for the request holding `claim`; false when another request holds it or has answered it. */
export async function insertKeyClaim(db: Db, { userId, key }: UserKey, fingerprint: string, claim: string): Promise<boolean> {
  const inserted = await db
    .insertInto('idempotency_keys')
    .values({ user_id: userId, key, fingerprint, claim, status: null, response: null, created_at: new Date().toISOString() })
    .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}

export function findKey(db: Db, { userId, key }: UserKey) {
  return db.selectFrom('idempotency_keys').select(['fingerprint', 'status', 'response']).where('user_id', '=', userId).where('key', '=', key).executeTakeFirst();
}

/** Stores the answer of the request holding `claim`; false when it no longer holds the key. */
export async function storeKeyAnswer(trx: Db, { userId, key }: UserKey, claim: string, status: number, response: string): Promise<boolean> {
  const updated = await trx
    .updateTable('idempotency_keys')
    .set({ status, response })
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .where('claim', '=', claim)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

export async function releaseKeyClaim(db: Db, { userId, key }: UserKey, claim: string): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('user_id', '=', userId).where('key', '=', key).where('claim', '=', claim).execute();
}
