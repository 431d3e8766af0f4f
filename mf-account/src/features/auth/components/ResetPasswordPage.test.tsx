import { PASSWORD_MIN_LENGTH } from '@linkhunt/contracts/user';
import { Toaster } from '@linkhunt/shared-ui/components/toaster/Toaster.tsx';
import { sessionStore } from '@linkhunt/shared-ui/features/session/session-store.ts';
import { TOKEN_KEY } from '@linkhunt/shared-ui/features/session/token-storage.ts';
import { fakeApi, type Reply } from '@linkhunt/shared-ui/test/fake-api.ts';
import { anOwnUser } from '@linkhunt/shared-ui/test/fixtures.ts';
import { settle } from '@linkhunt/shared-ui/test/settle.ts';
import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { describeRequest, resetAccountState, toasts } from '../../../test/account-test-kit.ts';
import { descriptionOf } from '../../../test/form-helpers.ts';
import { renderAccount } from '../../../test/render-account.tsx';
import LoginPage from './LoginPage.tsx';
import ResetPasswordPage from './ResetPasswordPage.tsx';

const CHANGED: Reply = { data: { message: 'Your password has been changed.' } };
const BAD_TOKEN: Reply = { status: 422, data: { message: 'This reset link is invalid or has expired.' } };
const WEAK: Reply = {
  status: 422,
  data: { message: 'The given data was invalid.', errors: { password: ['This password is too common. Choose another one.'] } },
};

async function renderReset(route = '/en/reset-password?token=reset-123') {
  return renderAccount(
    <>
      <Routes>
        <Route path="/en/reset-password" element={<ResetPasswordPage />} />
        <Route path="/en/auth" element={<LoginPage />} />
      </Routes>
      <Toaster />
    </>,
    { route },
  );
}

const newPassword = () => screen.getByLabelText('New password') as HTMLInputElement;
const repeated = () => screen.getByLabelText('Repeat the new password') as HTMLInputElement;

async function choose(user: Awaited<ReturnType<typeof renderReset>>['user'], password: string, again = password) {
  await user.type(newPassword(), password);
  await user.type(repeated(), again);
  await user.click(screen.getByRole('button', { name: 'Change password' }));
}

afterEach(() => resetAccountState());

describe('ResetPasswordPage', () => {
  it('posts the token and the new password, then sends the user to log in with a message that it changed', async () => {
    sessionStore.setState({ status: 'unauthenticated', user: null });
    const api = fakeApi(() => CHANGED);
    const { user } = await renderReset();
    await choose(user, 'a-new-long-phrase');

    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Your password has been changed. Log in with the new one.');
    expect(api.requests.map(describeRequest)).toEqual(['POST /auth/reset']);
    expect(JSON.parse(String(api.requests[0]?.data))).toEqual({ token: 'reset-123', password: 'a-new-long-phrase' });
  });

  it('signs this browser out: the API has ended every session of the account', async () => {
    localStorage.setItem(TOKEN_KEY, 'old-token');
    sessionStore.setState({ status: 'authenticated', user: anOwnUser() });
    const api = fakeApi((request) => (request.url === '/auth/logout' ? { status: 401, data: { message: 'Unauthenticated.' } } : CHANGED));
    const { user } = await renderReset();
    await choose(user, 'a-new-long-phrase');
    await screen.findByText('Your password has been changed. Log in with the new one.');
    expect(sessionStore.getState()).toMatchObject({ status: 'unauthenticated', user: null });
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(api.requests.map(describeRequest)).toEqual(['POST /auth/reset', 'POST /auth/logout']);
  });

  it('rates the new password as on register and asks for it twice', async () => {
    const { user } = await renderReset();
    expect(newPassword().getAttribute('autocomplete')).toBe('new-password');
    expect(repeated().getAttribute('autocomplete')).toBe('new-password');
    expect(newPassword().minLength).toBe(PASSWORD_MIN_LENGTH);
    expect(descriptionOf(newPassword()).trim()).toBe(`Use at least ${PASSWORD_MIN_LENGTH} characters.`);
    await user.type(newPassword(), 'password1');
    expect(descriptionOf(newPassword())).toBe('Password strength: Weak This is one of the most used passwords: it will not be accepted.');
  });

  it('refuses two different passwords before asking the API', async () => {
    const api = fakeApi(() => CHANGED);
    const { user } = await renderReset();
    await choose(user, 'a-new-long-phrase', 'a-new-long-phrasf');
    expect(descriptionOf(repeated())).toBe('The two passwords are not the same.');
    expect(repeated().getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(repeated());
    await settle();
    expect(api.requests).toEqual([]);
  });

  it('shows a password the API refuses beside it, and keeps the form', async () => {
    fakeApi(() => WEAK);
    const { user } = await renderReset();
    await choose(user, 'password1');
    await waitFor(() => expect(toasts()).toEqual([{ kind: 'error', message: 'This password is too common. Choose another one.' }]));
    expect(descriptionOf(newPassword())).toContain('This password is too common. Choose another one.');
    expect(newPassword().getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(newPassword());
    expect(screen.getByRole('button', { name: 'Change password' })).toBeTruthy();
  });

  it('says clearly when the link is used or expired, with the way to a new one', async () => {
    fakeApi(() => BAD_TOKEN);
    const { user } = await renderReset();
    await choose(user, 'a-new-long-phrase');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This reset link does not work.');
    expect(alert.textContent).toContain('It is wrong, was already used or has expired.');
    expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe('/en/forgot-password');
    expect(screen.queryByLabelText('New password')).toBeNull();
  });

  it('says so at once for a link without a token, asking the API nothing', async () => {
    const api = fakeApi(() => CHANGED);
    await renderReset('/en/reset-password');
    expect((await screen.findByRole('alert')).textContent).toContain('This reset link does not work.');
    expect(screen.queryByLabelText('New password')).toBeNull();
    await settle();
    expect(api.requests).toEqual([]);
  });

  it('has its title and is kept out of search results, with no referrer sent on', async () => {
    await renderReset();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Choose a new password');
    expect(document.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
    expect(document.querySelector('meta[name="referrer"]')?.getAttribute('content')).toBe('no-referrer');
    await waitFor(() => expect(document.title).toBe('Choose a new password | Linkhunt'));
  });
});
