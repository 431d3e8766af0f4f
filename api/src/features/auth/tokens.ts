import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { nowIso } from '../../db/sql-helpers.js';
import { hashToken, newToken } from '../../plugins/auth.js';

type Db = Kysely<Database>;

const DAY_MS = 24 * 60 * 60 * 1000;

/** A new bearer token for the user; only its hash is stored, so a leaked table gives no usable tokens. */
export async function issueToken(db: Db, userId: number, ttlDays: number): Promise<string> {
  const token = newToken();
  await db
    .insertInto('access_tokens')
    .values({ user_id: userId, token_hash: hashToken(token), created_at: nowIso(), expires_at: new Date(Date.now() + ttlDays * DAY_MS).toISOString() })
    .execute();
  return token;
}

export async function revokeToken(db: Db, tokenHash: string): Promise<void> {
  await db.updateTable('access_tokens').set({ revoked_at: nowIso() }).where('token_hash', '=', tokenHash).where('revoked_at', 'is', null).execute();
}

/** After a password change every other session ends: whoever knew the old password keeps no access. */
export async function revokeOtherTokens(db: Db, userId: number, keepTokenHash: string | null): Promise<void> {
  let query = db.updateTable('access_tokens').set({ revoked_at: nowIso() }).where('user_id', '=', userId).where('revoked_at', 'is', null);
  if (keepTokenHash) query = query.where('token_hash', '!=', keepTokenHash);
  await query.execute();
}
