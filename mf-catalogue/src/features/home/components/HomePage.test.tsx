import { bus } from '@linkhunt/shared-ui/features/bus/event-bus.ts';
import { i18n } from '@linkhunt/shared-ui/features/i18n/i18n.ts';
import { sessionStore } from '@linkhunt/shared-ui/features/session/session-store.ts';
import { queryClient } from '@linkhunt/shared-ui/features/query/query-client.ts';
import { fakeApi, type Reply, restoreApi, results } from '@linkhunt/shared-ui/test/fake-api.ts';
import { aBrand, aCategory, anOwnUser, aProduct, aUser } from '@linkhunt/shared-ui/test/fixtures.ts';
import { renderWithProviders } from '@linkhunt/shared-ui/test/render.tsx';
import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { NAMESPACE } from '../../../register-locales.ts';
import { fakeHomeApi, SERVER_ERROR, skeletons } from '../../../test/home-api.ts';
import { settle } from '@linkhunt/shared-ui/test/settle.ts';
import { brandsQuery, categoriesQuery, featuredQuery, recentsQuery, usersQuery } from '../api/home-queries.ts';
import HomePage from './HomePage.tsx';

const tote = aProduct({ id: 1, slug: 'tote', title: 'Tote bag' });
const clutch = aProduct({ id: 2, slug: 'clutch', title: 'Clutch' });

/** Every home endpoint answering with one item, unless the test says otherwise. */
function homeApi(answers: Partial<Record<string, Reply | (() => Reply)>> = {}) {
  return fakeHomeApi({
    '/brands': results([aBrand({ slug: 'nike', name: 'Nike' })]),
    '/products/featured': results([tote]),
    '/products/recents': results([clutch]),
    '/users/top': results([aUser({ username: 'ana_hunts' })]),
    '/categories/featured': results([aCategory(1, { slug: 'gorras', name: 'Gorras' })]),
    ...answers,
  });
}

async function renderHome() {
  const view = await renderWithProviders(<HomePage />, { route: '/en/index' });
  await i18n.loadNamespaces(NAMESPACE);
  await screen.findByRole('heading', { level: 1 });
  return view;
}

const region = (name: string) => screen.getByRole('region', { name });

/** The href of the first link of a block once its content has arrived. */
async function firstLinkIn(name: string) {
  const links = await within(region(name)).findAllByRole('link');
  return links[0]?.getAttribute('href');
}

/** Waits until every block of the default `homeApi` shows its content. */
async function everyBlockLoaded() {
  expect(await firstLinkIn('Brands')).toBe('/en/brand/nike');
  expect(await firstLinkIn('Featured products')).toBe('/en/product/tote');
  expect(await firstLinkIn('Latest finds')).toBe('/en/product/clutch');
  expect(await firstLinkIn('Top hunters')).toBe('/en/user/ana_hunts');
  expect(await within(region('Featured categories')).findByRole('link', { name: /Gorras/ })).toBeTruthy();
}

const recentsSection = () => region('Latest finds');
const requestsFor = (api: ReturnType<typeof homeApi>, url: string) => api.requests.filter((request) => request.url === url).length;

afterEach(() => {
  cleanup();
  restoreApi();
  sessionStore.setState({ status: 'pending', user: null });
});

