import { CheckResponse, IncludeProductsQuery } from '@linkhunt/contracts/schemas/with-products';
import { LoginRequest, RegisterRequest, TokenResponse } from '@linkhunt/contracts/schemas/user';
import type { OwnUser } from '@linkhunt/contracts/user';
import { Message, ValidationError } from '@linkhunt/contracts/schemas/common';
import Type from 'typebox';
import type { App } from '../../app-types.js';
import { DEFAULT_MAIL_LANGUAGE } from '../../mail/localized.js';
import { forbidden, unauthorized, validationFailed } from '../../http-errors.js';
import type { FieldTexts } from '../../http-errors.js';
import { prohibitedFields, SERVER_OWNED_FIELDS } from '../../http/prohibited-fields.js';
import { pageOfProducts } from '../products/product-repository.js';
import { findOwnUser, productIdsOfUser } from '../users/user-repository.js';
import { accountMailRoutes } from './account-mail-routes.js';
import { findCredentials, insertAccount } from './account-repository.js';
import { revokeToken } from './access-token-repository.js';
import { afterResponse } from '../../http/after-response.js';
import { LoginThrottle, loginAttemptKey } from './login-throttle.js';
import { isCommonPassword, PASSWORD_TOO_COMMON } from './password-rules.js';
import { hashPassword, verifyNothing, verifyPassword } from './passwords.js';
import { profileRoutes } from './profile-routes.js';
import { suspendedMessage } from './suspension.js';
import { issueToken } from './tokens.js';
import { trimEmail } from './trim-email.js';
import { normaliseEmail, takenFields, TAKEN_MESSAGES, uniqueFieldOf } from './uniqueness.js';
import { startVerification } from './verification.js';
import { text } from '../../i18n/api-text.js';
import { say } from '../../i18n/say.js';

const BAD_CREDENTIALS = text('auth.credentials_mismatch');

/** The register body, refusing the fields only the server sets (an account's id, role and points among them). */
const RegisterBody = Type.Object({ ...RegisterRequest.properties, ...prohibitedFields(['id', ...SERVER_OWNED_FIELDS]) });

