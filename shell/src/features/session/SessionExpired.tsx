import { useSession } from '@linkhunt/shared-ui/features/session/session-store.ts';
import { Suspense } from 'react';
import { lazyPage } from '../../lib/lazy-page.ts';

// Fetched when a session expires, not with every page: no first render shows it.
const ExpiredPrompt = lazyPage(() => import('./ExpiredPrompt.tsx'));

/**
 * When the API refuses the session mid-visit (the session store's `expired`), the user signs in again here,
 * over the page they were on: the page stays mounted, so what they typed and the file they chose are still
 * there to submit. Closing the dialog leaves a notice that opens it again; signing out ends the session.
 */
export function SessionExpired() {
  const expired = useSession((state) => state.status === 'expired');
  // Mounted only while expired, so every new expiry starts with the dialog open, even if the last one's was closed.
  return expired ? (
    <Suspense fallback={null}>
      <ExpiredPrompt />
    </Suspense>
  ) : null;
}

