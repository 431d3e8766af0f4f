import { i18n } from '@linkhunt/shared-ui/features/i18n/i18n.ts';
import { fakeApi, restoreApi, results } from '@linkhunt/shared-ui/test/fake-api.ts';
import { aCategory } from '@linkhunt/shared-ui/test/fixtures.ts';
import { renderWithProviders } from '@linkhunt/shared-ui/test/render.tsx';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { NAMESPACE } from '../../../register-locales.ts';
import CategoryPage from './CategoryPage.tsx';

async function renderCategory(slug: string) {
  await renderWithProviders(
    <Routes>
      <Route path="/:lang/cat/:category" element={<CategoryPage />} />
    </Routes>,
    { route: `/en/cat/${slug}` },
  );
  await i18n.loadNamespaces(NAMESPACE);
}

afterEach(() => restoreApi());

describe('CategoryPage', () => {
  it('loads the category with its products and shows its translated name and a card per product', async () => {
    const api = fakeApi(() => results(aCategory(2, { slug: 'vestidos-y-faldas', name: 'Vestidos y Faldas' })));
    await renderCategory('vestidos-y-faldas');

    expect(await screen.findByRole('heading', { level: 1, name: 'Dresses & Skirts' })).toBeTruthy();
    const cards = await screen.findAllByRole('article');
    expect(cards.map((card) => card.querySelector('h3')?.textContent)).toEqual(['Shirt 1', 'Shirt 2']);
    expect(document.title).toBe('Dresses & Skirts | Linkhunt');
    expect(api.requests.map((request) => request.url)).toEqual(['/categories/slug/vestidos-y-faldas?include=products']);
  });

  it('shows a category the translations do not know by its own name', async () => {
    fakeApi(() => results(aCategory(0, { slug: 'gorras', name: 'Gorras' })));
    await renderCategory('gorras');
    expect(await screen.findByRole('heading', { level: 1, name: 'Gorras' })).toBeTruthy();
  });

  it('says a missing category does not exist', async () => {
    fakeApi(() => ({ status: 404, data: { message: 'Category not found' } }));
    await renderCategory('nothing');
    expect(await screen.findByRole('heading', { name: 'This category does not exist.' })).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
  });
});