export async function authRoutes(app: App): Promise<void> {
  const { rateLimits } = app.config;
  const loginThrottle = new LoginThrottle(app.counters, app.config.loginFailures);
  const later = afterResponse(app);

  async function ownUser(id: number): Promise<OwnUser> {
    const user = await findOwnUser(app.db, id);
    // The token was valid a moment ago; the account can only be gone if it was deleted in between.
    if (!user) throw unauthorized('auth.invalid_token');
    return user;
  }

  app.post(
    '/auth/register',
    {
      // A new account shows only in listings (sitemap of users, top users).
      config: { rateLimit: rateLimits.register, privateAnswer: true, readCacheWrites: 'targeted' },
      preValidation: trimEmail,
      schema: {
        tags: ['auth'],
        operationId: 'register',
        summary: 'Create an account and sign in',
        description:
          'Mails a link to verify the address (in `language`, es when left out) to the site\'s /{lang}/verify-email page. ' +
          'Until it is verified the account\'s reviews give no points and its uploads are few.',
        body: RegisterBody,
        response: { 201: TokenResponse, 422: ValidationError, 429: Message },
      },
    },
    async (request, reply) => {
      const username = request.body.username;
      const email = normaliseEmail(request.body.email);
      const language = request.body.language ?? DEFAULT_MAIL_LANGUAGE;
      const errors: FieldTexts = {};
      for (const field of await takenFields(app.db, username, email)) errors[field] = [TAKEN_MESSAGES[field]];
      if (isCommonPassword(request.body.password)) errors.password = [PASSWORD_TOO_COMMON];
      if (Object.keys(errors).length > 0) throw validationFailed(errors);

      const passwordHash = await hashPassword(request.body.password);
      let id: number;
      try {
        id = await insertAccount(app.db, { username, email, passwordHash, language });
        app.readCache.invalidate({ listings: true });
      } catch (error) {
        // Two registrations racing for the same name: the unique index decides, the loser gets the same 422.
        const field = uniqueFieldOf(error);
        if (field) throw validationFailed({ [field]: [TAKEN_MESSAGES[field]] });
        throw error;
      }
      await startVerification(app, later, { id, email, name: username, language });
      const token = await issueToken(app.db, id, app.config.tokenTtlDays);
      return reply.status(201).send({ token: { accessToken: token, tokenType: 'Bearer' as const }, user: { data: await ownUser(id) } });
    },
  );

  app.post(
    '/auth/login',
    {
      // A sign-in changes no public answer.
      config: { rateLimit: rateLimits.login, privateAnswer: true, readCacheWrites: 'targeted' },
      schema: {
        tags: ['auth'],
        operationId: 'login',
        summary: 'Sign in with email and password',
        description:
          'Each sign-in issues a new token. After too many failed attempts for one account from one client (10 in 15 minutes by default), ' +
          'that client gets 429 with Retry-After for that account; other clients, the owner\'s among them, are not affected. ' +
          'A suspended account gets 403 with the reason, once the password is right.',
        body: LoginRequest,
        response: { 200: TokenResponse, 403: Message, 422: ValidationError, 429: Message },
      },
    },
    async (request, reply) => {
      const email = normaliseEmail(request.body.email);
      // Unknown emails are counted too, so a 429 says nothing about who has an account.
      const attemptKey = loginAttemptKey(email, request.ip);
      await loginThrottle.attempt(attemptKey, reply);
      const row = await findCredentials(app.db, email);
      const ok = row ? await verifyPassword(row.password_hash, request.body.password) : await verifyNothing(request.body.password);
      // One message for an unknown email and a wrong password, so the form does not reveal who has an account.
      if (!row || !ok) throw validationFailed({ email: [BAD_CREDENTIALS] }, BAD_CREDENTIALS);
      await loginThrottle.succeeded(attemptKey);
      if (row.suspended_at !== null) throw forbidden(suspendedMessage(row.suspension_reason));
      const token = await issueToken(app.db, row.id, app.config.tokenTtlDays);
      return { token: { accessToken: token, tokenType: 'Bearer' as const }, user: { data: await ownUser(row.id) } };
    },
  );

  app.get(
    '/auth/check',
    {
      schema: {
        tags: ['auth'],
        operationId: 'getCurrentUser',
        summary: 'The signed-in user (with ?include=products, their own products, hidden ones too)',
        description: 'How the site checks its session: 401 without a token as with an invalid or expired one. The products come 20 per page by default. Never cached.',
        security: [{ bearer: [] }],
        querystring: IncludeProductsQuery,
        response: { 200: CheckResponse, 401: Message, 422: ValidationError },
      },
    },
    async (request) => {
      // The session check of the site treats "no token" like a bad one (spec section 4).
      if (!request.user) throw unauthorized('auth.invalid_token');
      const user = await ownUser(request.user.id);
      if (request.query.include !== 'products') return { status: 'success' as const, user: { data: user } };
      const { data, pagination } = await pageOfProducts(app.db, productIdsOfUser(app.db, user.id, { hiddenToo: true }), request.query.page ?? 1, request.query.per_page ?? 20);
      return { status: 'success' as const, user: { data: { ...user, products: { data } }, meta: { pagination } } };
    },
  );

  app.post(
    '/auth/logout',
    {
      // Ending a session changes no public answer.
      config: { readCacheWrites: 'targeted' },
      preHandler: app.requireUser,
      schema: {
        tags: ['auth'],
        operationId: 'logout',
        summary: 'Revoke the token this request was sent with',
        description: 'Needs a token, which is refused (401) from then on. The account\'s other sessions stay signed in.',
        security: [{ bearer: [] }],
        response: { 200: Message, 401: Message },
      },
    },
    async (request) => {
      if (request.tokenHash) await revokeToken(app.db, request.tokenHash);
      return say(request, 'auth.logged_out');
    },
  );

  await app.register(profileRoutes);
  await app.register(accountMailRoutes);
}
