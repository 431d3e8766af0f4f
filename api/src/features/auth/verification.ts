import type { App } from '../../app-types.js';
import type { MailAccount } from '../../db/recipients.js';
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

// Also imported from here by the admin command and test fixtures, which vouch for an address as its verification would.
export { markVerified } from './account-repository.js';
