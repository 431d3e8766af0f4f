import type { BusEvents } from '@linkhunt/contracts/events';
import { bus } from '@linkhunt/shared-ui/features/bus/event-bus.ts';
import { i18n } from '@linkhunt/shared-ui/features/i18n/i18n.ts';
import { TOKEN_KEY } from '@linkhunt/shared-ui/features/session/token-storage.ts';
import { deferred, fakeApi, type Reply, results } from '@linkhunt/shared-ui/test/fake-api.ts';
import { aProduct } from '@linkhunt/shared-ui/test/fixtures.ts';
import { pageOf } from '@linkhunt/shared-ui/test/paged.ts';
import { renderWithProviders } from '@linkhunt/shared-ui/test/render.tsx';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NAMESPACE } from '../../../register-locales.ts';
import { describeRequest, listPage, resetAccountState, seedReads, toasts } from '../../../test/account-test-kit.ts';
import FavouritesPage from './FavouritesPage.tsx';

const tote = aProduct({ id: 1, slug: 'tote', title: 'Tote bag' });
const clutch = aProduct({ id: 2, slug: 'clutch', title: 'Clutch' });
const scarf = aProduct({ id: 3, slug: 'scarf', title: 'Scarf' });

/**
 * Every heading on show in document order, as "h2 Title": axe's heading-order wants no level skipped on the way
 * down. A closed dialog's heading is not on show.
 */
const outline = () =>
  Array.from(document.querySelectorAll('h1, h2, h3, h4, h5, h6'))
    .filter((heading) => !heading.closest('dialog:not([open])'))
    .map((heading) => `${heading.tagName.toLowerCase()} ${heading.textContent}`);
const titles = () => screen.queryAllByRole('article').map((card) => card.querySelector('h3')?.textContent);

async function renderFavourites() {
  const view = await renderWithProviders(<FavouritesPage />, { route: '/en/auth/favs' });
  await i18n.loadNamespaces(NAMESPACE);
  expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Favourites');
  return view;
}

function favouritesApi(onDelete: () => Reply | Promise<Reply> = () => results({ product_id: 1, favourite: false })) {
  return fakeApi((request) => (request.method === 'delete' ? onDelete() : results([tote, clutch])));
}

/** Collects the bus's favourite:changed events while the test runs. */
function listenToFavourites() {
  const events: BusEvents['favourite:changed'][] = [];
  const unsubscribe = bus.subscribe('favourite:changed', (payload) => events.push(payload));
  return { events, unsubscribe };
}

beforeEach(() => localStorage.setItem(TOKEN_KEY, 'ana-token'));
afterEach(() => resetAccountState());

