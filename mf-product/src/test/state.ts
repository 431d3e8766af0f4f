import type { OwnUser } from '@linkhunt/contracts/user';
import { sessionStore } from '@linkhunt/shared-ui/features/session/session-store.ts';
import { toastStore } from '@linkhunt/shared-ui/features/toasts/toast-store.ts';
import { restoreApi } from '@linkhunt/shared-ui/test/fake-api.ts';
import { anOwnUser } from '@linkhunt/shared-ui/test/fixtures.ts';
import { vi } from 'vitest';

export const signIn = (overrides: Partial<OwnUser> = {}) => sessionStore.setState({ status: 'authenticated', user: anOwnUser(overrides) });
export const signOut = () => sessionStore.setState({ status: 'unauthenticated', user: null });

/** The toasts shown so far, as a visitor reads them. */
export const toasts = () => toastStore.getState().toasts.map(({ kind, message }) => ({ kind, message }));

/** An afterEach of every test file here: the real API transport, no session yet, no toasts, real clocks. */
export function resetState(): void {
  restoreApi();
  sessionStore.setState({ status: 'pending', user: null });
  toastStore.setState({ toasts: [] });
  vi.useRealTimers();
}
