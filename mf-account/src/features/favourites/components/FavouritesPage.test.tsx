import { i18n } from '@linkhunt/shared-ui/features/i18n/i18n.ts';
import { TOKEN_KEY } from '@linkhunt/shared-ui/features/session/token-storage.ts';
import { fakeApi, restoreApi, results } from '@linkhunt/shared-ui/test/fake-api.ts';
import { aProduct } from '@linkhunt/shared-ui/test/fixtures.ts';
import { renderWithProviders } from '@linkhunt/shared-ui/test/render.tsx';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NAMESPACE } from '../../../register-locales.ts';
import FavouritesPage from './FavouritesPage.tsx';

async function renderFavourites() {
  await renderWithProviders(<FavouritesPage />, { route: '/en/auth/favs' });
  await i18n.loadNamespaces(NAMESPACE);
  expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Favourites');
}

beforeEach(() => localStorage.setItem(TOKEN_KEY, 'ana-token'));
afterEach(() => {
  restoreApi();
  localStorage.clear();
});

describe('FavouritesPage', () => {
  it('asks /auth/favs with the token and shows a card per favourite', async () => {
    const api = fakeApi(() =>
      results([aProduct({ id: 1, slug: 'tote', title: 'Tote bag' }), aProduct({ id: 2, slug: 'clutch', title: 'Clutch' })]),
    );
    await renderFavourites();
    const cards = await screen.findAllByRole('article');
    expect(cards.map((card) => [card.querySelector('h3')?.textContent, card.querySelector('a')?.getAttribute('href')])).toEqual([
      ['Tote bag', '/en/product/tote'],
      ['Clutch', '/en/product/clutch'],
    ]);
    expect(api.requests.map((request) => request.url)).toEqual(['/auth/favs']);
    expect(api.requests[0]?.headers.get('Authorization')).toBe('Bearer ana-token');
    expect(screen.queryByText('You have no favourites yet.')).toBeNull();
  });

  it('says so when there are no favourites', async () => {
    fakeApi(() => results([]));
    await renderFavourites();
    expect((await screen.findByRole('heading', { level: 2 })).textContent).toBe('You have no favourites yet.');
    expect(screen.queryAllByRole('article')).toHaveLength(0);
  });
});
