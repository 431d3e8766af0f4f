import type { Kysely } from 'kysely';
import type { Database } from './schema.js';
import type { Recipient } from '../features/moderation/mails/product-mails.js';

/** Where and in which language to mail an account (undefined: it is gone). */
export async function recipientOf(db: Kysely<Database>, userId: number): Promise<Recipient | undefined> {
  return db.selectFrom('users').select(['email', 'name', 'language']).where('id', '=', userId).executeTakeFirst();
}
