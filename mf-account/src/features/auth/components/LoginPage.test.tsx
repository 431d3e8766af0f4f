import type { TokenResponse } from '@linkhunt/contracts/user';
import { Toaster } from '@linkhunt/shared-ui/components/toaster/Toaster.tsx';
import { setSiteConfig } from '@linkhunt/shared-ui/features/config/site-config.ts';
import { i18n, initI18n } from '@linkhunt/shared-ui/features/i18n/i18n.ts';
import { sessionStore } from '@linkhunt/shared-ui/features/session/session-store.ts';
import { TOKEN_KEY } from '@linkhunt/shared-ui/features/session/token-storage.ts';
import { toastStore } from '@linkhunt/shared-ui/features/toasts/toast-store.ts';
import { registerUiLocales } from '@linkhunt/shared-ui/locales/register-ui-locales.ts';
import { deferred, fakeApi, type Reply, restoreApi } from '@linkhunt/shared-ui/test/fake-api.ts';
import { anOwnUser } from '@linkhunt/shared-ui/test/fixtures.ts';
import { TEST_API_URL } from '@linkhunt/shared-ui/test/render.tsx';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { type InitialEntry, MemoryRouter, Route, Routes, useLocation, useNavigationType } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NAMESPACE } from '../../../register-locales.ts';
import LoginPage from './LoginPage.tsx';
import RegisterPage from './RegisterPage.tsx';

const ana = anOwnUser();
const signedIn: TokenResponse = { token: { accessToken: 'fresh-token', tokenType: 'Bearer' }, user: { data: ana } };
/** Where the protected route sent the visitor from, as the shell's ProtectedRoute puts it in the history state. */
const fromFavourites: InitialEntry = { pathname: '/en/auth', state: { from: { pathname: '/en/auth/favs' } } };

/** Any page the form leads to: says where it is and how it got there. */
function Landing() {
  const { pathname } = useLocation();
  return <main aria-label="Landed">{`${useNavigationType()} ${pathname}`}</main>;
}

/**
 * The providers of shared-ui's renderWithProviders, with a history entry that can carry state (its `route`
 * is a string), the auth pages and the Toaster the shell mounts.
 */
async function renderAt(entry: InitialEntry) {
  setSiteConfig({ apiUrl: TEST_API_URL });
  registerUiLocales();
  await initI18n('en');
  await i18n.loadNamespaces(['ui', NAMESPACE]);
  const user = userEvent.setup();
  render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={[entry]}>
        <Suspense fallback={null}>
          <Routes>
            <Route path="/en/auth" element={<LoginPage />} />
            <Route path="/en/auth/register" element={<RegisterPage />} />
            <Route path="*" element={<Landing />} />
          </Routes>
          <Toaster />
        </Suspense>
      </MemoryRouter>
    </I18nextProvider>,
  );
  return user;
}

