import type { Kysely } from 'kysely';
import type { Database, MailTokenPurpose } from '../../db/schema.js';
import { nowIso, toIso } from '../../db/sql-helpers.js';
import { hashToken, newToken } from '../../plugins/auth.js';
import { findMailToken, hasNewerMailToken, insertMailToken } from './mail-token-repository.js';

type Db = Kysely<Database>;

/**
 * Whether a new token of the purpose makes the account's earlier ones useless. A verification link is resent
 * only at its signed-in owner's request, so only the newest works. A reset link is asked for by anyone who
 * types the address: if each request ended the earlier links, others could keep killing the owner's link, so
 * they all stay valid until they expire or one is used (endOtherMailTokens). How many can be live is bounded
 * by the reset mails an address receives an hour (mailLimits.forgotMailsPerAddress), each carrying one.
 */
const NEWEST_ONLY: Record<MailTokenPurpose, boolean> = { verify: true, reset: false };

/**
 * Issues a one-time token for a mailed link: 32 random bytes, of which only the SHA-256 is stored, so a
 * leaked table opens nothing. For a verification, the account's earlier ones become useless (see
 * checkMailToken); expired ones are dropped on the way.
 */
export async function issueMailToken(db: Db, userId: number, purpose: MailTokenPurpose, ttlMs: number): Promise<string> {
  const token = newToken();
  const now = new Date();
  await insertMailToken(db, { userId, purpose, tokenHash: hashToken(token), createdAt: now.toISOString(), expiresAt: new Date(now.getTime() + ttlMs).toISOString() });
  return token;
}

/** Why a token opens nothing: never issued (or mistyped), used, superseded by a newer mail, or too old. */
export type MailTokenProblem = 'unknown' | 'used' | 'replaced' | 'expired';

export type MailTokenCheck = { ok: true; id: number; userId: number } | { ok: false; problem: MailTokenProblem };

/**
 * Whether a token from a link still works. For a verification only the newest does: checked here rather
 * than by deleting the older rows, so that two mails asked for at the same moment cannot both stay valid,
 * and so that an old link can say why it no longer works.
 */
export async function checkMailToken(db: Db, token: string, purpose: MailTokenPurpose): Promise<MailTokenCheck> {
  const row = await findMailToken(db, hashToken(token), purpose);
  if (!row) return { ok: false, problem: 'unknown' };
  if (row.used_at !== null) return { ok: false, problem: 'used' };
  if (NEWEST_ONLY[purpose] && (await hasNewerMailToken(db, row, purpose))) return { ok: false, problem: 'replaced' };
  if (toIso(row.expires_at) <= nowIso()) return { ok: false, problem: 'expired' };
  return { ok: true, id: row.id, userId: row.user_id };
}
