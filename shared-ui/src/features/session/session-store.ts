import type { OwnUser, TokenResponse } from '@linkhunt/contracts/user';
import type { CheckResponse } from '@linkhunt/contracts/with-products';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { apiClient } from '../api/api-client.ts';
import { globalSingleton } from '../runtime/global-singleton.ts';
import { readToken, writeToken } from './token-storage.ts';

/** Spec section 4: pending until the check at start answers, then authenticated or not. */
export type SessionStatus = 'pending' | 'authenticated' | 'unauthenticated';

export interface SessionState {
  status: SessionStatus;
  user: OwnUser | null;
  /** The token check: run once at start by the shell, and again to refresh the user (points after an upload). */
  check(): Promise<void>;
  /** After a successful login or registration. */
  signIn(response: TokenResponse): void;
  signOut(): Promise<void>;
}

export const sessionStore = globalSingleton('session', () =>
  createStore<SessionState>()((set) => {
    const signedOut = () => {
      writeToken(null);
      set({ status: 'unauthenticated', user: null });
    };
    return {
      status: 'pending',
      user: null,
      async check() {
        if (!readToken()) return signedOut();
        try {
          const { data } = await apiClient.get<CheckResponse>('/auth/check');
          set({ status: 'authenticated', user: data.user.data });
        } catch {
          signedOut();
        }
      },
      signIn(response) {
        writeToken(response.token.accessToken);
        set({ status: 'authenticated', user: response.user.data });
      },
      async signOut() {
        // Revoke the token on the server, but sign out here whatever it answers.
        await apiClient.post('/auth/logout').catch(() => undefined);
        signedOut();
      },
    };
  }),
);

export function useSession<T>(select: (state: SessionState) => T): T {
  return useStore(sessionStore, select);
}
