import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/sql-helpers.js';
import { accountsNamedOrAt } from './account-repository.js';
import { type ApiText, text } from '../../i18n/api-text.js';

export type UniqueField = 'username' | 'email';

export const TAKEN_MESSAGES: Record<UniqueField, ApiText> = {
  username: text('auth.username_taken'),
  email: text('auth.email_taken'),
};

/** Emails are compared as typed addresses are meant: without surrounding spaces, in any case. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Which of the two identities already belong to someone; usernames are unique whatever their case. */
export async function takenFields(db: Kysely<Database>, username: string, email: string): Promise<UniqueField[]> {
  const rows = await accountsNamedOrAt(db, username, email);
  const taken: UniqueField[] = [];
  if (rows.some((r) => r.username.toLowerCase() === username.toLowerCase())) taken.push('username');
  if (rows.some((r) => r.email === email)) taken.push('email');
  return taken;
}

/** The field behind a unique-index violation on users, or null for any other error. */
export function uniqueFieldOf(error: unknown): UniqueField | null {
  if (!isUniqueViolation(error)) return null;
  const text = String((error as { message?: unknown; constraint?: unknown }).constraint ?? (error as Error).message ?? '');
  return /email/i.test(text) ? 'email' : 'username';
}