async function logIn(user: Awaited<ReturnType<typeof renderAt>>, email: string, password: string) {
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

const landedOn = async () => (await screen.findByRole('main', { name: 'Landed' })).textContent;

beforeEach(() => {
  sessionStore.setState({ status: 'unauthenticated', user: null });
  toastStore.setState({ toasts: [] });
});
afterEach(() => {
  restoreApi();
  localStorage.clear();
  toastStore.setState({ toasts: [] });
});

describe('LoginPage', () => {
  it('posts the credentials, keeps the token, signs in and goes back to where the protected route sent the user from', async () => {
    const api = fakeApi(() => ({ data: signedIn }));
    const user = await renderAt(fromFavourites);
    await logIn(user, 'ana@example.com', 'linkhunt-demo');

    expect(await landedOn()).toBe('REPLACE /en/auth/favs');
    expect(api.requests.map((request) => [request.method, request.url])).toEqual([['post', '/auth/login']]);
    expect(JSON.parse(String(api.requests[0]?.data))).toEqual({ email: 'ana@example.com', password: 'linkhunt-demo' });
    expect(localStorage.getItem(TOKEN_KEY)).toBe('fresh-token');
    expect(sessionStore.getState()).toMatchObject({ status: 'authenticated', user: ana });
  });

  it('goes to the home page when nothing sent the user here', async () => {
    fakeApi(() => ({ data: signedIn }));
    const user = await renderAt('/en/auth');
    await logIn(user, 'ana@example.com', 'linkhunt-demo');
    expect(await landedOn()).toBe('REPLACE /en/index');
  });

  it('is busy and cannot be sent twice while the answer is on its way', async () => {
    const answer = deferred<Reply>();
    const api = fakeApi(() => answer.promise);
    const user = await renderAt('/en/auth');
    await logIn(user, 'ana@example.com', 'linkhunt-demo');
    const button = screen.getByRole('button', { name: 'Log in' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    await user.click(button);
    expect(api.requests).toHaveLength(1);
    answer.resolve({ data: signedIn });
    expect(await landedOn()).toBe('REPLACE /en/index');
  });

  it('shows the first validation message in an error toast and keeps what was typed', async () => {
    fakeApi(() => ({
      status: 422,
      data: { message: 'The given data was invalid.', errors: { email: ['These credentials do not match our records.'] } },
    }));
    const user = await renderAt(fromFavourites);
    await logIn(user, 'ana@example.com', 'wrong-password');

    expect((await screen.findByRole('alert')).textContent).toContain('These credentials do not match our records.');
    const email = screen.getByLabelText('Email') as HTMLInputElement;
    expect(email.value).toBe('ana@example.com');
    // Beside the field too, tied to it for screen readers.
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(email.getAttribute('aria-describedby') ?? '')?.textContent).toBe('These credentials do not match our records.');
    expect((screen.getByRole('button', { name: 'Log in' }) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByRole('main', { name: 'Landed' })).toBeNull();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(sessionStore.getState()).toMatchObject({ status: 'unauthenticated', user: null });
  });

  it('falls back to a general message when the API cannot be reached', async () => {
    fakeApi(() => Promise.reject(new Error('Network Error')));
    const user = await renderAt('/en/auth');
    await logIn(user, 'ana@example.com', 'linkhunt-demo');
    expect((await screen.findByRole('alert')).textContent).toContain('That did not work. Please try again.');
    // With no field to blame, the general message stands in the form as well.
    expect(screen.getAllByText('That did not work. Please try again.')).toHaveLength(2);
  });

  it('shows the password on request, and has no strength meter: the password already exists', async () => {
    fakeApi(() => ({ data: signedIn }));
    const user = await renderAt('/en/auth');
    const password = screen.getByLabelText('Password') as HTMLInputElement;
    await user.type(password, 'linkhunt-demo');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password.type).toBe('text');
    expect(password.getAttribute('autocomplete')).toBe('current-password');
    expect(screen.queryByText(/Password strength/)).toBeNull();
    expect(password.hasAttribute('aria-describedby')).toBe(false);
  });

  it('has one h1, the form, then an h2 panel of what an account gives, with decorative icons', async () => {
    await renderAt('/en/auth');
    const headings = screen.getAllByRole('heading');
    expect(headings.map((heading) => [heading.tagName, heading.textContent])).toEqual([
      ['H1', 'Log in'],
      ['H2', 'What an account gives you'],
    ]);
    const panel = screen.getByRole('region', { name: 'What an account gives you' });
    // The form comes first in the page, so on a phone too.
    expect(screen.getByRole('button', { name: 'Log in' }).compareDocumentPosition(panel) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const items = within(panel).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('strong')?.textContent)).toEqual([
      'Upload products and share their links',
      'Earn points and climb the ranking',
      'Rate from 1 to 5 stars',
      'Keep your favourites',
      'Manage your uploads',
    ]);
    expect(items[0]?.textContent).toContain('earn 20 points for each product');
    expect(items.every((item) => item.querySelector('svg')?.getAttribute('aria-hidden') === 'true')).toBe(true);
  });

  it('shows why a suspended account cannot sign in, in the form and in a toast', async () => {
    fakeApi(() => ({ status: 403, data: { message: 'This account is suspended: repeated counterfeit uploads' } }));
    const user = await renderAt('/en/auth');
    await logIn(user, 'ana@example.com', 'linkhunt-demo');

    expect((await screen.findByRole('alert')).textContent).toContain('This account is suspended: repeated counterfeit uploads');
    const form = screen.getByRole('button', { name: 'Log in' }).closest('form') as HTMLFormElement;
    expect(within(form).getByText('This account is suspended: repeated counterfeit uploads')).toBeTruthy();
    expect(screen.queryByRole('main', { name: 'Landed' })).toBeNull();
    expect(sessionStore.getState()).toMatchObject({ status: 'unauthenticated', user: null });
  });

  it('links to the page that mails a reset link, between the fields and the button', async () => {
    await renderAt('/en/auth');
    const link = screen.getByRole('link', { name: 'Forgot your password?' });
    expect(link.getAttribute('href')).toBe('/en/forgot-password');
    expect(screen.getByLabelText('Password').compareDocumentPosition(link) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(link.compareDocumentPosition(screen.getByRole('button', { name: 'Log in' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('says the password was changed when the reset page sent the user here, and only then', async () => {
    await renderAt({ pathname: '/en/auth', state: { notice: 'passwordChanged' } });
    expect(screen.getByRole('status').textContent).toBe('Your password has been changed. Log in with the new one.');
  });

  it('says nothing of a password change on an ordinary visit', async () => {
    await renderAt('/en/auth');
    expect(screen.queryByText('Your password has been changed. Log in with the new one.')).toBeNull();
  });

  it('keeps where the user came from on the way to registering', async () => {
    const api = fakeApi(() => ({ data: signedIn }));
    const user = await renderAt(fromFavourites);
    await user.click(screen.getByRole('link', { name: 'No account yet? Register' }));
    await user.type(screen.getByLabelText('Username'), 'ana_hunts');
    await user.type(screen.getByLabelText('Email'), 'ana@example.com');
    await user.type(screen.getByLabelText('Password'), 'linkhunt-demo');
    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(await landedOn()).toBe('REPLACE /en/auth/favs');
    expect(api.requests[0]?.url).toBe('/auth/register');
  });
});
