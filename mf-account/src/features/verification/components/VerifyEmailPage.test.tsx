import type { OwnUser, VerifyResponse } from '@linkhunt/contracts/user';
import { Toaster } from '@linkhunt/shared-ui/components/toaster/Toaster.tsx';
import { setSiteConfig } from '@linkhunt/shared-ui/features/config/site-config.ts';
import { i18n, initI18n } from '@linkhunt/shared-ui/features/i18n/i18n.ts';
import { sessionStore } from '@linkhunt/shared-ui/features/session/session-store.ts';
import { deferred, fakeApi, type Reply } from '@linkhunt/shared-ui/test/fake-api.ts';
import { anOwnUser } from '@linkhunt/shared-ui/test/fixtures.ts';
import { TEST_API_URL } from '@linkhunt/shared-ui/test/render.tsx';
import { settle } from '@linkhunt/shared-ui/test/settle.ts';
import { registerUiLocales } from '@linkhunt/shared-ui/locales/register-ui-locales.ts';
import { act, screen, within } from '@testing-library/react';
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NAMESPACE } from '../../../register-locales.ts';
import { describeRequest, resetAccountState, toasts } from '../../../test/account-test-kit.ts';
import { renderAccount } from '../../../test/render-account.tsx';
import VerifyEmailPage from './VerifyEmailPage.tsx';

const unverified = anOwnUser({ verified: false, email: 'ana@example.com' });
const verifiedAnswer = (user: OwnUser = { ...unverified, verified: true }): Reply => ({
  data: { message: 'Your address is verified.', user: { data: user } } satisfies VerifyResponse,
});
const REFUSED: Reply = { status: 422, data: { message: 'This link is invalid or has expired.' } };

// Each test its own token: the page posts a token once for the life of the page (a module of the remote).
let tokens = 0;
const nextToken = () => `token-${++tokens}-${Math.random().toString(36).slice(2)}`;

const routeFor = (token: string) => `/en/verify-email?token=${token}`;
const bodyOf = (request: { data?: unknown } | undefined) => JSON.parse(String(request?.data)) as unknown;

/** What the page's server render has ready before it starts: the site configuration and the words. */
async function prepareServerRender() {
  setSiteConfig({ apiUrl: TEST_API_URL });
  registerUiLocales();
  await initI18n('en');
  await i18n.loadNamespaces(['ui', NAMESPACE]);
}

async function renderVerify(token: string | null) {
  const view = await renderAccount(
    <>
      <VerifyEmailPage />
      <Toaster />
    </>,
    { route: token === null ? '/en/verify-email' : routeFor(token) },
  );
  return view;
}

afterEach(() => {
  resetAccountState();
  vi.restoreAllMocks();
});

