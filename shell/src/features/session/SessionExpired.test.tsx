import { apiClient } from '@linkhunt/shared-ui/features/api/api-client.ts';
import { sessionStore } from '@linkhunt/shared-ui/features/session/session-store.ts';
import { TOKEN_KEY } from '@linkhunt/shared-ui/features/session/token-storage.ts';
import { fakeApi, type Reply, restoreApi } from '@linkhunt/shared-ui/test/fake-api.ts';
import { anOwnUser } from '@linkhunt/shared-ui/test/fixtures.ts';
import { renderWithProviders } from '@linkhunt/shared-ui/test/render.tsx';
import { act, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadShellWords } from '../../test/shell-i18n.ts';
import { SessionExpired } from './SessionExpired.tsx';

const owner = anOwnUser({ id: 7, email: 'lucia@example.com' });
const REFUSED: Reply = { status: 401, data: { message: 'Invalid token' } };

/** A page with a half-typed form, to see that it survives the expiry and the new sign-in. */
function DraftPage() {
  const [title, setTitle] = useState('');
  return (
    <label>
      Title
      <input value={title} onChange={(event) => setTitle(event.target.value)} />
    </label>
  );
}

/** The API: `login` answers the sign-in, everything else refuses the old token. */
function api(login: () => Reply) {
  return fakeApi((request) => (request.url === '/auth/login' ? login() : REFUSED));
}

async function renderExpired() {
  const view = await renderWithProviders(
    <>
      <DraftPage />
      <SessionExpired />
    </>,
  );
  await view.user.type(screen.getByLabelText('Title'), 'Parka');
  // A submission the API refuses: the session expires under the page.
  await act(() => apiClient.post('/products/update', new FormData()).catch(() => undefined));
  // The prompt's code arrives when it is first needed.
  await screen.findByRole('dialog');
  return view;
}

beforeAll(loadShellWords);
beforeEach(() => {
  localStorage.setItem(TOKEN_KEY, 'revoked-token');
  sessionStore.setState({ status: 'authenticated', user: owner });
});
afterEach(() => {
  restoreApi();
  localStorage.clear();
  sessionStore.setState({ status: 'pending', user: null });
});

describe('SessionExpired', () => {
  it('shows nothing while the session is alive', async () => {
    await renderWithProviders(<SessionExpired />);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('asks the same user to sign in again over the page, which keeps what was typed', async () => {
    const calls = api(() => ({ data: { token: { accessToken: 'fresh-token', tokenType: 'Bearer' }, user: { data: owner } } }));
    const { user } = await renderExpired();
    const dialog = screen.getByRole('dialog', { name: 'Your session has expired' });
    expect(dialog.textContent).toContain('Nothing you entered on this page is lost.');
    const email = within(dialog).getByLabelText('Email') as HTMLInputElement;
    expect(email.value).toBe('lucia@example.com');
    expect(email.readOnly).toBe(true);
    expect(screen.getByLabelText('Title')).toHaveProperty('value', 'Parka');

    await user.type(within(dialog).getByLabelText('Password'), 'linkhunt-demo');
    await user.click(within(dialog).getByRole('button', { name: 'Sign in again' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sessionStore.getState()).toMatchObject({ status: 'authenticated', user: owner });
    expect(localStorage.getItem(TOKEN_KEY)).toBe('fresh-token');
    const login = calls.requests.find((request) => request.url === '/auth/login');
    expect(JSON.parse(String(login?.data))).toEqual({ email: 'lucia@example.com', password: 'linkhunt-demo' });
    // The dead token was not sent with the sign-in.
    expect(login?.headers.has('Authorization')).toBe(false);
    expect(screen.getByLabelText('Title')).toHaveProperty('value', 'Parka');
  });

  it('says why a sign-in failed and stays open', async () => {
    api(() => ({ status: 422, data: { message: 'These credentials do not match our records.', errors: { email: ['These credentials do not match our records.'] } } }));
    const { user } = await renderExpired();
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText('Password'), 'wrong-password');
    await user.click(within(dialog).getByRole('button', { name: 'Sign in again' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('These credentials do not match our records.');
    expect(sessionStore.getState().status).toBe('expired');
    expect(within(dialog).getByRole('button', { name: 'Sign in again' })).toBeTruthy();
  });

  it('leaves a notice when closed, which opens the dialog again', async () => {
    api(() => REFUSED);
    const { user } = await renderExpired();
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    const notice = screen.getByRole('alert');
    expect(notice.textContent).toContain('Your session has expired');
    await user.click(within(notice).getByRole('button', { name: 'Sign in again' }));
    expect(screen.getByRole('dialog', { name: 'Your session has expired' })).toBeTruthy();
  });

  it('signs out for good on "Sign out"', async () => {
    const calls = api(() => REFUSED);
    const { user } = await renderExpired();
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(sessionStore.getState()).toMatchObject({ status: 'unauthenticated', user: null }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.requests.at(-1)?.url).toBe('/auth/logout');
  });
});
