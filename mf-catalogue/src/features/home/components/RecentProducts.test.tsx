import { deferred, type Reply, restoreApi, results } from '@linkhunt/shared-ui/test/fake-api.ts';
import { aProduct } from '@linkhunt/shared-ui/test/fixtures.ts';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeHomeApi, SERVER_ERROR, skeletons } from '../../../test/home-api.ts';
import { renderLoaded } from '../../../test/render-loaded.tsx';
import { settle } from '@linkhunt/shared-ui/test/settle.ts';
import { RecentProducts } from './RecentProducts.tsx';

afterEach(() => {
  cleanup();
  restoreApi();
});

async function renderLoading() {
  const answer = deferred<Reply>();
  const api = fakeHomeApi({ '/products/recents': answer.promise });
  await renderLoaded(<RecentProducts />);
  return { answer, api, section: screen.getByRole('region', { name: 'Latest finds' }) };
}

describe('RecentProducts', () => {
  it('shows sixteen product placeholders while the products load, then a card per product, newest first', async () => {
    const { answer, api, section } = await renderLoading();
    expect(skeletons(section, 'product-card')).toBe(16);
    expect(within(section).queryAllByRole('article')).toHaveLength(0);

    answer.resolve(results([aProduct({ id: 2, slug: 'clutch', title: 'Clutch' }), aProduct({ id: 1, slug: 'tote', title: 'Tote bag' })]));
    const cards = await within(section).findAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading', { level: 3 }).textContent)).toEqual(['Clutch', 'Tote bag']);
    expect(cards.map((card) => within(card).getByRole('link').getAttribute('href'))).toEqual(['/en/product/clutch', '/en/product/tote']);
    expect(skeletons(section, 'product-card')).toBe(0);
    expect(api.requests.map((request) => request.url)).toEqual(['/products/recents']);
  });

  it('invites the visitor to share the first product when there are none', async () => {
    const { answer, section } = await renderLoading();
    answer.resolve(results([]));
    expect(await within(section).findByRole('heading', { level: 3, name: 'No products yet' })).toBeTruthy();
    expect(within(section).getByRole('link', { name: 'Share the first one' }).getAttribute('href')).toBe('/en/product/new');
    expect(skeletons(section, 'product-card')).toBe(0);
  });

  it('keeps its placeholders, and shows no error nor the empty message, when the products cannot be loaded', async () => {
    const { answer, api, section } = await renderLoading();
    answer.resolve(SERVER_ERROR);
    await settle();
    expect(api.requests).toHaveLength(1);
    expect(skeletons(section, 'product-card')).toBe(16);
    expect(within(section).queryByText('No products yet')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(within(section).getAllByRole('heading').map((heading) => heading.textContent)).toEqual(['Latest finds']);
  });
});
