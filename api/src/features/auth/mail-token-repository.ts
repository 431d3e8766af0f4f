import type { Kysely } from 'kysely';
import type { Database, MailTokenPurpose } from '../../db/schema.js';
import { nowIso } from '../../db/sql-helpers.js';

type Db = Kysely<Database>;

export interface NewMailToken {
  userId: number;
  purpose: MailTokenPurpose;
  tokenHash: string;
  createdAt: string;
  expiresAt: string;
}

/** Stores a mailed link's token by its hash, dropping the account's tokens of the purpose that have expired by its creation. */
export async function insertMailToken(db: Db, token: NewMailToken): Promise<void> {
  await db.deleteFrom('mail_tokens').where('user_id', '=', token.userId).where('purpose', '=', token.purpose).where('expires_at', '<=', token.createdAt).execute();
  await db
    .insertInto('mail_tokens')
    .values({ user_id: token.userId, purpose: token.purpose, token_hash: token.tokenHash, created_at: token.createdAt, expires_at: token.expiresAt })
    .execute();
}

export async function findMailToken(db: Db, tokenHash: string, purpose: MailTokenPurpose) {
  return db
    .selectFrom('mail_tokens')
    .select(['id', 'user_id', 'used_at', 'expires_at'])
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .executeTakeFirst();
}

/** Whether the account was sent a token of the purpose after this one. */
export async function hasNewerMailToken(db: Db, token: { id: number; user_id: number }, purpose: MailTokenPurpose): Promise<boolean> {
  const newer = await db
    .selectFrom('mail_tokens')
    .select('id')
    .where('user_id', '=', token.user_id)
    .where('purpose', '=', purpose)
    .where('id', '>', token.id)
    .executeTakeFirst();
  return newer !== undefined;
}

/**
 * Marks a checked token used, in the transaction that acts on it. False when another request used it in the
 * meantime (or it expired in between): one statement decides, so a link works once even when opened twice at once.
 */
export async function useMailToken(db: Db, id: number): Promise<boolean> {
  const now = nowIso();
  const used = await db
    .updateTable('mail_tokens')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('id')
    .executeTakeFirst();
  return used !== undefined;
}

/**
 * Ends the account's other unused tokens of the purpose, in the transaction that used one: once the password
 * is changed with one reset link, the others in the inbox must not change it again. They then say "used".
 */
export async function endOtherMailTokens(db: Db, userId: number, purpose: MailTokenPurpose): Promise<void> {
  await db.updateTable('mail_tokens').set({ used_at: nowIso() }).where('user_id', '=', userId).where('purpose', '=', purpose).where('used_at', 'is', null).execute();
}
