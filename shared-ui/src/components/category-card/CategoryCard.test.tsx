import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aCategory } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { useCategoryName } from './category-name.ts';
import { CategoryCard } from './CategoryCard.tsx';

function Name({ value }: { value: string }) {
  return <span>{useCategoryName()(value)}</span>;
}

describe('useCategoryName', () => {
  it('translates the Spanish category name', async () => {
    await renderWithProviders(<Name value="Ropa de Abrigo" />);
    expect(screen.getByText('Outerwear')).toBeTruthy();
  });

  it('shows an unknown name as it is', async () => {
    await renderWithProviders(<Name value="Relojes" />);
    expect(screen.getByText('Relojes')).toBeTruthy();
  });
});

describe('CategoryCard', () => {
  it('shows up to four product images, each linking to its product', async () => {
    await renderWithProviders(<CategoryCard category={aCategory(6)} />);
    const images = screen.getAllByRole('img');
    expect(images).toHaveLength(4);
    expect(images[0]?.getAttribute('alt')).toBe('Shirt 1');
    expect(images[0]?.getAttribute('src')).toBe('http://api.test/images/products/shirt-1.webp');
    expect(images.map((image) => image.closest('a')?.getAttribute('href'))).toEqual([
      '/en/product/shirt-1',
      '/en/product/shirt-2',
      '/en/product/shirt-3',
      '/en/product/shirt-4',
    ]);
  });

  it('gives a link named by a product title in another language than the page\'s that language', async () => {
    const category = aCategory(2);
    const [first] = category.products?.data ?? [];
    if (first) Object.assign(first, { title: 'Camiseta 1', language: 'es' });
    await renderWithProviders(<CategoryCard category={category} />);
    expect(screen.getByRole('link', { name: 'Camiseta 1' }).getAttribute('lang')).toBe('es');
    expect(screen.getByRole('link', { name: 'Shirt 2' }).hasAttribute('lang')).toBe(false);
  });

  it('titles the card with the translated name, linking to the category', async () => {
    await renderWithProviders(<CategoryCard category={aCategory(4)} />);
    const heading = screen.getByRole('heading', { level: 3 });
    const link = within(heading).getByRole('link');
    expect(link.textContent).toContain('T-shirts & Tops');
    expect(link.getAttribute('href')).toBe('/en/cat/camisetas-y-tops');
  });

  it('keeps the 2x2 shape with fewer products, and never nests links', async () => {
    const { container } = await renderWithProviders(<CategoryCard category={aCategory(2)} />);
    expect(screen.getAllByRole('img')).toHaveLength(2);
    expect(container.querySelectorAll('.filler')).toHaveLength(2);
    expect(container.querySelector('a a')).toBeNull();
  });

  it('says so when the category has no products', async () => {
    await renderWithProviders(<CategoryCard category={aCategory(0, { products: undefined })} />);
    expect(screen.getByText('No products yet')).toBeTruthy();
    expect(screen.getAllByRole('link')).toHaveLength(1);
  });
});
