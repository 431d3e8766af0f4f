import { Message, ValidationError } from '@linkhunt/contracts/schemas/common';
import { ForgotRequest, ResetRequest, VerifyRequest, VerifyResponse } from '@linkhunt/contracts/schemas/user';
import type { App } from '../../app-types.js';
import { recipientOf } from '../../db/recipients.js';
import { HttpError, validationFailed } from '../../http-errors.js';
import type { FieldTexts } from '../../http-errors.js';
import { signedInUser } from '../../plugins/auth.js';
import { findOwnUser } from '../users/user-repository.js';
import { afterResponse } from '../../http/after-response.js';
import { tooMany } from '../../http/limits/too-many.js';
import { revokeOtherTokens } from './access-token-repository.js';
import { markVerified, updateAccount } from './account-repository.js';
import { forgetCurrentPasswordGuesses } from './current-password-guard.js';
import { endOtherMailTokens, useMailToken } from './mail-token-repository.js';
import { checkMailToken } from './mail-tokens.js';
import { isCommonPassword, PASSWORD_TOO_COMMON } from './password-rules.js';
import { forgotKeys, notifyPasswordChanged, RESET_LINK_PROBLEMS, startPasswordReset } from './password-reset.js';
import { hashPassword } from './passwords.js';
import { trimEmail } from './trim-email.js';
import { normaliseEmail } from './uniqueness.js';
import { ALREADY_VERIFIED, startVerification, VERIFY_LINK_PROBLEMS } from './verification.js';
import { say } from '../../i18n/say.js';

const bearer = [{ bearer: [] }];

