import type { OwnUser, TokenResponse } from '@linkhunt/contracts/user';
import type { CheckResponse } from '@linkhunt/contracts/with-products';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { apiClient, isApiError } from '../api/api-client.ts';
import { bus } from '../bus/event-bus.ts';
import { globalSingleton } from '../../lib/global-singleton.ts';
import { readToken, writeToken } from './token-storage.ts';

/**
 * Spec section 4: pending until the check at start answers, then authenticated or not. `expired`: the API
 * refused the session of a signed-in user mid-visit; the page stays as it is, with what they typed, while
 * they sign in again (the shell asks them to), so a draft is never thrown away by a redirect.
 */
export type SessionStatus = 'pending' | 'authenticated' | 'expired' | 'unauthenticated';

export interface SessionState {
  status: SessionStatus;
  /** Also kept while `expired`: whose session ended, so pages keep their per-user drafts and the shell knows who signs in. */
  user: OwnUser | null;
  /** The token check: run once at start by the shell, and again to refresh the user (points after an upload). */
  check(): Promise<void>;
  /** After a successful login or registration. */
  signIn(response: TokenResponse): void;
  signOut(): Promise<void>;
}

export const sessionStore = globalSingleton('session', () => {
  // The logout call of a token the API already dropped is answered 401 too; that is no session expiring.
  let signingOut = false;
  const store = createStore<SessionState>()((set, get) => {
    const signedOut = () => {
      writeToken(null);
      set({ status: 'unauthenticated', user: null });
    };
    return {
      status: 'pending',
      user: null,
      async check() {
        // Expired, the token is already gone: only signing in again (or out) ends that state.
        if (!readToken()) return get().status === 'expired' ? undefined : signedOut();
        try {
          const { data } = await apiClient.get<CheckResponse>('/auth/check');
          set({ status: 'authenticated', user: data.user.data });
        } catch (error) {
          // Refused mid-visit: the bus has already made it `expired`, which keeps the page and its drafts.
          if (get().status === 'expired') return;
          if (isApiError(error) && error.status === 401) return signedOut();
          // No verdict on the token (the API unreachable, slow or failing): keep it, so the next check, once
          // the API is back, signs the user in again. At start the site meanwhile works signed out.
          if (get().status === 'pending') set({ status: 'unauthenticated', user: null });
        }
      },
      signIn(response) {
        writeToken(response.token.accessToken);
        set({ status: 'authenticated', user: response.user.data });
      },
      async signOut() {
        signingOut = true;
        // Revoke the token on the server, but sign out here whatever it answers.
        await apiClient.post('/auth/logout').catch(() => undefined);
        signingOut = false;
        signedOut();
      },
    };
  });
  bus.subscribe('session:expired', () => {
    if (signingOut || store.getState().status !== 'authenticated') return;
    // The dead token goes at once: the calls made while signing in again go out without it.
    writeToken(null);
    store.setState({ status: 'expired' });
  });
  return store;
});

export function useSession<T>(select: (state: SessionState) => T): T {
  return useStore(sessionStore, select);
}
