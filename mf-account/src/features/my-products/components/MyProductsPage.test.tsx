import type { BusEvents } from '@linkhunt/contracts/events';
import type { OwnProduct } from '@linkhunt/contracts/product';
import { bus } from '@linkhunt/shared-ui/features/bus/event-bus.ts';
import { i18n } from '@linkhunt/shared-ui/features/i18n/i18n.ts';
import { TOKEN_KEY } from '@linkhunt/shared-ui/features/session/token-storage.ts';
import { deferred, fakeApi, type Reply, results } from '@linkhunt/shared-ui/test/fake-api.ts';
import { aProduct } from '@linkhunt/shared-ui/test/fixtures.ts';
import { pageOf } from '@linkhunt/shared-ui/test/paged.ts';
import { renderWithProviders } from '@linkhunt/shared-ui/test/render.tsx';
import { settle } from '@linkhunt/shared-ui/test/settle.ts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NAMESPACE } from '../../../register-locales.ts';
import { describeRequest, listPage, resetAccountState, toasts } from '../../../test/account-test-kit.ts';
import MyProductsPage from './MyProductsPage.tsx';

const anOwnProduct = (overrides: Partial<OwnProduct>): OwnProduct => ({
  ...aProduct(overrides),
  link_hacoo: 'https://www.hacoo.com/p/1',
  link_dhgate: null,
  link_cnfans: null,
  ...overrides,
});

const tote = anOwnProduct({ id: 1, slug: 'tote', title: 'Tote bag' });
const cap = anOwnProduct({ id: 2, slug: 'old-cap', title: 'Old cap', hidden: 1 });
const scarf = anOwnProduct({ id: 3, slug: 'scarf', title: 'Scarf' });


async function renderMyProducts() {
  const view = await renderWithProviders(<MyProductsPage />, { route: '/en/auth/products' });
  await i18n.loadNamespaces(NAMESPACE);
  expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('My products');
  return view;
}

/**
 * Every heading on show in document order, as "h2 Title": axe's heading-order wants no level skipped on the way
 * down. A closed dialog's heading is not on show.
 */
const outline = () =>
  Array.from(document.querySelectorAll('h1, h2, h3, h4, h5, h6'))
    .filter((heading) => !heading.closest('dialog:not([open])'))
    .map((heading) => `${heading.tagName.toLowerCase()} ${heading.textContent}`);
const titles = () => screen.queryAllByRole('article').map((card) => card.querySelector('h3')?.textContent);

/** The API with the user's products, all on one page, and the answer to a DELETE. */
function productsApi(products: OwnProduct[], onDelete: () => Reply | Promise<Reply> = () => ({ data: { message: 'Product deleted' } })) {
  return fakeApi((request) => (request.method === 'delete' ? onDelete() : results(products)));
}

beforeEach(() => localStorage.setItem(TOKEN_KEY, 'ana-token'));
afterEach(() => resetAccountState());

