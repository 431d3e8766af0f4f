import { apiClient } from '@linkhunt/shared-ui/features/api/api-client.ts';
import { queryClient } from '@linkhunt/shared-ui/features/query/query-client.ts';
import { useSession } from '@linkhunt/shared-ui/features/session/session-store.ts';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** The query parameter of the link a user shares from their profile: `/{lang}/user/{username}?ref=share`. */
export const SHARE_PARAM = 'ref';
export const SHARE_VALUE = 'share';

/**
 * A visit through a shared profile link earns its owner points: POST /users/{username}/visit, once, in the
 * background (the page does not wait for it and a failure is ignored). The parameter is then taken out of the
 * address, replacing the history entry, so a reload or a copied address does not count again. The owner's
 * own visits are not sent (the API would not count them anyway).
 */
export function useShareVisit(username: string): void {
  const location = useLocation();
  const navigate = useNavigate();
  const ownUsername = useSession((state) => state.user?.username ?? null);
  // The history entry already counted: a re-run of the effect (Strict Mode, a new session) sends nothing more.
  const counted = useRef<string | null>(null);
  const { mutate: countVisit } = useMutation({ mutationFn: (owner: string) => apiClient.post(`/users/${encodeURIComponent(owner)}/visit`) }, queryClient());

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    if (params.get(SHARE_PARAM) !== SHARE_VALUE) return;
    if (counted.current !== location.key) {
      counted.current = location.key;
      const isOwner = ownUsername !== null && ownUsername.toLowerCase() === username.toLowerCase();
      if (!isOwner) countVisit(username);
    }
    params.delete(SHARE_PARAM);
    const search = params.toString();
    void navigate(
      { pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash },
      { replace: true, state: location.state, preventScrollReset: true },
    );
  }, [location.key, location.pathname, location.search, location.hash, location.state, username, ownUsername, navigate, countVisit]);
}
