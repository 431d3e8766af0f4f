import type { Kysely } from 'kysely';
import type { App } from '../../app-types.js';
import type { Database } from '../../db/schema.js';
import { nowIso } from '../../db/sql-helpers.js';
import { accountLink } from './account-links.js';
import type { RunAfterResponse } from '../../http/after-response.js';
import { verificationMail } from './mails/verification-mail.js';
import { issueMailToken, type MailTokenProblem } from './mail-tokens.js';
import { type ApiText, text } from '../../i18n/api-text.js';

const HOUR_MS = 60 * 60 * 1000;

export const VERIFY_LINK_PROBLEMS: Record<MailTokenProblem, ApiText> = {
  unknown: text('auth.verify_link_unknown'),
  used: text('auth.verify_link_used'),
  replaced: text('auth.verify_link_replaced'),
  expired: text('auth.verify_link_expired'),
};

export const ALREADY_VERIFIED = 'auth.already_verified';

export interface MailAccount {
  id: number;
  email: string;
  name: string;
  language: string;
}

export async function findMailAccount(db: Kysely<Database>, id: number): Promise<MailAccount | undefined> {
  return db.selectFrom('users').select(['id', 'email', 'name', 'language']).where('id', '=', id).executeTakeFirst();
}

/**
 * Issues a verification token now (so that earlier links stop working before the answer) and mails the link
 * after the answer.
 */
export async function startVerification(app: App, later: RunAfterResponse, account: MailAccount): Promise<void> {
  const hours = app.config.mailTokens.verifyTtlHours;
  const token = await issueMailToken(app.db, account.id, 'verify', hours * HOUR_MS);
  const link = accountLink(app.config.siteUrl, account.language, 'verify-email', token);
  later('verification mail', () => app.mailer.send(verificationMail(account.email, account.language, { name: account.name, link, hours })));
}

/**
 * Marks an address verified (kept as it was when it already is). Also for accounts an operator vouches for:
 * the demo accounts and those `admin:create` makes. From then on the account's reviews count in ratings:
 * ratings are read from the reviews (product-repository.ts, countedValorations), and the change moves the
 * listing index's version (migration 010), so sort=rating and min_rating follow at once, whichever of the
 * three ways (this, POST /auth/verify, a password reset) verified the address.
 */
export async function markVerified(db: Kysely<Database>, userId: number): Promise<void> {
  await db.updateTable('users').set({ email_verified_at: nowIso() }).where('id', '=', userId).where('email_verified_at', 'is', null).execute();
}
