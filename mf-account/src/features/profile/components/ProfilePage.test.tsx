import type { SiteConfig } from '@linkhunt/contracts/site-config';
import type { OwnUser } from '@linkhunt/contracts/user';
import { i18n } from '@linkhunt/shared-ui/features/i18n/i18n.ts';
import { sessionStore } from '@linkhunt/shared-ui/features/session/session-store.ts';
import { TOKEN_KEY } from '@linkhunt/shared-ui/features/session/token-storage.ts';
import { deferred, fakeApi, type Reply } from '@linkhunt/shared-ui/test/fake-api.ts';
import { anOwnUser } from '@linkhunt/shared-ui/test/fixtures.ts';
import { renderWithProviders, TEST_API_URL } from '@linkhunt/shared-ui/test/render.tsx';
import { settle } from '@linkhunt/shared-ui/test/settle.ts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NAMESPACE } from '../../../register-locales.ts';
import { resetAccountState, toasts } from '../../../test/account-test-kit.ts';
import ProfilePage from './ProfilePage.tsx';

const ana = anOwnUser({ name: 'Ana Pérez', username: 'ana_hunts', points: 1600, num_products: 12, num_valorations: 1500 });
const SITE: SiteConfig = { apiUrl: TEST_API_URL, siteUrl: 'https://linkhunt.test/' };
const SHARE_LINK = 'https://linkhunt.test/en/user/ana_hunts?ref=share';

/** GET /auth/check answers with this user. */
const checkAnswer = (user: OwnUser): Reply => ({ data: { status: 'success', user: { data: user } } });

/** Renders once the session refresh it starts has been answered, so nothing changes under the test's feet. */
async function renderProfile({ checked = ana, siteConfig = SITE }: { checked?: OwnUser; siteConfig?: SiteConfig } = {}) {
  const api = fakeApi(() => checkAnswer(checked));
  const view = await renderWithProviders(<ProfilePage />, { route: '/en/auth/profile', siteConfig });
  await i18n.loadNamespaces(NAMESPACE);
  await screen.findByRole('heading', { level: 1 });
  await waitFor(() => expect(api.requests).toHaveLength(1));
  await settle();
  return { ...view, api };
}

function stubClipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
}

function stubShare(share: (data: ShareData) => Promise<void>) {
  Object.defineProperty(navigator, 'share', { configurable: true, writable: true, value: share });
}

beforeEach(() => {
  localStorage.setItem(TOKEN_KEY, 'ana-token');
  sessionStore.setState({ status: 'authenticated', user: ana });
});
afterEach(() => {
  Reflect.deleteProperty(navigator, 'share');
  Reflect.deleteProperty(navigator, 'clipboard');
  resetAccountState();
});

describe('ProfilePage', () => {
  it('greets the signed-in user with their points in Chilean Spanish grouping, and their products and reviews', async () => {
    await renderProfile();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Ana Pérez');
    expect(screen.getByText('@ana_hunts')).toBeTruthy();
    expect(screen.getByTestId('profile-points').textContent).toBe('1.600 points');
    const figures = [...document.querySelectorAll('dl > div')].map((stat) => [stat.querySelector('dt')?.textContent, stat.querySelector('dd')?.textContent]);
    expect(figures).toEqual([
      ['Products', '12'],
      ['Reviews', '1.500'],
    ]);
  });

  it('shows what it knows at once and refreshes the user on arrival, so the points are current', async () => {
    const answer = deferred<Reply>();
    const api = fakeApi(() => answer.promise);
    await renderWithProviders(<ProfilePage />, { route: '/en/auth/profile', siteConfig: SITE });
    await i18n.loadNamespaces(NAMESPACE);
    expect((await screen.findByTestId('profile-points')).textContent).toBe('1.600 points');
    expect(api.requests.map((request) => request.url)).toEqual(['/auth/check']);
    expect(api.requests[0]?.headers.get('Authorization')).toBe('Bearer ana-token');

    answer.resolve(checkAnswer({ ...ana, points: 1605 }));
    await waitFor(() => expect(screen.getByTestId('profile-points').textContent).toBe('1.605 points'));
  });

  it('links to the public page, my products, favourites, settings and adding a product', async () => {
    await renderProfile();
    const nav = screen.getByRole('navigation', { name: 'Profile' });
    expect(within(nav).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['My public page', '/en/user/ana_hunts'],
      ['My products', '/en/auth/products'],
      ['Favourites', '/en/auth/favs'],
      ['Settings', '/en/auth/settings'],
      ['Add product', '/en/product/new'],
    ]);
  });

  it('shows the share link, read-only and labelled, and what each visit from it earns', async () => {
    await renderProfile();
    const share = screen.getByRole('region', { name: 'Share your profile' });
    const input = within(share).getByRole('textbox', { name: 'Your profile link' });
    expect(input).toBeInstanceOf(HTMLInputElement);
    expect((input as HTMLInputElement).value).toBe(SHARE_LINK);
    expect((input as HTMLInputElement).readOnly).toBe(true);
    expect(within(share).getByText('Each visit from this link earns you 5 points (once per visitor and day).')).toBeTruthy();
    expect(input.getAttribute('aria-describedby')).toBe(within(share).getByText(/^Each visit/).id);
  });

  it('builds the share link on the page\'s own origin when no site URL is configured', async () => {
    await renderProfile({ siteConfig: { apiUrl: TEST_API_URL } });
    const input = screen.getByRole('textbox', { name: 'Your profile link' }) as HTMLInputElement;
    expect(input.value).toBe(`${window.location.origin}/en/user/ana_hunts?ref=share`);
  });

  it('copies the share link and says so', async () => {
    const { user } = await renderProfile();
    const writeText = vi.fn((_text: string) => Promise.resolve());
    stubClipboard(writeText);
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    await waitFor(() => expect(toasts()).toEqual([{ kind: 'success', message: 'Link copied' }]));
    expect(writeText).toHaveBeenCalledExactlyOnceWith(SHARE_LINK);
  });

  it('says so when the link could not be copied', async () => {
    const { user } = await renderProfile();
    stubClipboard(() => Promise.reject(new DOMException('Denied', 'NotAllowedError')));
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    await waitFor(() => expect(toasts()).toEqual([{ kind: 'error', message: 'The link could not be copied' }]));
  });

  it('has no Share button where the browser cannot share', async () => {
    expect('share' in navigator).toBe(false);
    await renderProfile();
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Share' })).toBeNull();
  });

  it('opens the share sheet with the link where the browser has one, and says nothing when it is dismissed', async () => {
    const share = vi.fn((_data: ShareData) => Promise.reject(new DOMException('Cancelled', 'AbortError')));
    stubShare(share);
    const { user } = await renderProfile();
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(share).toHaveBeenCalledExactlyOnceWith({ title: 'Ana Pérez on Linkhunt', url: SHARE_LINK });
    await settle();
    expect(toasts()).toEqual([]);
  });

  it('follows the session when the points change', async () => {
    await renderProfile();
    act(() => sessionStore.setState({ user: { ...ana, points: 12345 } }));
    expect(screen.getByTestId('profile-points').textContent).toBe('12.345 points');
  });

  it('shows nothing once the user signs out', async () => {
    const { container } = await renderProfile();
    act(() => sessionStore.setState({ status: 'unauthenticated', user: null }));
    expect(container.innerHTML).toBe('');
  });
});
