import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aProduct } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { EAGER_PRODUCT_IMAGES, ProductCard } from '../product-card/ProductCard.tsx';
import { ProductCardGrid } from './ProductList.tsx';
import { ProductGrid, ProductGridSkeleton, RECENTS_SKELETON_COUNT } from './ProductGrid.tsx';

describe('ProductGrid', () => {
  it('lists each child as an item, with the column preset as a class', async () => {
    const products = [aProduct({ id: 1, slug: 'a', title: 'A' }), aProduct({ id: 2, slug: 'b', title: 'B' })];
    await renderWithProviders(
      <ProductGrid columns="search" label="Results">
        {products.map((product) => (
          <ProductCard key={product.id} product={product} />
        ))}
      </ProductGrid>,
    );
    const list = screen.getByRole('list', { name: 'Results' });
    expect(list.classList.contains('search')).toBe(true);
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '/en/product/a',
      '/en/product/b',
    ]);
  });

  it('uses the recents preset', async () => {
    await renderWithProviders(
      <ProductGrid columns="recents">
        <ProductCard product={aProduct()} />
      </ProductGrid>,
    );
    expect(screen.getByRole('list').classList.contains('recents')).toBe(true);
  });
});

describe('ProductGridSkeleton', () => {
  it('renders 16 hidden card skeletons by default', async () => {
    const { container } = await renderWithProviders(<ProductGridSkeleton columns="recents" />);
    const list = container.querySelector('ul');
    expect(list?.getAttribute('aria-hidden')).toBe('true');
    expect(list?.classList.contains('recents')).toBe(true);
    expect(container.querySelectorAll('[data-skeleton="product-card"]')).toHaveLength(RECENTS_SKELETON_COUNT);
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('renders the requested number', async () => {
    const { container } = await renderWithProviders(<ProductGridSkeleton columns="search" count={5} />);
    expect(container.querySelectorAll('[data-skeleton="product-card"]')).toHaveLength(5);
  });
});

describe('ProductCardGrid', () => {
  it('loads the first screen of images at once and the rest lazily', async () => {
    const products = Array.from({ length: EAGER_PRODUCT_IMAGES + 2 }, (_, index) => aProduct({ id: index + 1, slug: `p-${index + 1}`, title: `Product ${index + 1}` }));
    await renderWithProviders(<ProductCardGrid products={products} />);
    const loading = products.map((product) => screen.getByRole('img', { name: product.title }).getAttribute('loading'));
    expect(loading).toEqual([...Array<string>(EAGER_PRODUCT_IMAGES).fill('eager'), 'lazy', 'lazy']);
  });
});
