import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { nowIso } from '../../db/sql-helpers.js';

type Db = Kysely<Database>;

/** Stores a session's bearer token by its hash only, so a leaked table gives no usable tokens. */
export async function insertAccessToken(db: Db, userId: number, tokenHash: string, expiresAt: string): Promise<void> {
  await db.insertInto('access_tokens').values({ user_id: userId, token_hash: tokenHash, created_at: nowIso(), expires_at: expiresAt }).execute();
}

export async function revokeToken(db: Db, tokenHash: string): Promise<void> {
  await db.updateTable('access_tokens').set({ revoked_at: nowIso() }).where('token_hash', '=', tokenHash).where('revoked_at', 'is', null).execute();
}

/**
 * Ends every session of the user but the one of `keepTokenHash` (null: all of them): after a password change
 * whoever knew the old password keeps no access, and a suspended account none at all.
 */
export async function revokeOtherTokens(db: Db, userId: number, keepTokenHash: string | null): Promise<void> {
  let query = db.updateTable('access_tokens').set({ revoked_at: nowIso() }).where('user_id', '=', userId).where('revoked_at', 'is', null);
  if (keepTokenHash) query = query.where('token_hash', '!=', keepTokenHash);
  await query.execute();
}
