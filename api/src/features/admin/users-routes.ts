import { ModeratedUserPage, RoleRequest, SuspendRequest, UserActionResponse, UserQuery } from '@linkhunt/contracts/schemas/moderation';
import { IdParam, Message } from '@linkhunt/contracts/schemas/common';
import type { App } from '../../app-types.js';
import { notFound } from '../../http-errors.js';
import { sitePage } from '../../mail/site-page.js';
import { signedInUser } from '../../plugins/auth.js';
import { afterResponse } from '../../http/after-response.js';
import { accountRestoredMail, accountSuspendedMail } from './mails/account-mails.js';
import { findModeratedUser, pageOfModeratedUsers } from './account-repository.js';
import { recipientOf } from '../../db/recipients.js';
import { bearer, guarded } from './route-docs.js';
import { statementOf } from './statement.js';
import { changeRole, restoreUser, suspendUser } from './user-actions.js';
import { say } from '../../i18n/say.js';

const refused = { 404: Message, 409: Message };

/** Accounts: find them, suspend and restore them; admins also grant and remove the moderator role. */
export async function userModerationRoutes(app: App): Promise<void> {
  const later = afterResponse(app);

  const answer = async (id: number, message: string) => {
    const user = await findModeratedUser(app.db, id);
    if (!user) throw notFound('catalogue.user_not_found');
    return { message, results: { data: user } };
  };

  app.get(
    '/admin/users',
    {
      schema: {
        tags: ['admin'],
        operationId: 'listUsers',
        summary: 'Accounts, newest first: `q` matches part of a username, display name or e-mail address',
        description: 'For moderators and admins; `status` keeps the active or the suspended ones. Each account with its role, whether its address is verified, '
          + 'its suspension and its number of products.',
        querystring: UserQuery,
        security: bearer,
        response: { 200: ModeratedUserPage, ...guarded },
      },
    },
    async (request) => {
      const { data, pagination } = await pageOfModeratedUsers(app.db, request.query);
      return { results: { data, meta: { pagination } } };
    },
  );

  app.post(
    '/admin/users/:id/suspend',
    {
      schema: {
        tags: ['admin'],
        operationId: 'suspendUser',
        summary: 'Suspend an account: every session ends, sign-in is refused with the reason, its visible products are hidden',
        description:
          'The reason is mailed to the account. Moderators may suspend ordinary accounts, admins moderators too; an admin\'s account '
          + 'and one\'s own are refused (403). 409 when the account is already suspended.',
        params: IdParam,
        body: SuspendRequest,
        security: bearer,
        response: { 200: UserActionResponse, ...refused, ...guarded },
      },
    },
    async (request) => {
      const reason = statementOf(request.body.reason, 'reason');
      const id = request.params.id;
      await suspendUser(app.db, app.dialect, signedInUser(request), id, reason);
      later('suspension mail', async () => {
        const to = await recipientOf(app.db, id);
        if (to) await app.mailer.send(accountSuspendedMail(to, { reason, contactLink: sitePage(app.config.siteUrl, to.language, 'contact') }));
      });
      return answer(id, say(request, 'moderation.account_suspended').message);
    },
  );

  app.post(
    '/admin/users/:id/restore',
    {
      schema: {
        tags: ['admin'],
        operationId: 'restoreUser',
        summary: 'Lift a suspension: sign-in works again and the products the suspension hid are visible again',
        description: 'Products a moderator hid for their own reasons stay hidden. The same roles as for suspending. 409 when the account is not suspended.',
        params: IdParam,
        security: bearer,
        response: { 200: UserActionResponse, ...refused, ...guarded },
      },
    },
    async (request) => {
      const id = request.params.id;
      await restoreUser(app.db, app.dialect, signedInUser(request), id);
      later('restore mail', async () => {
        const to = await recipientOf(app.db, id);
        if (to) await app.mailer.send(accountRestoredMail(to, { signInLink: sitePage(app.config.siteUrl, to.language, 'auth') }));
      });
      return answer(id, say(request, 'moderation.account_restored').message);
    },
  );

  app.post(
    '/admin/users/:id/role',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        operationId: 'setUserRole',
        summary: 'Grant or remove the moderator role (admins only)',
        description: 'An admin cannot change their own role or another admin\'s (403). 409 when the account already has that role.',
        params: IdParam,
        body: RoleRequest,
        security: bearer,
        response: { 200: UserActionResponse, ...refused, ...guarded },
      },
    },
    async (request) => {
      const { role } = request.body;
      await changeRole(app.db, app.dialect, signedInUser(request), request.params.id, role);
      return answer(request.params.id, say(request, role === 'moderator' ? 'moderation.moderator_granted' : 'moderation.moderator_removed').message);
    },
  );
}
