import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Migrations never import application code: they must keep working as the app changes.
// `Kysely<any>` is the documented type for migrations, which run against every past schema.

/* eslint-disable @typescript-eslint/no-explicit-any */
function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * Reviews count in ratings only once their author's address is verified (issue 25): verifying (the mailed
 * link, a password reset, an operator vouching) changes what GET /products' in-memory index holds, so a
 * change of users.email_verified_at bumps the index's version like the writes of migration 004 do, whoever
 * makes it. Nothing is stored per product: ratings are read from the reviews, so there is nothing else to
 * recompute.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`create trigger users_listing_index after update of email_verified_at on users
      for each statement execute function listing_index_touch()`.execute(db);
  } else {
    await sql`create trigger users_listing_index_update after update of email_verified_at on users
      begin update listing_index_state set version = version + 1 where id = 1; end`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) await sql`drop trigger if exists users_listing_index on users`.execute(db);
  else await sql`drop trigger if exists users_listing_index_update`.execute(db);
}
