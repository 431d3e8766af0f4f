import type { OwnUser, Role } from '@linkhunt/contracts/user';
import { useSession } from '@linkhunt/shared-ui/features/session/session-store.ts';
import { useHydrated } from '@linkhunt/shared-ui/features/ssr/use-hydrated.ts';

/**
 * Who may use the console, as far as the browser knows. `checking` on the server (which has no token) and until
 * the session check answers, so the browser's first render is the server's; the API still decides every call.
 */
export type AdminAccess =
  | { state: 'checking' }
  | { state: 'signed-out' }
  | { state: 'forbidden' }
  | { state: 'allowed'; user: OwnUser; isAdmin: boolean };

/** The roles the console is for. */
export const canModerate = (role: Role) => role === 'moderator' || role === 'admin';

export function useAdminAccess(): AdminAccess {
  const hydrated = useHydrated();
  const status = useSession((state) => state.status);
  const user = useSession((state) => state.user);
  if (!hydrated || status === 'pending') return { state: 'checking' };
  // An expired session keeps its user and the page: the shell asks them to sign in again over it.
  if (!user || status === 'unauthenticated') return { state: 'signed-out' };
  if (!canModerate(user.role)) return { state: 'forbidden' };
  return { state: 'allowed', user, isAdmin: user.role === 'admin' };
}
