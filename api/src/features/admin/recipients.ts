import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Recipient } from './mails/product-mails.js';

/** Where and in which language to mail an account (undefined: it is gone). */
export async function recipientOf(db: Kysely<Database>, userId: number): Promise<Recipient | undefined> {
  return db.selectFrom('users').select(['email', 'name', 'language']).where('id', '=', userId).executeTakeFirst();
}
