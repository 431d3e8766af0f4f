import type { PublicUser } from '@linkhunt/contracts/user';
import type { ReceivedValoration } from '@linkhunt/contracts/with-products';
import { i18n } from '@linkhunt/shared-ui/features/i18n/i18n.ts';
import { sessionStore } from '@linkhunt/shared-ui/features/session/session-store.ts';
import { deferred, fakeApi, type Reply, results } from '@linkhunt/shared-ui/test/fake-api.ts';
import { aProduct, anOwnUser, aUser } from '@linkhunt/shared-ui/test/fixtures.ts';
import { pagedResults, pageOf } from '@linkhunt/shared-ui/test/paged.ts';
import { renderWithProviders, TEST_API_URL } from '@linkhunt/shared-ui/test/render.tsx';
import { settle } from '@linkhunt/shared-ui/test/settle.ts';
import { screen, waitFor, within } from '@testing-library/react';
import { Fragment, StrictMode } from 'react';
import { Route, Routes, useLocation, useNavigationType } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NAMESPACE } from '../../../register-locales.ts';
import { describeRequest, listPage, resetAccountState, toasts } from '../../../test/account-test-kit.ts';
import UserPage from './UserPage.tsx';

const ana = aUser({
  name: 'Ana Pérez',
  username: 'ana_hunts',
  points: 1600,
  num_products: 3,
  num_valorations: 1234,
  biography: 'I hunt bags.',
  created_at: '2024-02-01T10:00:00Z',
});
const product = (id: number) => aProduct({ id, slug: `bag-${id}`, title: `Bag ${id}` });
const USER_URL = '/users/username/ana_hunts?include=products';
const REVIEWS_URL = '/users/username/ana_hunts/valorations';

function aReview(id: number, overrides: Partial<ReceivedValoration> = {}): ReceivedValoration {
  return {
    id,
    stars: 4,
    review: `Review ${id}`,
    language: 'en',
    created_at: '2025-03-12T10:00:00Z',
    user: { id: 9, name: 'Bob Ruiz', username: 'bob', avatar: null, created_at: '2024-01-01T00:00:00Z' },
    product: { id: 1, slug: 'bag-1', title: 'Bag 1', language: 'en', thumbnail: 'products/bag-1-thumb.webp' },
    counted: true,
    photos: [],
    photos_removed: null,
    ...overrides,
  };
}

/** Three products and three reviews, two a page. */
const productPages = (user: PublicUser) => (page: number) =>
  page === 1 ? pagedResults(user, [product(1), product(2)], { page: 1, totalPages: 2, total: 3 }) : pagedResults(user, [product(3)], { page: 2, totalPages: 2, total: 3 });
const reviewPages = (page: number) =>
  page === 1 ? listPage([aReview(1), aReview(2)], { page: 1, totalPages: 2, total: 3 }) : listPage([aReview(3)], { page: 2, totalPages: 2, total: 3 });

interface Answers {
  user?: (page: number) => Reply | Promise<Reply>;
  reviews?: (page: number) => Reply | Promise<Reply>;
  visit?: () => Reply | Promise<Reply>;
}

function userApi({ user = productPages(ana), reviews = reviewPages, visit = () => ({ data: { counted: true } }) }: Answers = {}) {
  return fakeApi((request) => {
    const url = request.url ?? '';
    if (request.method === 'post') return visit();
    return url.startsWith(REVIEWS_URL) ? reviews(pageOf(url)) : user(pageOf(url));
  });
}


function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location" data-navigation={useNavigationType()}>{`${location.pathname}${location.search}${location.hash}`}</output>;
}

async function renderUser(path: string, { strict = false } = {}) {
  const Wrapper = strict ? StrictMode : Fragment;
  const view = await renderWithProviders(
    <Wrapper>
      <Routes>
        <Route
          path="/:lang/user/:username"
          element={
            <>
              <UserPage />
              <LocationProbe />
            </>
          }
        />
      </Routes>
    </Wrapper>,
    { route: path },
  );
  await i18n.loadNamespaces(NAMESPACE);
  return view;
}

const productTitles = () =>
  within(screen.getByRole('region', { name: 'Products' }))
    .queryAllByRole('article')
    .map((card) => card.querySelector('h3')?.textContent);
const reviewsRegion = () => screen.getByRole('region', { name: 'Reviews of their products' });
const reviewTexts = () =>
  within(reviewsRegion())
    .queryAllByRole('listitem')
    .map((item) => item.querySelector('p')?.textContent);

/** user-event puts its own clipboard on the navigator when it is set up, so this goes in after the render. */
function stubClipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'clipboard');
  resetAccountState();
});