describe('VerifyEmailPage', () => {
  it('renders "Verifying your address…" on the server and posts nothing there, so a bot fetching the link spends no token', async () => {
    const api = fakeApi(() => verifiedAnswer());
    await prepareServerRender();
    const html = renderToString(
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[routeFor(nextToken())]}>
          <VerifyEmailPage />
        </MemoryRouter>
      </I18nextProvider>,
    );
    await settle();
    expect(api.requests).toEqual([]);
    const page = document.createElement('div');
    page.innerHTML = html;
    expect(page.querySelector('h1')?.textContent).toBe('Verify your email address');
    expect(page.textContent).toContain('Verifying your address…');
    expect(page.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
    expect(page.querySelector('meta[name="referrer"]')?.getAttribute('content')).toBe('no-referrer');
  });

  it('posts the token once the server\'s page has hydrated, even under StrictMode, and says the address is verified', async () => {
    const answer = deferred<Reply>();
    const api = fakeApi(() => answer.promise);
    await prepareServerRender();
    const token = nextToken();
    const tree = (
      <StrictMode>
        <I18nextProvider i18n={i18n}>
          <MemoryRouter initialEntries={[routeFor(token)]}>
            <VerifyEmailPage />
          </MemoryRouter>
        </I18nextProvider>
      </StrictMode>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(tree);
    document.body.append(container);
    const recoverable = vi.fn();
    const root = await act(async () => hydrateRoot(container, tree, { onRecoverableError: recoverable }));
    expect(recoverable).not.toHaveBeenCalled();
    expect(api.requests.map(describeRequest)).toEqual(['POST /auth/verify']);
    expect(bodyOf(api.requests[0])).toEqual({ token });

    await act(async () => answer.resolve(verifiedAnswer()));
    // The query's observers hear of the answer in a batch of their own, after the act.
    await vi.waitFor(() => expect(container.textContent).toContain('Your address is verified. Thank you!'));
    expect(api.requests).toHaveLength(1);
    act(() => root.unmount());
    container.remove();
  });

  it('posts a token once for the whole visit: the page opened again shows the verdict without asking again', async () => {
    const api = fakeApi(() => verifiedAnswer());
    const token = nextToken();
    const first = await renderVerify(token);
    await screen.findByText('Your address is verified. Thank you!');
    first.unmount();
    // Long enough for a cache that forgets what no page shows to have forgotten it.
    await settle();
    await renderVerify(token);
    expect(await screen.findByText('Your address is verified. Thank you!')).toBeTruthy();
    await settle();
    expect(api.requests.map(describeRequest)).toEqual(['POST /auth/verify']);
  });

  it('offers a visitor the way to log in once the address is verified', async () => {
    sessionStore.setState({ status: 'unauthenticated', user: null });
    fakeApi(() => verifiedAnswer());
    await renderVerify(nextToken());
    expect((await screen.findByText('Your address is verified. Thank you!')).getAttribute('role')).toBe('status');
    expect(screen.getByText('Your reviews now earn points, and you can upload as many products as you like.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/en/auth');
  });

  it('updates the signed-in account it verified, which takes the notice away, and leads to the profile', async () => {
    sessionStore.setState({ status: 'authenticated', user: unverified });
    fakeApi(() => verifiedAnswer());
    await renderVerify(nextToken());
    await screen.findByText('Your address is verified. Thank you!');
    expect(sessionStore.getState().user?.verified).toBe(true);
    expect(screen.getByRole('link', { name: 'Go to your profile' }).getAttribute('href')).toBe('/en/auth/profile');
  });

  it('leaves another signed-in account as it is', async () => {
    const other = anOwnUser({ id: 99, verified: false });
    sessionStore.setState({ status: 'authenticated', user: other });
    fakeApi(() => verifiedAnswer());
    await renderVerify(nextToken());
    await screen.findByText('Your address is verified. Thank you!');
    expect(sessionStore.getState().user).toBe(other);
  });

  it('says a used or expired link does not work, and sends a visitor to log in to ask for another', async () => {
    sessionStore.setState({ status: 'unauthenticated', user: null });
    const api = fakeApi(() => REFUSED);
    await renderVerify(nextToken());
    expect((await screen.findByRole('alert')).textContent).toBe('This verification link does not work: it is wrong, was already used or has expired.');
    expect(screen.getByText('Log in to ask for a new link.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/en/auth');
    expect(api.requests).toHaveLength(1);
  });

  it('lets a signed-in, unverified user ask for a new link from a dead one', async () => {
    sessionStore.setState({ status: 'authenticated', user: unverified });
    const api = fakeApi((request) => (request.url === '/auth/verify' ? REFUSED : { data: { message: 'Verification mail sent.' } }));
    const { user } = await renderVerify(nextToken());
    await screen.findByRole('alert');
    expect(screen.getByText('Ask for a new link: we will send it to ana@example.com.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send the link again' }));
    await vi.waitFor(() => expect(toasts()).toEqual([{ kind: 'success', message: 'We have sent a new link to ana@example.com.' }]));
    expect(api.requests.map(describeRequest)).toEqual(['POST /auth/verify', 'POST /auth/verify/resend']);
  });

  it('tells a user who is verified already that there is nothing left to do', async () => {
    sessionStore.setState({ status: 'authenticated', user: anOwnUser({ verified: true }) });
    fakeApi(() => REFUSED);
    await renderVerify(nextToken());
    expect((await screen.findByRole('alert')).textContent).toBe('Your address is already verified.');
    expect(screen.queryByRole('button', { name: 'Send the link again' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to your profile' })).toBeTruthy();
  });

  it('says a link without a token does not work, and asks nothing of the API', async () => {
    sessionStore.setState({ status: 'unauthenticated', user: null });
    const api = fakeApi(() => verifiedAnswer());
    await renderVerify(null);
    expect((await screen.findByRole('alert')).textContent).toContain('This verification link does not work');
    await settle();
    expect(api.requests).toEqual([]);
  });

  it('offers to try again when the API cannot be reached, and then posts the token again', async () => {
    sessionStore.setState({ status: 'unauthenticated', user: null });
    let calls = 0;
    const api = fakeApi(() => (++calls === 1 ? Promise.reject(new Error('Network Error')) : verifiedAnswer()));
    const { user } = await renderVerify(nextToken());
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your address could not be verified right now. Check your connection and try again.',
    );
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Your address is verified. Thank you!')).toBeTruthy();
    expect(api.requests.map(describeRequest)).toEqual(['POST /auth/verify', 'POST /auth/verify']);
  });

  it('has one h1 and a translated title, and shows a spinner named for what it waits on', async () => {
    fakeApi(() => new Promise<Reply>(() => undefined));
    await renderVerify(nextToken());
    expect(screen.getAllByRole('heading').map((heading) => `${heading.tagName} ${heading.textContent}`)).toEqual(['H1 Verify your email address']);
    expect(within(screen.getByRole('status')).getByText('Verifying your address…')).toBeTruthy();
    await vi.waitFor(() => expect(document.title).toBe('Verify your email address | Linkhunt'));
  });
});
