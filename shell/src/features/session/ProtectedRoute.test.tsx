import { sessionStore, type SessionStatus } from '@linkhunt/shared-ui/features/session/session-store.ts';
import { anOwnUser } from '@linkhunt/shared-ui/test/fixtures.ts';
import { renderWithProviders } from '@linkhunt/shared-ui/test/render.tsx';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type Location, Route, Routes, useLocation, useNavigationType } from 'react-router';
import { ProtectedRoute } from './ProtectedRoute.tsx';

afterEach(() => sessionStore.setState({ status: 'pending', user: null }));

/** The login page of the test: says where it was sent from and how. */
function LoginProbe() {
  const location = useLocation();
  const from = (location.state as { from?: Location } | null)?.from;
  return <p data-testid="login">{`${location.pathname} from ${from?.pathname}${from?.search} by ${useNavigationType()}`}</p>;
}

function renderAt(status: SessionStatus) {
  sessionStore.setState({ status, user: status === 'authenticated' ? anOwnUser() : null });
  return renderWithProviders(
    <Routes>
      <Route path="/:lang/auth" element={<LoginProbe />} />
      <Route
        path="/:lang/auth/favs"
        element={
          <ProtectedRoute>
            <h1>Favourites</h1>
          </ProtectedRoute>
        }
      />
    </Routes>,
    { route: '/en/auth/favs?page=2' },
  );
}

describe('ProtectedRoute', () => {
  it('shows a spinner while the session check is pending', async () => {
    await renderAt('pending');
    expect(screen.getByTestId('session-pending').querySelector('[role="status"]')).not.toBeNull();
    expect(screen.queryByRole('heading', { name: 'Favourites' })).toBeNull();
    expect(screen.queryByTestId('login')).toBeNull();
  });

  it('sends a visitor without a session to the login page, remembering where from and replacing history', async () => {
    await renderAt('unauthenticated');
    expect(screen.getByTestId('login').textContent).toBe('/en/auth from /en/auth/favs?page=2 by REPLACE');
    expect(screen.queryByRole('heading', { name: 'Favourites' })).toBeNull();
  });

  it('shows the page to a signed-in user', async () => {
    await renderAt('authenticated');
    expect(screen.getByRole('heading', { name: 'Favourites' })).toBeTruthy();
    expect(screen.queryByTestId('session-pending')).toBeNull();
  });

  it('keeps the page when the session expires under it, so nothing typed there is lost', async () => {
    await renderAt('authenticated');
    act(() => sessionStore.setState({ status: 'expired' }));
    expect(screen.getByRole('heading', { name: 'Favourites' })).toBeTruthy();
    expect(screen.queryByTestId('login')).toBeNull();
  });
});
