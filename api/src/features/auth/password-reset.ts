import type { App } from '../../app-types.js';
import { accountLink } from './account-links.js';
import type { RunAfterResponse } from '../../http/after-response.js';
import { clientNetwork, hashedKey } from '../../http/limits/keys.js';
import { passwordChangedMail, type PasswordChange } from './mails/password-changed-mail.js';
import { passwordResetMail } from './mails/password-reset-mail.js';
import { issueMailToken, type MailTokenProblem } from './mail-tokens.js';
import type { MailAccount } from '../../db/recipients.js';
import { type ApiText, text } from '../../i18n/api-text.js';

const MINUTE_MS = 60 * 1000;

export const RESET_LINK_PROBLEMS: Record<MailTokenProblem, ApiText> = {
  unknown: text('auth.reset_link_unknown'),
  used: text('auth.reset_link_used'),
  replaced: text('auth.reset_link_replaced'),
  expired: text('auth.reset_link_expired'),
};


/**
 * Counter keys of POST /auth/forgot, hashed so a shared store holds no addresses in clear. The requests for an
 * address are counted per client (`clientAddress`): a count of the address alone let anyone put its owner on a
 * 429. The mails to the address are counted whoever asked (`mails`), which keeps its inbox from being flooded.
 */
export function forgotKeys(email: string, ip: string): { client: string; clientAddress: string; mails: string } {
  const client = clientNetwork(ip);
  return { client: hashedKey('forgot:client', client), clientAddress: hashedKey('forgot:client-address', `${client}\n${email}`), mails: hashedKey('forgot:mails', email) };
}

/** Issues a reset token and mails its link; all of it after the answer (see POST /auth/forgot). */
export function startPasswordReset(app: App, later: RunAfterResponse, account: MailAccount): void {
  const minutes = app.config.mailTokens.resetTtlMinutes;
  later('password reset mail', async () => {
    const token = await issueMailToken(app.db, account.id, 'reset', minutes * MINUTE_MS);
    const link = accountLink(app.config.siteUrl, account.language, 'reset-password', token);
    await app.mailer.send(passwordResetMail(account.email, account.language, { name: account.name, link, minutes }));
  });
}

/** Tells the owner their password changed, with the way back in should it not have been them. */
export function notifyPasswordChanged(app: App, later: RunAfterResponse, account: MailAccount, how: PasswordChange): void {
  const forgotLink = accountLink(app.config.siteUrl, account.language, 'forgot-password');
  const at = new Date();
  later('password changed mail', () => app.mailer.send(passwordChangedMail(account.email, account.language, { name: account.name, at, how, forgotLink })));
}
