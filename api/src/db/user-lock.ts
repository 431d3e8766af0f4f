import type { Kysely } from 'kysely';
import type { DialectName } from './connect.js';
import type { Database } from './schema.js';

/**
 * Takes the user's row lock for the rest of the transaction on PostgreSQL, so that a count of the user's rows
 * followed by a write is not raced by the same count in another transaction: the second waits, then (read
 * committed) counts the first one's row too. FOR NO KEY UPDATE does not block the inserts that merely refer to
 * the user. SQLite needs nothing: a transaction that has written holds the one write lock until it ends.
 * Answers whether the user's address is verified, as the row says at that moment (undefined: no such user).
 */
export async function lockUserRow(trx: Kysely<Database>, dialect: DialectName, userId: number): Promise<{ verified: boolean } | undefined> {
  const query = trx.selectFrom('users').select('email_verified_at').where('id', '=', userId);
  const row = await (dialect === 'postgres' ? query.forNoKeyUpdate() : query).executeTakeFirst();
  return row && { verified: row.email_verified_at !== null };
}
