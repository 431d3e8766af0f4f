import { useLangPath } from '@linkhunt/shared-ui/features/i18n/use-lang-path.ts';
import { useSession } from '@linkhunt/shared-ui/features/session/session-store.ts';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageSpinner } from '../../components/PageSpinner.tsx';

/**
 * Spec section 4: a spinner while the check is pending, the login page (remembering where from, replacing
 * history) without a session. An expired session keeps the page: the user signs in again over it
 * (SessionExpired), and leaving would throw away what they typed.
 */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const status = useSession((state) => state.status);
  const location = useLocation();
  const langPath = useLangPath();
  if (status === 'pending') return <PageSpinner data-testid="session-pending" />;
  if (status === 'unauthenticated') return <Navigate replace to={langPath('/auth')} state={{ from: location }} />;
  return children;
}
