import type { Kysely } from 'kysely';
import type { Database } from './schema.js';
import type { Recipient } from '../features/moderation/mails/product-mails.js';

/** An account as mail reaches it: its address, the name mail greets, and the site language mail is written in. */
export interface MailAccount extends Recipient {
  id: number;
}

/** Where and in which language to mail an account, by its id or its (normalised) address; undefined: no such account. */
export async function recipientOf(db: Kysely<Database>, account: number | { email: string }): Promise<MailAccount | undefined> {
  const query = db.selectFrom('users').select(['id', 'email', 'name', 'language']);
  return (typeof account === 'number' ? query.where('id', '=', account) : query.where('email', '=', account.email)).executeTakeFirst();
}
