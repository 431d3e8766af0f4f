import type { Product } from '@linkhunt/contracts/product';
import { i18n } from '@linkhunt/shared-ui/features/i18n/i18n.ts';
import { deferred, fakeApi, type Reply, restoreApi, results } from '@linkhunt/shared-ui/test/fake-api.ts';
import { aProduct } from '@linkhunt/shared-ui/test/fixtures.ts';
import { renderWithProviders } from '@linkhunt/shared-ui/test/render.tsx';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { NAMESPACE } from '../../../register-locales.ts';
import ProductPage from './ProductPage.tsx';

function aFullProduct(overrides: Partial<Product> = {}): Product {
  return { ...aProduct(), valorations: { data: [] }, ...overrides };
}

async function renderProduct(slug = 'retro-runner') {
  const view = await renderWithProviders(
    <Routes>
      <Route path="/:lang/product/:slug" element={<ProductPage />} />
    </Routes>,
    { route: `/en/product/${slug}` },
  );
  await i18n.loadNamespaces(NAMESPACE);
  return view;
}

afterEach(() => restoreApi());

describe('ProductPage', () => {
  it('loads the product with its uploader and shows title, brand link, rating and description', async () => {
    const api = fakeApi(() => results(aFullProduct({ rating: { average: 4.2, count: 7 } })));
    await renderProduct();

    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Retro Runner sneakers');
    expect(screen.getByRole('link', { name: 'Nike' }).getAttribute('href')).toBe('/en/brand/nike');
    expect(screen.getByRole('img', { name: 'Rated 5 out of 5 (7 reviews)' })).toBeTruthy();
    expect(screen.getByText('Comfortable running shoes').tagName).toBe('P');
    expect(screen.getByRole('img', { name: 'Retro Runner sneakers' }).getAttribute('src')).toBe(
      'http://api.test/images/products/retro-runner.webp',
    );
    expect(screen.queryByText('This product is no longer available.')).toBeNull();
    expect(api.requests.map((request) => request.url)).toEqual(['/products/slug/retro-runner?include=user']);
  });

  it('shows placeholders and no title while the product loads', async () => {
    const answer = deferred<Reply>();
    fakeApi(() => answer.promise);
    const { container } = await renderProduct();
    await screen.findByRole('article');
    expect(screen.queryByRole('heading')).toBeNull();
    expect(container.querySelectorAll('.skeleton')).toHaveLength(2);
    answer.resolve(results(aFullProduct()));
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Retro Runner sneakers');
    expect(container.querySelectorAll('.skeleton')).toHaveLength(0);
  });

  it('says a hidden product is unavailable', async () => {
    fakeApi(() => results(aFullProduct({ hidden: 1 })));
    await renderProduct();
    expect((await screen.findByText('This product is no longer available.')).tagName).toBe('P');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Retro Runner sneakers');
  });

  it('says a missing product does not exist, with a way back home', async () => {
    fakeApi(() => ({ status: 404, data: { message: 'Product not found' } }));
    await renderProduct('gone');
    expect(await screen.findByRole('heading', { name: 'This product does not exist or was removed.' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/en/index');
    expect(screen.queryByText('This product could not be loaded. Please try again.')).toBeNull();
  });

  it('says the product could not be loaded when the API fails', async () => {
    fakeApi(() => ({ status: 500, data: { message: 'Server Error' } }));
    await renderProduct();
    expect(await screen.findByRole('heading', { name: 'This product could not be loaded. Please try again.' })).toBeTruthy();
    expect(screen.queryByText('This product does not exist or was removed.')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/en/index');
  });
});