describe('HomePage', () => {
  it('opens with the hero and quick links to three categories', async () => {
    homeApi();
    await renderHome();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Hunt down the best links');
    const quickLinks = screen.getByRole('navigation', { name: 'Popular categories' });
    expect(within(quickLinks).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Sneakers', '/en/cat/sneakers'],
      ['Accessories', '/en/cat/accesorios'],
      ['Dresses & skirts', '/en/cat/vestidos-y-faldas'],
    ]);
    await everyBlockLoaded();
    expect(document.title).toBe('Find the best links on Hacoo, DHGate and CNFans | Linkhunt');
  });

  it('shows its blocks in the order of the spec, with the invitation to join for a signed-out visitor', async () => {
    sessionStore.setState({ status: 'unauthenticated', user: null });
    const api = homeApi();
    await renderHome();
    await everyBlockLoaded();
    const headings = screen.getAllByRole('heading').filter((heading) => heading.tagName === 'H1' || heading.tagName === 'H2');
    expect(headings.map((heading) => heading.textContent)).toEqual([
      'Hunt down the best links',
      'Brands',
      'Featured products',
      'Latest finds',
      'Found something good? Share it.',
      'Top hunters',
      'Featured categories',
    ]);
    expect([...api.requests.map((request) => request.url)].sort()).toEqual([
      '/brands',
      '/categories/featured',
      '/products/featured',
      '/products/recents',
      '/users/top',
    ]);
  });

  it('never skips a heading level on the way down', async () => {
    sessionStore.setState({ status: 'unauthenticated', user: null });
    homeApi();
    await renderHome();
    await everyBlockLoaded();
    const levels = Array.from(document.querySelectorAll('h1, h2, h3, h4, h5, h6'), (heading) => Number(heading.tagName.slice(1)));
    expect(levels[0]).toBe(1);
    expect(levels.filter((level, index) => index > 0 && level > (levels[index - 1] ?? 0) + 1)).toEqual([]);
    expect(levels).toContain(3);
  });

  it('leaves out the invitation to join for a signed-in visitor', async () => {
    sessionStore.setState({ status: 'authenticated', user: anOwnUser() });
    homeApi();
    await renderHome();
    await everyBlockLoaded();
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Brands',
      'Featured products',
      'Latest finds',
      'Top hunters',
      'Featured categories',
    ]);
    expect(screen.queryByRole('link', { name: 'Create an account' })).toBeNull();
  });

  it('keeps the recent products placeholders and everything else when the recent products cannot be loaded, says so once, and loads them on "Try again"', async () => {
    let recents: Reply = SERVER_ERROR;
    const api = homeApi({ '/products/recents': () => recents });
    await renderHome();
    expect(await firstLinkIn('Brands')).toBe('/en/brand/nike');
    expect(await firstLinkIn('Featured products')).toBe('/en/product/tote');
    expect(await firstLinkIn('Top hunters')).toBe('/en/user/ana_hunts');
    expect(await within(region('Featured categories')).findByRole('link', { name: /Gorras/ })).toBeTruthy();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { level: 2 }).textContent).toBe('Part of this page could not be loaded');
    expect(alert.textContent).toContain('Check your connection and try again.');
    expect(requestsFor(api, '/products/recents')).toBe(1);
    expect(skeletons(recentsSection(), 'product-card')).toBe(16);
    expect(within(recentsSection()).getAllByRole('heading').map((heading) => heading.textContent)).toEqual(['Latest finds']);
    expect(screen.queryByText('No products yet')).toBeNull();

    recents = results([clutch]);
    await act(() => within(alert).getByRole('button', { name: 'Try again' }).click());
    expect(await firstLinkIn('Latest finds')).toBe('/en/product/clutch');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(requestsFor(api, '/products/recents')).toBe(2);
    // Only what failed is asked again.
    expect(requestsFor(api, '/brands')).toBe(1);
    expect(requestsFor(api, '/users/top')).toBe(1);
  });

  it('with the API unreachable, shows every placeholder and one message, and fills every block once it is back', async () => {
    let down = true;
    const answers: Record<string, Reply> = {
      '/brands': results([aBrand({ slug: 'nike', name: 'Nike' })]),
      '/products/featured': results([tote]),
      '/products/recents': results([clutch]),
      '/users/top': results([aUser({ username: 'ana_hunts' })]),
      '/categories/featured': results([aCategory(1, { slug: 'gorras', name: 'Gorras' })]),
    };
    const api = fakeApi((request) => (down ? Promise.reject(new TypeError('Failed to fetch')) : (answers[request.url ?? ''] ?? { status: 404 })));
    await renderHome();
    const alert = await screen.findByRole('alert');
    await settle();
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(skeletons(region('Brands'), 'brand-logo')).toBeGreaterThan(0);
    expect(skeletons(region('Featured products'), 'product-card')).toBeGreaterThan(0);
    expect(skeletons(recentsSection(), 'product-card')).toBe(16);
    expect(skeletons(region('Top hunters'), 'user-card')).toBe(4);
    expect(skeletons(region('Featured categories'), 'category-card')).toBe(4);
    expect(api.requests).toHaveLength(5);

    down = false;
    await act(() => within(alert).getByRole('button', { name: 'Try again' }).click());
    await everyBlockLoaded();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(api.requests).toHaveLength(10);
  });

  it('shows the lists at once, without asking for them again, when the visitor comes back home', async () => {
    const api = homeApi();
    const first = await renderHome();
    await everyBlockLoaded();
    first.unmount();

    await renderWithProviders(<HomePage />, { route: '/en/index' });
    const cards = within(recentsSection()).getAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('link').getAttribute('href'))).toEqual(['/en/product/clutch']);
    expect(skeletons(recentsSection(), 'product-card')).toBe(0);
    expect(within(region('Brands')).getByRole('link').getAttribute('href')).toBe('/en/brand/nike');
    expect(within(region('Featured products')).getByRole('link').getAttribute('href')).toBe('/en/product/tote');

    await everyBlockLoaded();
    await settle();
    expect(requestsFor(api, '/brands')).toBe(1);
    expect(requestsFor(api, '/products/featured')).toBe(1);
    expect(requestsFor(api, '/products/recents')).toBe(1);
  });

  it('loads the lists again when the visitor uploads a product', async () => {
    let recents = [clutch];
    const api = homeApi({ '/products/recents': () => results(recents) });
    await renderHome();
    await everyBlockLoaded();

    recents = [aProduct({ id: 3, slug: 'beanie', title: 'Beanie' }), clutch];
    act(() => bus.publish('product:uploaded', { productId: 3, slug: 'beanie' }));
    const beanie = await within(recentsSection()).findByRole('link', { name: /Beanie/ });
    expect(beanie.getAttribute('href')).toBe('/en/product/beanie');
    expect(within(recentsSection()).getAllByRole('article')).toHaveLength(2);
    expect(requestsFor(api, '/products/recents')).toBe(2);
  });

  it('shows the lists the server rendered with, featured in the order the server drew, and asks the API for none of them', async () => {
    const api = homeApi();
    // As the server's page hands them over: featured already shuffled (clutch before tote).
    queryClient().setQueryData(brandsQuery().queryKey, { status: 200, ...results([aBrand({ slug: 'nike', name: 'Nike' })]) });
    queryClient().setQueryData(featuredQuery().queryKey, { status: 200, ...results([clutch, tote]) });
    queryClient().setQueryData(recentsQuery().queryKey, { status: 200, ...results([clutch]) });
    queryClient().setQueryData(usersQuery().queryKey, { status: 200, ...results([aUser({ username: 'ana_hunts' })]) });
    queryClient().setQueryData(categoriesQuery().queryKey, { status: 200, ...results([aCategory(1, { slug: 'gorras', name: 'Gorras' })]) });
    await renderHome();
    const featured = within(region('Featured products')).getAllByRole('article');
    expect(featured.map((card) => within(card).getByRole('link').getAttribute('href'))).toEqual(['/en/product/clutch', '/en/product/tote']);
    expect(await firstLinkIn('Top hunters')).toBe('/en/user/ana_hunts');
    await settle();
    expect(api.requests).toHaveLength(0);
  });

  it('says at once that part of the page could not be loaded when the server rendered it without an answer', async () => {
    homeApi();
    queryClient().setQueryData(usersQuery().queryKey, { status: null, data: null });
    await renderHome();
    expect(screen.getByRole('alert').textContent).toContain('Part of this page could not be loaded');
  });
});
