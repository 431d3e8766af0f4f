import { deferred, type Reply, restoreApi, results } from '@linkhunt/shared-ui/test/fake-api.ts';
import { aProduct } from '@linkhunt/shared-ui/test/fixtures.ts';
import { cleanup, screen, waitForElementToBeRemoved, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeHomeApi, SERVER_ERROR, skeletons } from '../../../test/home-api.ts';
import { renderLoaded } from '../../../test/render-loaded.tsx';
import { settle } from '@linkhunt/shared-ui/test/settle.ts';
import { FeaturedProducts } from './FeaturedProducts.tsx';

afterEach(() => {
  cleanup();
  restoreApi();
  vi.restoreAllMocks();
});

const products = [
  aProduct({ id: 1, slug: 'tote', title: 'Tote bag' }),
  aProduct({ id: 2, slug: 'clutch', title: 'Clutch' }),
  aProduct({ id: 3, slug: 'beanie', title: 'Beanie' }),
];

async function renderLoading() {
  const answer = deferred<Reply>();
  const api = fakeHomeApi({ '/products/featured': answer.promise });
  await renderLoaded(<FeaturedProducts />);
  return { answer, api, carousel: screen.getByRole('region', { name: 'Featured products' }) };
}

describe('FeaturedProducts', () => {
  it('shows five product placeholders under its title while the products load', async () => {
    const { answer, carousel } = await renderLoading();
    expect(screen.getByRole('heading', { level: 2, name: 'Featured products' })).toBeTruthy();
    expect(skeletons(carousel, 'product-card')).toBe(5);
    expect(within(carousel).queryAllByRole('article')).toHaveLength(0);
    answer.resolve(results(products));
    await within(carousel).findAllByRole('article');
  });

  it('shows a card per product, linking to it, in a shuffled order', async () => {
    // Every draw picks the first place, which turns tote, clutch, beanie into clutch, beanie, tote.
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const { answer, api, carousel } = await renderLoading();
    answer.resolve(results(products));
    const cards = await within(carousel).findAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(['Clutch', 'Beanie', 'Tote bag']);
    expect(cards.map((card) => within(card).getByRole('link').getAttribute('href'))).toEqual([
      '/en/product/clutch',
      '/en/product/beanie',
      '/en/product/tote',
    ]);
    expect(skeletons(carousel, 'product-card')).toBe(0);
    expect(api.requests.map((request) => request.url)).toEqual(['/products/featured']);
  });

  it("loads the images of the first two cards at once, the largest on a phone's first screen", async () => {
    const { answer, carousel } = await renderLoading();
    answer.resolve(results(products));
    const cards = await within(carousel).findAllByRole('article');
    expect(cards.map((card) => card.querySelector('img')?.getAttribute('loading'))).toEqual(['eager', 'eager', 'lazy']);
  });

  it('renders nothing when there are no featured products', async () => {
    const { answer } = await renderLoading();
    answer.resolve(results([]));
    await waitForElementToBeRemoved(() => screen.queryByRole('heading', { name: 'Featured products' }));
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('keeps its placeholders, and shows no error, when the products cannot be loaded', async () => {
    const { answer, api, carousel } = await renderLoading();
    answer.resolve(SERVER_ERROR);
    await settle();
    expect(api.requests).toHaveLength(1);
    expect(skeletons(carousel, 'product-card')).toBe(5);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.body.textContent).not.toMatch(/error|could not/i);
  });
});
