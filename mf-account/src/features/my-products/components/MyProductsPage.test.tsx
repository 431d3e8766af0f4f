import { i18n } from '@linkhunt/shared-ui/features/i18n/i18n.ts';
import { TOKEN_KEY } from '@linkhunt/shared-ui/features/session/token-storage.ts';
import { deferred, fakeApi, type Reply, restoreApi, results } from '@linkhunt/shared-ui/test/fake-api.ts';
import { aProduct } from '@linkhunt/shared-ui/test/fixtures.ts';
import { renderWithProviders } from '@linkhunt/shared-ui/test/render.tsx';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NAMESPACE } from '../../../register-locales.ts';
import MyProductsPage from './MyProductsPage.tsx';

async function renderMyProducts() {
  const view = await renderWithProviders(<MyProductsPage />, { route: '/en/auth/products' });
  await i18n.loadNamespaces(NAMESPACE);
  expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('My products');
  return view;
}

beforeEach(() => localStorage.setItem(TOKEN_KEY, 'ana-token'));
afterEach(() => {
  restoreApi();
  localStorage.clear();
});

describe('MyProductsPage', () => {
  it('shows skeletons, then a card per product from /auth/products, hidden ones marked unavailable', async () => {
    const answer = deferred<Reply>();
    const api = fakeApi(() => answer.promise);
    const { container } = await renderMyProducts();
    expect(container.querySelectorAll('[data-skeleton="product-card"]')).toHaveLength(8);
    expect(screen.queryAllByRole('article')).toHaveLength(0);

    answer.resolve(
      results([aProduct({ id: 1, slug: 'tote', title: 'Tote bag' }), aProduct({ id: 2, slug: 'old-cap', title: 'Old cap', hidden: 1 })]),
    );
    const cards = await screen.findAllByRole('article');
    expect(cards.map((card) => card.querySelector('h3')?.textContent)).toEqual(['Tote bag', 'Old cap']);
    expect(cards.map((card) => card.textContent?.includes('Unavailable'))).toEqual([false, true]);
    expect(container.querySelectorAll('[data-skeleton]')).toHaveLength(0);
    expect(api.requests.map((request) => request.url)).toEqual(['/auth/products']);
    expect(api.requests[0]?.headers.get('Authorization')).toBe('Bearer ana-token');
  });

  it('says so when the user has uploaded nothing', async () => {
    fakeApi(() => results([]));
    await renderMyProducts();
    expect((await screen.findByRole('heading', { level: 2 })).textContent).toBe('You have not uploaded any product yet.');
    expect(screen.queryAllByRole('article')).toHaveLength(0);
  });
});
