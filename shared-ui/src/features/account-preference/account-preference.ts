import type { OwnUser, ProfileResponse } from '@linkhunt/contracts/user';
import { useSyncExternalStore } from 'react';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { globalSingleton } from '../../lib/global-singleton.ts';
import { apiClient, isApiError } from '../api/api-client.ts';
import { errorMessage } from '../api/error-message.ts';
import { i18n } from '../i18n/i18n.ts';
import { type SessionState, sessionStore } from '../session/session-store.ts';
import { toast } from '../toasts/toast-store.ts';

/** The account fields a visitor can also choose without an account (the header's pickers). */
export type PreferenceField = 'preferred_agent' | 'preferred_currency';

export interface PreferenceState<T extends string> {
  /** The visitor's choice: the browser's record, or the signed-in account's once the session is known. */
  value: T | null;
}

export interface PreferenceOptions<T extends string> {
  /** The page-wide singleton's name. */
  name: string;
  storageKey: string;
  field: PreferenceField;
  isValid: (value: unknown) => value is T;
  /** The toast's message key when the account could not take a choice and the API said nothing better. */
  saveFailedKey: string;
}

export interface AccountPreference<T extends string> {
  /** The page's one store of it, whichever copy of shared-ui asks (globalThis, like the session). Browser only. */
  store(): StoreApi<PreferenceState<T>>;
  /**
   * The visitor chooses (null: none). The browser keeps it at once; a signed-in user's account too, and a failure
   * there is said in a toast (the browser's choice stays).
   */
  choose(value: T | null): Promise<void>;
  /**
   * The choice for rendering: null on the server and while hydrating, so a page renders the same for everyone and
   * stays cacheable; the choice applies from the render after hydration.
   */
  useValue(): T | null;
}

interface Saver<T> {
  /** Saves `value` as the signed-in account's choice; rejects with the API's error. */
  save(value: T | null): Promise<void>;
  /** Whether a save is under way: the session's user then changes because of it, not because of another page. */
  busy(): boolean;
}

/**
 * A preference kept by the browser (localStorage) and, for a signed-in user, by the account. On a sign-in (or a
 * session found at start) the account's choice wins and is written to localStorage; an account without one takes
 * the browser's. Later changes of the account's record (a settings page) are followed too.
 */
export function accountPreference<T extends string>(options: PreferenceOptions<T>): AccountPreference<T> {
  const { name, storageKey, field, isValid } = options;

  // Storage can throw (private mode, disabled storage): the choice then lasts as long as the page.
  const read = (): T | null => {
    try {
      const value = localStorage.getItem(storageKey);
      return isValid(value) ? value : null;
    } catch {
      return null;
    }
  };
  const write = (value: T | null): void => {
    try {
      if (value) localStorage.setItem(storageKey, value);
      else localStorage.removeItem(storageKey);
    } catch {
      /* see read */
    }
  };
  /** The account's choice as the API gave it; undefined from an API older than the field, which then decides nothing. */
  const accountValue = (user: OwnUser): T | null | undefined => {
    const value = (user as Partial<Record<PreferenceField, unknown>>)[field];
    if (value === undefined) return undefined;
    return isValid(value) ? value : null;
  };

  /** POST /auth/update with only this field; the account's record it answers becomes the session's user. */
  const createSaver = (): Saver<T> => {
    let latest = 0;
    let pending = 0;
    return {
      async save(value) {
        const call = ++latest;
        pending++;
        try {
          const body = new FormData();
          body.append(field, value ?? '');
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
  };

  const create = () => {
    const store = createStore<PreferenceState<T>>()(() => ({ value: read() }));
    const saver = createSaver();
    const adopt = (value: T | null) => {
      write(value);
      if (store.getState().value !== value) store.setState({ value });
    };
    const follow = (state: SessionState, previous: SessionState | null) => {
      if (state.status !== 'authenticated' || !state.user) return;
      const account = accountValue(state.user);
      if (account === undefined) return;
      const signedIn = previous?.status !== 'authenticated' || previous.user?.id !== state.user.id;
      if (signedIn) {
        if (account) adopt(account);
        // A browser choice made before signing in is not lost: the account takes it. Not the visitor's doing, so a
        // failure (a value the site no longer offers) is not theirs to hear about; the next sign-in tries again.
        else if (store.getState().value) saver.save(store.getState().value).catch(() => undefined);
        return;
      }
      const before = previous.user ? accountValue(previous.user) : undefined;
      if (account !== before && !saver.busy()) adopt(account);
    };
    follow(sessionStore.getState(), null);
    sessionStore.subscribe((state, previous) => follow(state, previous));
    // Another tab's choice (this one hears of it through the storage event only).
    window.addEventListener('storage', (event) => {
      if (event.key === storageKey || event.key === null) store.setState({ value: read() });
    });
    return { store, saver };
  };

  // On the server there is no visitor, and a store there would be shared by every request.
  const instance = () => {
    if (typeof window === 'undefined') throw new Error(`${name}: browser only`);
    return globalSingleton(name, create);
  };

  const subscribe = (onChange: () => void) => instance().store.subscribe(onChange);
  const snapshot = () => instance().store.getState().value;
  const serverSnapshot = () => null;

  return {
    store: () => instance().store,
    async choose(value) {
      const { store, saver } = instance();
      write(value);
      store.setState({ value });
      if (sessionStore.getState().status !== 'authenticated') return;
      try {
        await saver.save(value);
      } catch (error) {
        // A refused session says so itself (the shell asks to sign in again).
        if (isApiError(error) && error.status === 401) return;
        toast.error(errorMessage(error, i18n.t(options.saveFailedKey)));
      }
    },
    useValue: () => useSyncExternalStore(subscribe, snapshot, serverSnapshot),
  };
}