/** Verifying the address and resetting a forgotten password: the routes behind the mailed links. */
export async function accountMailRoutes(app: App): Promise<void> {
  const later = afterResponse(app);
  const { mailLimits, mailTokens } = app.config;

  app.post(
    '/auth/verify',
    {
      config: { privateAnswer: true },
      schema: {
        tags: ['auth'],
        operationId: 'verifyEmail',
        summary: 'Verify the email address with the token from the verification mail',
        description: 'No sign-in needed (the link may be opened on another device). A token works once, and only the latest one sent.',
        body: VerifyRequest,
        response: { 200: VerifyResponse, 422: ValidationError },
      },
    },
    async (request) => {
      const check = await checkMailToken(app.db, request.body.token, 'verify');
      if (!check.ok) throw validationFailed({ token: [VERIFY_LINK_PROBLEMS[check.problem]] });
      const used = await app.db.transaction().execute(async (trx) => {
        if (!(await useMailToken(trx, check.id))) return false;
        await markVerified(trx, check.userId);
        return true;
      });
      if (!used) throw validationFailed({ token: [VERIFY_LINK_PROBLEMS.used] });
      const user = await findOwnUser(app.db, check.userId);
      if (!user) throw validationFailed({ token: [VERIFY_LINK_PROBLEMS.unknown] });
      return { ...say(request, 'auth.email_verified'), user: { data: user } };
    },
  );

  app.post(
    '/auth/verify/resend',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['auth'],
        operationId: 'resendVerificationEmail',
        summary: 'Send the verification mail again (earlier links stop working)',
        description: `At most ${mailLimits.verifyResend.max} times an hour per account (then 429 with Retry-After); 409 when the address is already verified.`,
        security: bearer,
        response: { 200: Message, 401: Message, 409: Message, 429: Message },
      },
    },
    async (request, reply) => {
      const { id, verified } = signedInUser(request);
      if (verified) throw new HttpError(409, ALREADY_VERIFIED);
      const { count, retryAfter } = await app.counters.hit(`verify-resend:${id}`, mailLimits.verifyResend);
      if (count > mailLimits.verifyResend.max) {
        throw tooMany(reply, retryAfter, 'limits.verify_resend', { max: mailLimits.verifyResend.max });
      }
      const account = await recipientOf(app.db, id);
      if (!account) throw new HttpError(401, 'auth.invalid_token');
      await startVerification(app, later, account);
      return say(request, 'auth.verification_sent', { email: account.email });
    },
  );

  app.post(
    '/auth/forgot',
    {
      preValidation: trimEmail,
      schema: {
        tags: ['auth'],
        operationId: 'requestPasswordReset',
        summary: 'Mail a link to choose a new password',
        description:
          'The same answer whether or not an account uses the address, in the same time (the token and the mail are made after the answer). ' +
          `Per client at most ${mailLimits.forgotPerClient.max} requests an hour, and ${mailLimits.forgotPerAddress.max} for one address, then 429 with Retry-After ` +
          '(counted for unknown addresses too, so a 429 reveals nothing; another client asking for an address never refuses its owner). ' +
          `One address receives at most ${mailLimits.forgotMailsPerAddress.max} reset mails an hour, whoever asks; past that the answer is the same and no mail goes out. ` +
          'Earlier links stay valid until they expire or one of them is used. The mail is written in the account\'s own language, ' +
          'whatever `language` the page sends.',
        body: ForgotRequest,
        response: { 200: Message, 422: ValidationError, 429: Message },
      },
    },
    async (request, reply) => {
      const email = normaliseEmail(request.body.email);
      const keys = forgotKeys(email, request.ip);
      const perClient = await app.counters.hit(keys.client, mailLimits.forgotPerClient);
      if (perClient.count > mailLimits.forgotPerClient.max) {
        throw tooMany(reply, perClient.retryAfter, 'limits.reset_requests');
      }
      const perAddress = await app.counters.hit(keys.clientAddress, mailLimits.forgotPerAddress);
      if (perAddress.count > mailLimits.forgotPerAddress.max) {
        throw tooMany(reply, perAddress.retryAfter, 'limits.reset_requests_address');
      }
      // Counted for unknown addresses too, and answered alike past the cap: the owner is never refused, and
      // the links already in their inbox stay valid (mail-tokens.ts), so a flood of requests only costs them mails.
      const mails = await app.counters.hit(keys.mails, mailLimits.forgotMailsPerAddress);
      if (mails.count <= mailLimits.forgotMailsPerAddress.max) {
        const account = await recipientOf(app.db, { email });
        if (account) startPasswordReset(app, later, account);
      }
      return say(request, 'auth.reset_link_sent', { count: mailTokens.resetTtlMinutes });
    },
  );

  app.post(
    '/auth/reset',
    {
      schema: {
        tags: ['auth'],
        operationId: 'resetPassword',
        summary: 'Choose a new password with the token from the reset mail; every session ends',
        description:
          'The token works once, for a limited time; using it ends the account\'s other reset links. The password follows the registration rules. ' +
          'The address counts as verified afterwards (the mail reached it). A suspended account still cannot sign in.',
        body: ResetRequest,
        response: { 200: Message, 422: ValidationError },
      },
    },
    async (request) => {
      const check = await checkMailToken(app.db, request.body.token, 'reset');
      const errors: FieldTexts = {};
      if (!check.ok) errors.token = [RESET_LINK_PROBLEMS[check.problem]];
      if (isCommonPassword(request.body.password)) errors.password = [PASSWORD_TOO_COMMON];
      if (!check.ok || Object.keys(errors).length > 0) throw validationFailed(errors);

      // Hashed before the transaction: argon2 takes a while, and the token is claimed only once it is done.
      const passwordHash = await hashPassword(request.body.password);
      const used = await app.db.transaction().execute(async (trx) => {
        if (!(await useMailToken(trx, check.id))) return false;
        await endOtherMailTokens(trx, check.userId, 'reset');
        await updateAccount(trx, check.userId, { password_hash: passwordHash });
        await markVerified(trx, check.userId);
        await revokeOtherTokens(trx, check.userId, null);
        return true;
      });
      if (!used) throw validationFailed({ token: [RESET_LINK_PROBLEMS.used] });

      await forgetCurrentPasswordGuesses(app.counters, check.userId);
      const account = await recipientOf(app.db, check.userId);
      if (account) notifyPasswordChanged(app, later, account, 'reset');
      return say(request, 'auth.password_reset_done');
    },
  );
}
