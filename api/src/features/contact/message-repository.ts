import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { nowIso } from '../../db/sql-helpers.js';

export interface ContactMessage {
  email: string;
  subject: string;
  message: string;
  /** Lets the team spot one sender flooding the inbox without keeping an IP address. */
  visitor: string;
}

/** Stores a message for the site team to read. */
export async function insertContactMessage(db: Kysely<Database>, message: ContactMessage): Promise<void> {
  await db.insertInto('contact_messages').values({ ...message, created_at: nowIso() }).execute();
}
