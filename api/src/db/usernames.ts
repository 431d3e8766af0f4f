import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from './schema.js';

/**
 * `users.username` is this username, in any case: usernames are unique whatever their case. Written as the
 * unique index's expression (`lower(username)`), so that the index serves it.
 */
export function usernameIs(username: string): RawBuilder<boolean> {
  return sql<boolean>`lower(users.username) = ${username.toLowerCase()}`;
}

/** The id of the user with this username, in any case; null: nobody has it. */
export async function findUserIdByUsername(db: Kysely<Database>, username: string): Promise<number | null> {
  const row = await db.selectFrom('users').select('users.id').where(usernameIs(username)).executeTakeFirst();
  return row?.id ?? null;
}
