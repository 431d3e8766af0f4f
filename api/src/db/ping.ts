import { type Kysely, sql } from 'kysely';
import type { Database } from './schema.js';

/** The cheapest statement that proves the database answers (GET /ready); throws when it does not. */
export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}