describe('FavouritesPage', () => {
  it('shows skeletons, then asks /auth/favs with the token and shows a card per favourite', async () => {
    const answer = deferred<Reply>();
    const api = fakeApi(() => answer.promise);
    const { container } = await renderFavourites();
    expect(container.querySelectorAll('[data-skeleton="product-card"]')).toHaveLength(8);

    answer.resolve(results([tote, clutch]));
    const cards = await screen.findAllByRole('article');
    expect(cards.map((card) => [card.querySelector('h3')?.textContent, card.querySelector('a')?.getAttribute('href')])).toEqual([
      ['Tote bag', '/en/product/tote'],
      ['Clutch', '/en/product/clutch'],
    ]);
    expect(screen.getAllByRole('button', { name: /^Remove / }).map((button) => button.getAttribute('aria-label'))).toEqual([
      'Remove Tote bag from favourites',
      'Remove Clutch from favourites',
    ]);
    expect(api.requests.map((request) => request.url)).toEqual(['/auth/favs']);
    expect(api.requests[0]?.headers.get('Authorization')).toBe('Bearer ana-token');
    expect(screen.queryByText('You have no favourites yet.')).toBeNull();
  });

  it('puts a heading, for screen readers, between the page title and the cards', async () => {
    favouritesApi();
    await renderFavourites();
    await screen.findAllByRole('article');
    expect(outline()).toEqual(['h1 Favourites', 'h2 Favourite products', 'h3 Tote bag', 'h3 Clutch']);
    expect(screen.getByRole('heading', { level: 2 }).classList.contains('visually-hidden')).toBe(true);
  });

  it('says so when there are no favourites, with the way home', async () => {
    fakeApi(() => results([]));
    await renderFavourites();
    expect((await screen.findByRole('heading', { level: 2 })).textContent).toBe('You have no favourites yet.');
    expect(screen.getByRole('link', { name: 'Discover products' }).getAttribute('href')).toBe('/en/index');
    expect(screen.queryAllByRole('article')).toHaveLength(0);
  });

  it('says the list could not be loaded when the call fails, and loads it on "Try again"', async () => {
    let failures = 1;
    fakeApi(() => (failures-- > 0 ? { status: 500, data: null } : results([tote])));
    const { user } = await renderFavourites();
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Tote bag' })).toBeTruthy();
  });

  it('loads the next page with "Load more"', async () => {
    const api = fakeApi((request) =>
      pageOf(request.url) === 1 ? listPage([tote, clutch], { page: 1, totalPages: 2, total: 3 }) : listPage([scarf], { page: 2, totalPages: 2, total: 3 }),
    );
    const { user } = await renderFavourites();
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    await screen.findByRole('heading', { name: 'Scarf' });
    expect(titles()).toEqual(['Tote bag', 'Clutch', 'Scarf']);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(api.requests.map((request) => request.url)).toEqual(['/auth/favs', '/auth/favs?page=2']);
  });

  it('does not skip a favourite on the next page after one was removed', async () => {
    const four = [tote, clutch, scarf, aProduct({ id: 4, slug: 'belt', title: 'Belt' })];
    let removed = false;
    const api = fakeApi((request) => {
      if (request.method === 'delete') {
        removed = true;
        return results({ product_id: 1, favourite: false });
      }
      // The server's pages, two a page, as they are at the time of the call.
      const left = removed ? four.slice(1) : four;
      const page = pageOf(request.url);
      return listPage(left.slice((page - 1) * 2, page * 2), { page, totalPages: Math.ceil(left.length / 2), total: left.length });
    });
    const { user } = await renderFavourites();
    await user.click(await screen.findByRole('button', { name: 'Remove Tote bag from favourites' }));
    await waitFor(() => expect(toasts()).toEqual([{ kind: 'success', message: 'Removed from favourites' }]));

    // Page 1 is asked again once removed: Scarf moved up to it. Then page 2.
    await screen.findByRole('heading', { name: 'Scarf' });
    expect(titles()).toEqual(['Clutch', 'Scarf']);
    expect(screen.getByRole('status').textContent).toBe('Showing 2 of 3 products');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByRole('heading', { name: 'Belt' });
    expect(titles()).toEqual(['Clutch', 'Scarf', 'Belt']);
    expect(api.requests.map(describeRequest)).toEqual(['GET /auth/favs', 'DELETE /products/1/favourite', 'GET /auth/favs', 'GET /auth/favs?page=2']);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('removes a favourite at once, then says so and tells the other remotes', async () => {
    const answer = deferred<Reply>();
    const api = favouritesApi(() => answer.promise);
    const bus = listenToFavourites();
    try {
      const { user } = await renderFavourites();
      await user.click(await screen.findByRole('button', { name: 'Remove Tote bag from favourites' }));

      expect(titles()).toEqual(['Clutch']);
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Clutch' }).closest('a'));
      await waitFor(() => expect(api.requests.map(describeRequest)).toEqual(['GET /auth/favs', 'DELETE /products/1/favourite']));
      expect(bus.events).toEqual([]);

      answer.resolve(results({ product_id: 1, favourite: false }));
      await waitFor(() => expect(toasts()).toEqual([{ kind: 'success', message: 'Removed from favourites' }]));
      expect(bus.events).toEqual([{ productId: 1, favourite: false }]);
    } finally {
      bus.unsubscribe();
    }
  });

  it('leaves no product page showing the removed favourite\'s heart as it was', async () => {
    const untouched = seedReads(['/products/1/favourite']);
    favouritesApi();
    const { user } = await renderFavourites();
    await user.click(await screen.findByRole('button', { name: 'Remove Tote bag from favourites' }));
    await waitFor(() => expect(toasts()).toEqual([{ kind: 'success', message: 'Removed from favourites' }]));
    expect(untouched()).toEqual([]);
  });

  it('puts the favourite back with an error toast when the call fails', async () => {
    favouritesApi(() => ({ status: 500, data: null }));
    const bus = listenToFavourites();
    try {
      const { user } = await renderFavourites();
      await user.click(await screen.findByRole('button', { name: 'Remove Tote bag from favourites' }));
      await waitFor(() => expect(toasts()).toEqual([{ kind: 'error', message: 'The favourite could not be removed' }]));
      expect(titles()).toEqual(['Tote bag', 'Clutch']);
      expect(bus.events).toEqual([]);
    } finally {
      bus.unsubscribe();
    }
  });

  it('toasts the server\'s first validation message when it gives one', async () => {
    favouritesApi(() => ({ status: 422, data: { message: 'Invalid', errors: { id: ['The product does not exist.'] } } }));
    const { user } = await renderFavourites();
    await user.click(await screen.findByRole('button', { name: 'Remove Clutch from favourites' }));
    await waitFor(() => expect(toasts()).toEqual([{ kind: 'error', message: 'The product does not exist.' }]));
    expect(titles()).toEqual(['Tote bag', 'Clutch']);
  });

  it('shows the empty state, with the focus on its link, once the last favourite is removed', async () => {
    let removed = false;
    fakeApi((request) => {
      if (request.method !== 'delete') return results(removed ? [] : [tote]);
      removed = true;
      return results({ product_id: 1, favourite: false });
    });
    const { user } = await renderFavourites();
    await user.click(await screen.findByRole('button', { name: 'Remove Tote bag from favourites' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'You have no favourites yet.' })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Discover products' })));
    await waitFor(() => expect(toasts()).toEqual([{ kind: 'success', message: 'Removed from favourites' }]));
  });
});
