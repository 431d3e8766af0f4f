import { i18n } from '@linkhunt/shared-ui/features/i18n/i18n.ts';
import { fakeApi, restoreApi, results } from '@linkhunt/shared-ui/test/fake-api.ts';
import { aBrand, aProduct } from '@linkhunt/shared-ui/test/fixtures.ts';
import { renderWithProviders } from '@linkhunt/shared-ui/test/render.tsx';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { NAMESPACE } from '../../../register-locales.ts';
import BrandPage from './BrandPage.tsx';

async function renderBrand(slug: string) {
  await renderWithProviders(
    <Routes>
      <Route path="/:lang/brand/:slug" element={<BrandPage />} />
    </Routes>,
    { route: `/en/brand/${slug}` },
  );
  await i18n.loadNamespaces(NAMESPACE);
}

afterEach(() => restoreApi());

describe('BrandPage', () => {
  it('loads the brand with its products and shows its name and a card per product', async () => {
    const products = [aProduct({ id: 1, slug: 'air-max', title: 'Air Max' }), aProduct({ id: 2, slug: 'cortez', title: 'Cortez' })];
    const api = fakeApi(() => results({ ...aBrand(), products: { data: products } }));
    await renderBrand('nike');

    expect(await screen.findByRole('heading', { level: 1, name: 'Nike' })).toBeTruthy();
    const cards = await screen.findAllByRole('article');
    expect(cards.map((card) => card.querySelector('h3')?.textContent)).toEqual(['Air Max', 'Cortez']);
    expect(api.requests.map((request) => request.url)).toEqual(['/brands/slug/nike?include=products']);
  });

  it('says there are no results for a brand without products', async () => {
    fakeApi(() => results({ ...aBrand(), products: { data: [] } }));
    await renderBrand('nike');
    await screen.findByRole('heading', { level: 1, name: 'Nike' });
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('No results found');
  });

  it('says a missing brand does not exist', async () => {
    fakeApi(() => ({ status: 404, data: { message: 'Brand not found' } }));
    await renderBrand('nobody');
    expect(await screen.findByRole('heading', { name: 'This brand does not exist.' })).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
  });
});
