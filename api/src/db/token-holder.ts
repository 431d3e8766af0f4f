import type { Kysely } from 'kysely';
import type { Database } from './schema.js';
import { nowIso } from './sql-helpers.js';

/** The account a live access token signs in (by the token's hash), or undefined. */
export function tokenHolder(db: Kysely<Database>, tokenHash: string) {
  return (
    db
      .selectFrom('access_tokens')
      .innerJoin('users', 'users.id', 'access_tokens.user_id')
      .select(['users.id', 'users.username', 'users.role', 'users.email_verified_at'])
      .where('access_tokens.token_hash', '=', tokenHash)
      // Suspending revokes every token; this keeps a suspended account out even if one were missed.
      .where('users.suspended_at', 'is', null)
      .where('access_tokens.revoked_at', 'is', null)
      .where('access_tokens.expires_at', '>', nowIso())
      .executeTakeFirst()
  );
}
