import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { hashToken, newToken } from '../../plugins/auth.js';
import { insertAccessToken } from './access-token-repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A new bearer token for the user, valid for `ttlDays`. */
export async function issueToken(db: Kysely<Database>, userId: number, ttlDays: number): Promise<string> {
  const token = newToken();
  await insertAccessToken(db, userId, hashToken(token), new Date(Date.now() + ttlDays * DAY_MS).toISOString());
  return token;
}
