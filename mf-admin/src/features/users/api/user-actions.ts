import type { ModeratedUser, RoleRequest, SuspendRequest, UserActionResponse } from '@linkhunt/contracts/moderation';
import type { OwnUser } from '@linkhunt/contracts/user';
import { apiClient } from '@linkhunt/shared-ui/features/api/api-client.ts';

/** The moderator's calls on one user; each resolves with the user's record as it stands afterwards. */

/** The reads an action on a user changes: the users' pages, and the audit log that records it. */
export const USER_CHANGES = ['/admin/users', '/admin/audit'];

const userAction = async (id: number, path: string, body?: SuspendRequest | RoleRequest): Promise<ModeratedUser> =>
  (await apiClient.post<UserActionResponse>(`/admin/users/${id}/${path}`, body)).data.results.data;

export const suspendUser = (user: ModeratedUser, reason: string) => userAction(user.id, 'suspend', { reason });

/** Restore, and the moderator role granted or removed (admins only: the API refuses a moderator, 403). */
export type QuickAction = 'restore' | 'grant' | 'revoke';

export const actNow = (user: ModeratedUser, action: QuickAction) =>
  action === 'restore' ? userAction(user.id, 'restore') : userAction(user.id, 'role', { role: action === 'grant' ? 'moderator' : 'user' });

/** What a quick action makes of the user, shown before the API answers. */
export const foreseenAction = (user: ModeratedUser, action: QuickAction): ModeratedUser =>
  action === 'restore' ? { ...user, suspended_at: null, suspension_reason: null } : { ...user, role: action === 'grant' ? 'moderator' : 'user' };

/** What the signed-in moderator may do to a user. Admins are out of reach here, and so is oneself. */
export function userActions(target: ModeratedUser, me: Pick<OwnUser, 'id' | 'role'>) {
  const reachable = target.id !== me.id && target.role !== 'admin';
  const suspended = target.suspended_at !== null;
  return {
    suspend: reachable && !suspended,
    restore: reachable && suspended,
    grantModerator: reachable && me.role === 'admin' && target.role === 'user',
    revokeModerator: reachable && me.role === 'admin' && target.role === 'moderator',
  };
}
