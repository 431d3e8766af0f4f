import { type BuyingAgent, isBuyingAgent, PREFERRED_AGENT_STORAGE_KEY } from '@linkhunt/contracts/agents';
import type { OwnUser, ProfileResponse } from '@linkhunt/contracts/user';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { globalSingleton } from '../../lib/global-singleton.ts';
import { apiClient, isApiError } from '../api/api-client.ts';
import { errorMessage } from '../api/error-message.ts';
import { i18n } from '../i18n/i18n.ts';
import { type SessionState, sessionStore } from '../session/session-store.ts';
import { toast } from '../toasts/toast-store.ts';

export interface PreferredAgentState {
  /** The visitor's buying agent: the browser's record, or the signed-in account's once the session is known. */
  agent: BuyingAgent | null;
}

// Storage can throw (private mode, disabled storage): the choice then lasts as long as the page.
function readStoredAgent(): BuyingAgent | null {
  try {
    const value = localStorage.getItem(PREFERRED_AGENT_STORAGE_KEY);
    return isBuyingAgent(value) ? value : null;
  } catch {
    return null;
  }
}

function writeStoredAgent(agent: BuyingAgent | null): void {
  try {
    if (agent) localStorage.setItem(PREFERRED_AGENT_STORAGE_KEY, agent);
    else localStorage.removeItem(PREFERRED_AGENT_STORAGE_KEY);
  } catch {
    /* see readStoredAgent */
  }
}

/** The account's choice as the API gave it; undefined from an API older than the field, which then decides nothing. */
function accountAgent(user: OwnUser): BuyingAgent | null | undefined {
  const value = (user as { preferred_agent?: unknown }).preferred_agent;
  if (value === undefined) return undefined;
  return isBuyingAgent(value) ? value : null;
}

interface Saver {
  /** Saves `agent` as the signed-in account's choice; rejects with the API's error. */
  save(agent: BuyingAgent | null): Promise<void>;
  /** Whether a save is under way: the session's user then changes because of it, not because of another page. */
  busy(): boolean;
}

/** POST /auth/update with only `preferred_agent`; the account's record it answers becomes the session's user. */
function createSaver(): Saver {
  let latest = 0;
  let pending = 0;
  return {
    async save(agent) {
      const call = ++latest;
      pending++;
      try {
        const body = new FormData();
        body.append('preferred_agent', agent ?? '');
        const { data } = await apiClient.post<ProfileResponse>('/auth/update', body);
        const saved = data.user.data;
        // Two choices in a row: only the last one's answer says what the account holds now.
        if (call === latest && sessionStore.getState().user?.id === saved.id) sessionStore.setState({ user: saved });
      } finally {
        pending--;
      }
    },
    busy: () => pending > 0,
  };
}

/**
 * The browser side of the preference: what localStorage holds, kept in step with the signed-in account. On a
 * sign-in (or a session found at start) the account's choice wins and is written to localStorage; an account
 * without one takes the browser's. Later changes of the account's record (a settings page) are followed too.
 */
function createPreferredAgentStore(): { store: StoreApi<PreferredAgentState>; saver: Saver } {
  const store = createStore<PreferredAgentState>()(() => ({ agent: readStoredAgent() }));
  const saver = createSaver();
  const adopt = (agent: BuyingAgent | null) => {
    writeStoredAgent(agent);
    if (store.getState().agent !== agent) store.setState({ agent });
  };
  const follow = (state: SessionState, previous: SessionState | null) => {
    if (state.status !== 'authenticated' || !state.user) return;
    const account = accountAgent(state.user);
    if (account === undefined) return;
    const signedIn = previous?.status !== 'authenticated' || previous.user?.id !== state.user.id;
    if (signedIn) {
      if (account) adopt(account);
      // A browser choice made before signing in is not lost: the account takes it. Not the visitor's doing, so a
      // failure (an agent the site no longer offers) is not theirs to hear about; the next sign-in tries again.
      else if (store.getState().agent) saver.save(store.getState().agent).catch(() => undefined);
      return;
    }
    const before = previous.user ? accountAgent(previous.user) : undefined;
    if (account !== before && !saver.busy()) adopt(account);
  };
  follow(sessionStore.getState(), null);
  sessionStore.subscribe((state, previous) => follow(state, previous));
  // Another tab's choice (this one hears of it through the storage event only).
  window.addEventListener('storage', (event) => {
    if (event.key === PREFERRED_AGENT_STORAGE_KEY || event.key === null) store.setState({ agent: readStoredAgent() });
  });
  return { store, saver };
}

/**
 * The page's one preference, whichever copy of shared-ui asks (globalThis, like the session). Browser only: on
 * the server there is no visitor, and a store there would be shared by every request.
 */
export function preferredAgentStore(): StoreApi<PreferredAgentState> {
  return preferredAgent().store;
}

function preferredAgent() {
  if (typeof window === 'undefined') throw new Error('preferredAgentStore: browser only');
  return globalSingleton('preferred-agent', createPreferredAgentStore);
}

/**
 * The visitor chooses an agent (null: none). The browser keeps it at once; a signed-in user's account too, and a
 * failure there is said in a toast (the browser's choice stays).
 */
export async function choosePreferredAgent(agent: BuyingAgent | null): Promise<void> {
  const { store, saver } = preferredAgent();
  writeStoredAgent(agent);
  store.setState({ agent });
  if (sessionStore.getState().status !== 'authenticated') return;
  try {
    await saver.save(agent);
  } catch (error) {
    // A refused session says so itself (the shell asks to sign in again).
    if (isApiError(error) && error.status === 401) return;
    toast.error(errorMessage(error, i18n.t('ui:preferredAgent.saveFailed')));
  }
}
