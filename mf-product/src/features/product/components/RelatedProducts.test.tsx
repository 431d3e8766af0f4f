import type { ProductSummary } from '@linkhunt/contracts/product';
import { deferred, results, type Reply } from '@linkhunt/shared-ui/test/fake-api.ts';
import { aBrand, aProduct } from '@linkhunt/shared-ui/test/fixtures.ts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeRoutes, SERVER_ERROR } from '../../../test/api.ts';
import { aFullProduct } from '../../../test/fixtures.ts';
import { renderLoaded, settle } from '../../../test/render.tsx';
import { resetState } from '../../../test/state.ts';
import { RelatedProducts } from './RelatedProducts.tsx';

const CATEGORY_CALL = 'GET /products/cat/calzado';
const BRAND_CALL = 'GET /brands/slug/nike?include=products';

const shoe = (id: number): ProductSummary => aProduct({ id, slug: `shoe-${id}`, title: `Shoe ${id}` });
/** Retro Runner (id 1), a Nike in Calzado and Sneakers. */
const product = aFullProduct({
  categories: [
    { id: 8, slug: 'calzado', name: 'Calzado' },
    { id: 9, slug: 'sneakers', name: 'Sneakers' },
  ],
});
const nikeWith = (products: ProductSummary[]): Reply => results({ ...aBrand(), products: { data: products } });

const region = () => screen.queryByRole('region', { name: 'Related products' });
const titles = () => within(region() ?? document.body).getAllByRole('article').map((card) => within(card).getByRole('heading', { level: 3 }).textContent);

afterEach(() => resetState());

describe('RelatedProducts', () => {
  it('shows the products of the first category, then of the brand, without this one or repeats', async () => {
    const api = fakeRoutes({
      [CATEGORY_CALL]: results([shoe(1), shoe(2), shoe(3)]),
      [BRAND_CALL]: nikeWith([shoe(3), shoe(4), shoe(1), shoe(5)]),
    });
    await renderLoaded(<RelatedProducts product={product} />);
    expect(await screen.findByRole('heading', { level: 3, name: 'Shoe 5' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Related products' })).toBeTruthy();
    expect(titles()).toEqual(['Shoe 2', 'Shoe 3', 'Shoe 4', 'Shoe 5']);
    expect(within(region() ?? document.body).getAllByRole('link').map((link) => link.getAttribute('href'))).toContain('/en/product/shoe-2');
    expect(api.calls().sort()).toEqual([BRAND_CALL, CATEGORY_CALL]);
  });

  it('shows at most 8', async () => {
    fakeRoutes({
      [CATEGORY_CALL]: results([2, 3, 4, 5, 6].map(shoe)),
      [BRAND_CALL]: nikeWith([7, 8, 9, 10, 11].map(shoe)),
    });
    await renderLoaded(<RelatedProducts product={product} />);
    await screen.findByRole('heading', { level: 3, name: 'Shoe 9' });
    expect(titles()).toEqual(['Shoe 2', 'Shoe 3', 'Shoe 4', 'Shoe 5', 'Shoe 6', 'Shoe 7', 'Shoe 8', 'Shoe 9']);
  });

  it('shows placeholders while the lists load', async () => {
    const category = deferred<Reply>();
    fakeRoutes({ [CATEGORY_CALL]: category.promise, [BRAND_CALL]: nikeWith([]) });
    await renderLoaded(<RelatedProducts product={product} />);
    expect(region()?.getAttribute('aria-busy')).toBe('true');
    expect(screen.queryAllByRole('article')).toHaveLength(0);
    category.resolve(results([shoe(2)]));
    expect(await screen.findByRole('heading', { level: 3, name: 'Shoe 2' })).toBeTruthy();
    expect(region()?.hasAttribute('aria-busy')).toBe(false);
  });

  it('does not ask for the "various" brand, which gathers unbranded products', async () => {
    const api = fakeRoutes({ [CATEGORY_CALL]: results([shoe(2)]) });
    await renderLoaded(<RelatedProducts product={{ ...product, brand: { id: 1, slug: 'various', name: 'Various', image: null } }} />);
    await screen.findByRole('heading', { level: 3, name: 'Shoe 2' });
    await settle();
    expect(api.calls()).toEqual([CATEGORY_CALL]);
  });

  it('uses the brand alone for a product without categories', async () => {
    const api = fakeRoutes({ [BRAND_CALL]: nikeWith([shoe(4)]) });
    await renderLoaded(<RelatedProducts product={{ ...product, categories: [] }} />);
    await screen.findByRole('heading', { level: 3, name: 'Shoe 4' });
    expect(api.calls()).toEqual([BRAND_CALL]);
  });

  it('shows what one list gave when the other call fails', async () => {
    fakeRoutes({ [CATEGORY_CALL]: SERVER_ERROR, [BRAND_CALL]: nikeWith([shoe(6)]) });
    await renderLoaded(<RelatedProducts product={product} />);
    expect(await screen.findByRole('heading', { level: 3, name: 'Shoe 6' })).toBeTruthy();
    expect(titles()).toEqual(['Shoe 6']);
  });

  it('hides the whole block when nothing is related', async () => {
    const api = fakeRoutes({ [CATEGORY_CALL]: results([shoe(1)]), [BRAND_CALL]: nikeWith([shoe(1)]) });
    const { container } = await renderLoaded(<RelatedProducts product={product} />);
    expect(region()).toBeTruthy();
    await waitFor(() => expect(region()).toBeNull());
    expect(api.calls()).toHaveLength(2);
    expect(screen.queryByRole('heading', { name: 'Related products' })).toBeNull();
    expect(container.innerHTML).toBe('');
  });
});