describe('UserPage', () => {
  it('shows placeholders while the user loads', async () => {
    fakeApi(() => deferred<Reply>().promise);
    const { container } = await renderUser('/en/user/ana_hunts');
    // The page's words are loaded by then, and the answers are still to come.
    await screen.findByRole('region', { name: 'Products' });
    expect(container.querySelector('[data-skeleton="user-profile"]')).toBeTruthy();
    expect(container.querySelectorAll('[data-skeleton="product-card"]')).toHaveLength(8);
    expect(container.querySelector('[data-skeleton="reviews"]')).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
  });

  it('shows the user: avatar, name, @username, member since, biography and figures, with the page title', async () => {
    const api = userApi();
    await renderUser('/en/user/ana_hunts');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ana Pérez' })).toBeTruthy();
    const avatar = screen.getByRole('img', { name: 'Profile picture of Ana Pérez' });
    expect([avatar.getAttribute('src'), avatar.getAttribute('width'), avatar.getAttribute('height')]).toEqual([`${TEST_API_URL}/avatars/ana.png`, '96', '96']);
    expect(screen.getByText('@ana_hunts')).toBeTruthy();
    expect(screen.getByText('Member since February 2024')).toBeTruthy();
    expect(screen.getByText('I hunt bags.').hasAttribute('lang')).toBe(false);
    const figures = [...document.querySelectorAll('dl > div')].map((stat) => [stat.querySelector('dt')?.textContent, stat.querySelector('dd')?.textContent]);
    expect(figures).toEqual([
      ['Points', '1.600'],
      ['Products', '3'],
      ['Reviews', '1.234'],
    ]);
    expect(screen.queryByText('Coupon code')).toBeNull();
    await waitFor(() => expect(document.title).toBe('Ana Pérez | Linkhunt'));
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe('I hunt bags.');
    expect(api.requests.map(describeRequest).sort()).toEqual([`GET ${REVIEWS_URL}`, `GET ${USER_URL}`]);
  });

  it('marks the biography and the reviews with their language when it is not the page\'s', async () => {
    const spanishUser = { ...ana, biography: 'Cazo bolsos.', language: 'es' as const };
    const spanishReviews = (page: number) =>
      listPage([aReview(1, { review: 'Muy bonito', language: 'es' }), aReview(2, { review: 'Lovely bag', language: 'en' })], { page, totalPages: 1, total: 2 });
    userApi({ user: () => pagedResults(spanishUser, [product(1)], { page: 1, totalPages: 1, total: 1 }), reviews: spanishReviews });
    await renderUser('/en/user/ana_hunts');
    expect((await screen.findByText('Cazo bolsos.')).getAttribute('lang')).toBe('es');
    expect((await screen.findByText('Muy bonito')).getAttribute('lang')).toBe('es');
    expect(screen.getByText('Lovely bag').hasAttribute('lang')).toBe(false);
  });

  it('shows the initials when the user has no avatar, and a description of its own without a biography', async () => {
    const plain = { ...ana, avatar: null, biography: null };
    userApi({ user: productPages(plain) });
    await renderUser('/en/user/ana_hunts');
    await screen.findByRole('heading', { level: 1, name: 'Ana Pérez' });
    expect(screen.queryByRole('img', { name: 'Profile picture of Ana Pérez' })).toBeNull();
    expect(screen.getByText('AP')).toBeTruthy();
    await waitFor(() => expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe("Ana Pérez's finds on Linkhunt."));
  });

  it('shows the coupon code with a button that copies it', async () => {
    userApi({ user: productPages({ ...ana, coupon: 'ANA10' }) });
    const { user } = await renderUser('/en/user/ana_hunts');
    await screen.findByRole('heading', { level: 1, name: 'Ana Pérez' });
    expect(screen.getByText('ANA10').tagName).toBe('CODE');
    const writeText = vi.fn((_text: string) => Promise.resolve());
    stubClipboard(writeText);
    await user.click(screen.getByRole('button', { name: 'Copy code' }));
    await waitFor(() => expect(toasts()).toEqual([{ kind: 'success', message: 'Coupon code copied' }]));
    expect(writeText).toHaveBeenCalledExactlyOnceWith('ANA10');
  });

  it('says so when the coupon code could not be copied', async () => {
    userApi({ user: productPages({ ...ana, coupon: 'ANA10' }) });
    const { user } = await renderUser('/en/user/ana_hunts');
    await screen.findByRole('heading', { level: 1, name: 'Ana Pérez' });
    stubClipboard(() => Promise.reject(new DOMException('Denied', 'NotAllowedError')));
    await user.click(screen.getByRole('button', { name: 'Copy code' }));
    await waitFor(() => expect(toasts()).toEqual([{ kind: 'error', message: 'The coupon code could not be copied' }]));
  });

  it('never skips a heading level on the way down', async () => {
    userApi();
    await renderUser('/en/user/ana_hunts');
    await screen.findByRole('heading', { name: 'Bag 1' });
    await within(reviewsRegion()).findAllByRole('listitem');
    const levels = Array.from(document.querySelectorAll('h1, h2, h3, h4, h5, h6'), (heading) => Number(heading.tagName.slice(1)));
    expect(levels.slice(0, 4)).toEqual([1, 2, 3, 3]);
    expect(levels.filter((level, index) => index > 0 && level > (levels[index - 1] ?? 0) + 1)).toEqual([]);
  });

  it('shows their products a page at a time', async () => {
    const api = userApi();
    const { user } = await renderUser('/en/user/ana_hunts');
    await screen.findByRole('heading', { name: 'Bag 1' });
    expect(productTitles()).toEqual(['Bag 1', 'Bag 2']);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByRole('heading', { name: 'Bag 3' });
    expect(productTitles()).toEqual(['Bag 1', 'Bag 2', 'Bag 3']);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(api.requests.map((request) => request.url)).toContain(`${USER_URL}&page=2`);
  });

  it('says so when the user has no products', async () => {
    userApi({ user: () => results({ ...ana, products: { data: [] } }) });
    await renderUser('/en/user/ana_hunts');
    expect(await screen.findByRole('heading', { level: 3, name: 'This user has not uploaded any product yet.' })).toBeTruthy();
  });

  it('shows the reviews of their products: reviewer, stars, date, text and the product', async () => {
    userApi({ reviews: () => listPage([aReview(1, { stars: 5 }), aReview(2, { review: null })], { page: 1, totalPages: 1, total: 2 }) });
    await renderUser('/en/user/ana_hunts');
    const region = reviewsRegion();
    const [first, second] = await within(region).findAllByRole('listitem');
    if (!first || !second) throw new Error('expected two reviews');
    expect(within(first).getByRole('link', { name: 'Bob Ruiz @bob' }).getAttribute('href')).toBe('/en/user/bob');
    expect(within(first).getByRole('img', { name: '5/5' })).toBeTruthy();
    expect(within(first).getByText('Mar 12, 2025').getAttribute('datetime')).toBe('2025-03-12T10:00:00Z');
    expect(within(first).getByText('Review 1')).toBeTruthy();
    const productLink = within(first).getByRole('link', { name: 'Bag 1' });
    expect(productLink.getAttribute('href')).toBe('/en/product/bag-1');
    expect(productLink.querySelector('img')?.getAttribute('src')).toBe(`${TEST_API_URL}/images/products/bag-1-thumb.webp`);
    expect(within(second).getByRole('img', { name: '4/5' })).toBeTruthy();
    expect(within(second).queryByText(/^Review/)).toBeNull();
    expect(within(region).queryByRole('button', { name: 'Load more reviews' })).toBeNull();
  });

  it('loads more reviews with their own button and moves the focus to the first new one', async () => {
    const api = userApi();
    const { user } = await renderUser('/en/user/ana_hunts');
    await within(reviewsRegion()).findAllByRole('listitem');
    expect(reviewTexts()).toEqual(['Review 1', 'Review 2']);
    expect(within(reviewsRegion()).getByRole('status').textContent).toBe('Showing 2 of 3 reviews');

    await user.click(screen.getByRole('button', { name: 'Load more reviews' }));
    await within(reviewsRegion()).findByText('Review 3');
    expect(reviewTexts()).toEqual(['Review 1', 'Review 2', 'Review 3']);
    expect(screen.queryByRole('button', { name: 'Load more reviews' })).toBeNull();
    expect(api.requests.map((request) => request.url)).toContain(`${REVIEWS_URL}?page=2`);
    await waitFor(() => expect(document.activeElement).toBe(within(reviewsRegion()).getAllByRole('link', { name: 'Bob Ruiz @bob' })[2]));
  });

  it('says nobody has reviewed their products when there are no reviews, and when they could not be loaded', async () => {
    userApi({ reviews: () => listPage([], { page: 1, totalPages: 0, total: 0 }) });
    const first = await renderUser('/en/user/ana_hunts');
    expect(await within(reviewsRegion()).findByText('Nobody has reviewed their products yet.')).toBeTruthy();
    first.unmount();

    userApi({ reviews: () => ({ status: 500, data: { message: 'Server Error' } }) });
    await renderUser('/en/user/ana_hunts');
    expect(await within(reviewsRegion()).findByText('Nobody has reviewed their products yet.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Ana Pérez' })).toBeTruthy();
    expect(screen.queryByText('This page could not be loaded')).toBeNull();
  });

  it('sends the username as one encoded path segment', async () => {
    const api = fakeApi((request) => (request.url?.includes('/valorations') ? listPage([], { page: 1, totalPages: 0, total: 0 }) : results({ ...ana, products: { data: [] } })));
    await renderUser('/en/user/ana%2Fhunts');
    await screen.findByRole('heading', { level: 1, name: 'Ana Pérez' });
    expect(api.requests.map((request) => request.url).sort()).toEqual(['/users/username/ana%2Fhunts/valorations', '/users/username/ana%2Fhunts?include=products']);
  });

  it('says an unknown user does not exist, with the way home', async () => {
    fakeApi(() => ({ status: 404, data: { message: 'User not found' } }));
    await renderUser('/en/user/nobody');
    expect(await screen.findByRole('heading', { level: 1, name: 'This user does not exist.' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/en/index');
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('says the page could not be loaded when the server fails, and loads it on "Try again"', async () => {
    let failures = 1;
    const ok = productPages(ana);
    userApi({ user: (page) => (failures-- > 0 ? { status: 500, data: { message: 'Server Error' } } : ok(page)) });
    const { user } = await renderUser('/en/user/ana_hunts');
    expect(await screen.findByRole('heading', { name: 'This page could not be loaded' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Ana Pérez' })).toBeTruthy();
  });

  describe('a visit from a shared link', () => {
    const visits = (requests: ReturnType<typeof fakeApi>['requests']) => requests.filter((request) => request.method === 'post').map(describeRequest);

    it('is counted once with ?ref=share, without waiting for it, and the parameter leaves the address', async () => {
      const visitAnswer = deferred<Reply>();
      const api = userApi({ visit: () => visitAnswer.promise });
      await renderUser('/en/user/ana_hunts?ref=share&utm_source=chat#reviews');

      // The visit is still unanswered: the page is there anyway.
      expect(await screen.findByRole('heading', { level: 1, name: 'Ana Pérez' })).toBeTruthy();
      const location = screen.getByTestId('location');
      expect(location.textContent).toBe('/en/user/ana_hunts?utm_source=chat#reviews');
      expect(location.getAttribute('data-navigation')).toBe('REPLACE');
      expect(visits(api.requests)).toEqual(['POST /users/ana_hunts/visit']);

      visitAnswer.resolve({ data: { counted: true } });
      await settle();
      expect(visits(api.requests)).toHaveLength(1);
      expect(toasts()).toEqual([]);
    });

    it('is sent once in Strict Mode too, where effects run twice', async () => {
      const api = userApi();
      await renderUser('/en/user/ana_hunts?ref=share', { strict: true });
      await screen.findByRole('heading', { level: 1, name: 'Ana Pérez' });
      await settle();
      expect(visits(api.requests)).toEqual(['POST /users/ana_hunts/visit']);
      expect(screen.getByTestId('location').textContent).toBe('/en/user/ana_hunts');
    });

    it('is not sent without ?ref=share', async () => {
      const api = userApi();
      await renderUser('/en/user/ana_hunts?ref=other');
      await screen.findByRole('heading', { level: 1, name: 'Ana Pérez' });
      await settle();
      expect(visits(api.requests)).toEqual([]);
      expect(screen.getByTestId('location').textContent).toBe('/en/user/ana_hunts?ref=other');
      expect(screen.getByTestId('location').getAttribute('data-navigation')).toBe('POP');
    });

    it('is not sent for the owner, whose address is cleaned all the same', async () => {
      sessionStore.setState({ status: 'authenticated', user: anOwnUser({ username: 'Ana_Hunts' }) });
      const api = userApi();
      await renderUser('/en/user/ana_hunts?ref=share');
      await screen.findByRole('heading', { level: 1, name: 'Ana Pérez' });
      await settle();
      expect(visits(api.requests)).toEqual([]);
      expect(screen.getByTestId('location').textContent).toBe('/en/user/ana_hunts');
    });

    it('says nothing when the visit is refused', async () => {
      const api = userApi({ visit: () => ({ status: 429, data: { message: 'Too many requests' } }) });
      await renderUser('/en/user/ana_hunts?ref=share');
      await screen.findByRole('heading', { level: 1, name: 'Ana Pérez' });
      await settle();
      expect(visits(api.requests)).toHaveLength(1);
      expect(toasts()).toEqual([]);
      expect(screen.getByTestId('location').textContent).toBe('/en/user/ana_hunts');
    });
  });
});
