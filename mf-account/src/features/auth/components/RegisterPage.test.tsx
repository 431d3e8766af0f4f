import type { TokenResponse } from '@linkhunt/contracts/user';
import { Toaster } from '@linkhunt/shared-ui/components/toaster/Toaster.tsx';
import { i18n } from '@linkhunt/shared-ui/features/i18n/i18n.ts';
import { sessionStore } from '@linkhunt/shared-ui/features/session/session-store.ts';
import { TOKEN_KEY } from '@linkhunt/shared-ui/features/session/token-storage.ts';
import { toastStore } from '@linkhunt/shared-ui/features/toasts/toast-store.ts';
import { fakeApi, restoreApi } from '@linkhunt/shared-ui/test/fake-api.ts';
import { anOwnUser } from '@linkhunt/shared-ui/test/fixtures.ts';
import { renderWithProviders } from '@linkhunt/shared-ui/test/render.tsx';
import { screen } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NAMESPACE } from '../../../register-locales.ts';
import { toasts } from '../../../test/account-test-kit.ts';
import RegisterPage from './RegisterPage.tsx';

const newcomer = anOwnUser({ id: 12, username: 'new_hunter', name: 'new_hunter', email: 'new@example.com', points: 0 });
const registered: TokenResponse = { token: { accessToken: 'new-token', tokenType: 'Bearer' }, user: { data: newcomer } };

function Landing() {
  return <main aria-label="Landed">{useLocation().pathname}</main>;
}

async function fillAndRegister() {
  const view = await renderWithProviders(
    <>
      <Routes>
        <Route path="/en/auth/register" element={<RegisterPage />} />
        <Route path="*" element={<Landing />} />
      </Routes>
      <Toaster />
    </>,
    { route: '/en/auth/register' },
  );
  await i18n.loadNamespaces(NAMESPACE);
  const { user } = view;
  await user.type(await screen.findByLabelText('Username'), 'new_hunter');
  await user.type(screen.getByLabelText('Email'), 'new@example.com');
  await user.type(screen.getByLabelText('Password'), 'long-enough');
  await user.click(screen.getByRole('button', { name: 'Register' }));
}

beforeEach(() => {
  sessionStore.setState({ status: 'unauthenticated', user: null });
  toastStore.setState({ toasts: [] });
});
afterEach(() => {
  restoreApi();
  localStorage.clear();
  toastStore.setState({ toasts: [] });
});

describe('RegisterPage', () => {
  it('posts username, email, password and the site language to /auth/register, signs the new user in and goes home', async () => {
    const api = fakeApi(() => ({ status: 201, data: registered }));
    await fillAndRegister();

    expect((await screen.findByRole('main', { name: 'Landed' })).textContent).toBe('/en/index');
    expect(api.requests.map((request) => [request.method, request.url])).toEqual([['post', '/auth/register']]);
    // With the site's language, which the account's mail (verification, reset) is then written in.
    expect(JSON.parse(String(api.requests[0]?.data))).toEqual({
      username: 'new_hunter',
      email: 'new@example.com',
      password: 'long-enough',
      language: 'en',
    });
    expect(localStorage.getItem(TOKEN_KEY)).toBe('new-token');
    expect(sessionStore.getState()).toMatchObject({ status: 'authenticated', user: newcomer });
  });

  it('tells a newcomer, whose address is not verified yet, to check the inbox', async () => {
    fakeApi(() => ({ status: 201, data: { ...registered, user: { data: { ...newcomer, verified: false } } } }));
    await fillAndRegister();
    expect((await screen.findByRole('main', { name: 'Landed' })).textContent).toBe('/en/index');
    expect(toasts()).toEqual([{ kind: 'success', message: 'Welcome! Check your inbox to verify new@example.com.' }]);
  });

  it('shows the first validation message and stays on the form', async () => {
    fakeApi(() => ({
      status: 422,
      data: { message: 'The given data was invalid.', errors: { username: ['The username has already been taken.'] } },
    }));
    await fillAndRegister();

    expect((await screen.findByRole('alert')).textContent).toContain('The username has already been taken.');
    expect((screen.getByLabelText('Username') as HTMLInputElement).value).toBe('new_hunter');
    expect(sessionStore.getState().status).toBe('unauthenticated');
  });

  it('rates the new password as it is typed and ties the rating to the field', async () => {
    const { user } = await renderWithProviders(<RegisterPage />, { route: '/en/auth/register' });
    await i18n.loadNamespaces(NAMESPACE);
    const password = (await screen.findByLabelText('Password')) as HTMLInputElement;
    expect(password.getAttribute('autocomplete')).toBe('new-password');
    expect(password.getAttribute('minlength')).toBe('8');
    const description = () =>
      (password.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent)
        .join(' ')
        .trim();
    expect(description()).toBe('Use at least 8 characters.');

    const levels: string[] = [];
    for (const typed of ['abc', 'password1', 'long-enough', 'kX9#mQ2$vL', 'kX9#mQ2$vL7!']) {
      await user.clear(password);
      await user.paste(typed);
      levels.push(screen.getByText(/^Password strength:/).textContent ?? '');
    }
    expect(levels).toEqual([
      'Password strength: Weak',
      'Password strength: Weak',
      'Password strength: Fair',
      'Password strength: Good',
      'Password strength: Strong',
    ]);
    expect(screen.getByText(/^Password strength:/).getAttribute('aria-live')).toBe('polite');
    expect(description()).toBe('Password strength: Strong');

    await user.clear(password);
    await user.paste('password1');
    expect(description()).toBe('Password strength: Weak This is one of the most used passwords: it will not be accepted.');
  });

  it('sends the password typed while it was shown', async () => {
    const api = fakeApi(() => ({ status: 201, data: registered }));
    const { user } = await renderWithProviders(
      <Routes>
        <Route path="/en/auth/register" element={<RegisterPage />} />
        <Route path="*" element={<Landing />} />
      </Routes>,
      { route: '/en/auth/register' },
    );
    await i18n.loadNamespaces(NAMESPACE);
    await user.type(await screen.findByLabelText('Username'), 'new_hunter');
    await user.type(screen.getByLabelText('Email'), 'new@example.com');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    await user.type(screen.getByLabelText('Password'), 'long-enough');
    expect((screen.getByLabelText('Password') as HTMLInputElement).type).toBe('text');
    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect((await screen.findByRole('main', { name: 'Landed' })).textContent).toBe('/en/index');
    expect(JSON.parse(String(api.requests[0]?.data))).toMatchObject({ password: 'long-enough' });
  });

  it('has the page h1, then the h2 of what an account gives', async () => {
    await renderWithProviders(<RegisterPage />, { route: '/en/auth/register' });
    await i18n.loadNamespaces(NAMESPACE);
    await screen.findByRole('heading', { level: 1, name: 'Create your account' });
    expect(screen.getAllByRole('heading').map((heading) => heading.tagName)).toEqual(['H1', 'H2']);
  });

  it('links to the login page', async () => {
    await renderWithProviders(<RegisterPage />, { route: '/en/auth/register' });
    await i18n.loadNamespaces(NAMESPACE);
    const link = await screen.findByRole('link', { name: 'Already registered? Log in' });
    expect(link.getAttribute('href')).toBe('/en/auth');
  });
});