describe('MyProductsPage', () => {
  it('shows skeletons, then a card per product from /auth/products, hidden ones marked unavailable', async () => {
    const answer = deferred<Reply>();
    const api = fakeApi(() => answer.promise);
    const { container } = await renderMyProducts();
    expect(container.querySelectorAll('[data-skeleton="product-card"]')).toHaveLength(8);
    expect(screen.queryAllByRole('article')).toHaveLength(0);

    answer.resolve(results([tote, cap]));
    const cards = await screen.findAllByRole('article');
    expect(cards.map((card) => card.querySelector('h3')?.textContent)).toEqual(['Tote bag', 'Old cap']);
    expect(cards.map((card) => card.textContent?.includes('Unavailable'))).toEqual([false, true]);
    expect(container.querySelectorAll('[data-skeleton]')).toHaveLength(0);
    expect(api.requests.map((request) => request.url)).toEqual(['/auth/products']);
    expect(api.requests[0]?.headers.get('Authorization')).toBe('Bearer ana-token');
  });

  it('puts a heading, for screen readers, between the page title and the cards', async () => {
    productsApi([tote, cap]);
    await renderMyProducts();
    await screen.findAllByRole('article');
    expect(outline()).toEqual(['h1 My products', 'h2 List of your products', 'h3 Tote bag', 'h3 Old cap']);
    expect(screen.getByRole('heading', { level: 2 }).classList.contains('visually-hidden')).toBe(true);
  });

  it('offers to add a product at the top and to edit each product', async () => {
    productsApi([tote, cap]);
    await renderMyProducts();
    await screen.findAllByRole('article');
    expect(screen.getByRole('link', { name: 'Add product' }).getAttribute('href')).toBe('/en/product/new');
    const list = screen.getByRole('list', { name: 'My products' });
    expect(within(list).getAllByRole('link', { name: /^Edit / }).map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Edit', '/en/product/edit/tote'],
      ['Edit', '/en/product/edit/old-cap'],
    ]);
    expect(within(list).getAllByRole('button', { name: /^Delete / }).map((button) => button.textContent)).toEqual(['Delete', 'Delete']);
  });

  it('says so when the user has uploaded nothing, with a way to add a product', async () => {
    fakeApi(() => results([]));
    await renderMyProducts();
    expect((await screen.findByRole('heading', { level: 2 })).textContent).toBe('You have not uploaded any product yet.');
    expect(screen.getByRole('link', { name: 'Add your first product' }).getAttribute('href')).toBe('/en/product/new');
    expect(screen.queryAllByRole('article')).toHaveLength(0);
  });

  it('says the list could not be loaded when the call fails, and loads it on "Try again"', async () => {
    let failures = 1;
    const api = fakeApi(() => (failures-- > 0 ? { status: 500, data: { message: 'Server Error' } } : results([tote])));
    const { user } = await renderMyProducts();
    expect(await screen.findByRole('heading', { name: 'This page could not be loaded' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Tote bag' })).toBeTruthy();
    expect(api.requests).toHaveLength(2);
  });

  it('loads the next page with "Load more" and moves focus to the first new product', async () => {
    const api = fakeApi((request) =>
      pageOf(request.url) === 1 ? listPage([tote, cap], { page: 1, totalPages: 2, total: 3 }) : listPage([scarf], { page: 2, totalPages: 2, total: 3 }),
    );
    const { user } = await renderMyProducts();
    await screen.findAllByRole('article');
    expect(screen.getByRole('status').textContent).toBe('Showing 2 of 3 products');

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByRole('heading', { name: 'Scarf' });
    expect(titles()).toEqual(['Tote bag', 'Old cap', 'Scarf']);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(api.requests.map((request) => request.url)).toEqual(['/auth/products', '/auth/products?page=2']);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Scarf' }).closest('a')));
  });

  it('asks before deleting, and Cancel keeps the product', async () => {
    const api = productsApi([tote, cap]);
    const { user } = await renderMyProducts();
    await user.click(await screen.findByRole('button', { name: 'Delete Tote bag' }));

    const dialog = screen.getByRole('dialog', { name: 'Delete this product?' });
    expect(dialog.textContent).toContain('“Tote bag” will be deleted from Linkhunt. This cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('dialog')).toBeNull();
    await settle();
    expect(titles()).toEqual(['Tote bag', 'Old cap']);
    expect(api.requests.map(describeRequest)).toEqual(['GET /auth/products']);
    expect(toasts()).toEqual([]);
  });

  it('closes the question with its close button too, deleting nothing', async () => {
    const api = productsApi([tote]);
    const { user } = await renderMyProducts();
    await user.click(await screen.findByRole('button', { name: 'Delete Tote bag' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await settle();
    expect(api.requests).toHaveLength(1);
  });

  it('deletes on confirmation: the card goes at once, then a toast and the bus event', async () => {
    const answer = deferred<Reply>();
    const api = productsApi([tote, cap, scarf], () => answer.promise);
    const deleted: BusEvents['product:deleted'][] = [];
    const unsubscribe = bus.subscribe('product:deleted', (payload) => deleted.push(payload));
    try {
      const { user } = await renderMyProducts();
      await user.click(await screen.findByRole('button', { name: 'Delete Tote bag' }));
      await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));

      expect(screen.queryByRole('dialog')).toBeNull();
      expect(titles()).toEqual(['Old cap', 'Scarf']);
      expect(screen.getByRole('status').textContent).toBe('Showing 2 of 2 products');
      await waitFor(() => expect(api.requests.map(describeRequest)).toEqual(['GET /auth/products', 'DELETE /products/1']));
      expect(api.requests[1]?.headers.get('Authorization')).toBe('Bearer ana-token');
      // The focus goes to the product that took its place, not to the page.
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Old cap' }).closest('a'));
      expect(deleted).toEqual([]);

      answer.resolve({ data: { message: 'Product deleted' } });
      await waitFor(() => expect(toasts()).toEqual([{ kind: 'success', message: 'Product deleted' }]));
      expect(deleted).toEqual([{ productId: 1 }]);
      expect(titles()).toEqual(['Old cap', 'Scarf']);
    } finally {
      unsubscribe();
    }
  });

  it('puts the product back where it was and toasts the first validation message when the delete fails', async () => {
    productsApi([tote, cap, scarf], () => ({ status: 422, data: { message: 'Invalid', errors: { id: ['This product cannot be deleted now.'] } } }));
    const deleted: BusEvents['product:deleted'][] = [];
    const unsubscribe = bus.subscribe('product:deleted', (payload) => deleted.push(payload));
    try {
      const { user } = await renderMyProducts();
      await user.click(await screen.findByRole('button', { name: 'Delete Old cap' }));
      await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));

      await waitFor(() => expect(toasts()).toEqual([{ kind: 'error', message: 'This product cannot be deleted now.' }]));
      expect(titles()).toEqual(['Tote bag', 'Old cap', 'Scarf']);
      expect(screen.getByRole('status').textContent).toBe('Showing 3 of 3 products');
      expect(deleted).toEqual([]);
    } finally {
      unsubscribe();
    }
  });

  it('falls back to its own words when the failed delete says nothing', async () => {
    productsApi([tote], () => ({ status: 503, data: null }));
    const { user } = await renderMyProducts();
    await user.click(await screen.findByRole('button', { name: 'Delete Tote bag' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toasts()).toEqual([{ kind: 'error', message: 'The product could not be deleted' }]));
    expect(titles()).toEqual(['Tote bag']);
  });

  it('shows the empty state once the last product is deleted', async () => {
    productsApi([tote]);
    const { user } = await renderMyProducts();
    await user.click(await screen.findByRole('button', { name: 'Delete Tote bag' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(screen.getByRole('heading', { level: 2, name: 'You have not uploaded any product yet.' })).toBeTruthy();
    await waitFor(() => expect(toasts()).toEqual([{ kind: 'success', message: 'Product deleted' }]));
  });
});
