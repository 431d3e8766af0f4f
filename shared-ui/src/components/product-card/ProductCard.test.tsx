import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../features/i18n/i18n.ts';
import { aProduct } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { ProductCard } from './ProductCard.tsx';
import { PRODUCT_IMAGE_HEIGHT, PRODUCT_IMAGE_WIDTH } from './ProductCardFace.tsx';

describe('ProductCard', () => {
  it('is a single link to the product page under the active language', async () => {
    await renderWithProviders(<ProductCard product={aProduct()} />);
    const links = screen.getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]?.getAttribute('href')).toBe('/en/product/retro-runner');
  });

  it('shows the image, title, brand, rating and call to action', async () => {
    await renderWithProviders(<ProductCard product={aProduct()} />);
    const link = screen.getByRole('link');
    const image = within(link).getByRole('img', { name: 'Retro Runner sneakers' }) as HTMLImageElement;
    expect(image.getAttribute('src')).toBe('http://api.test/images/products/retro-runner-thumb.webp');
    expect(image.getAttribute('loading')).toBe('lazy');
    expect(image.getAttribute('width')).toBe(String(PRODUCT_IMAGE_WIDTH));
    expect(image.getAttribute('height')).toBe(String(PRODUCT_IMAGE_HEIGHT));
    expect(within(link).getByRole('heading', { level: 3 }).textContent).toBe('Retro Runner sneakers');
    expect(link.textContent).toContain('Nike');
    expect(within(link).getByRole('img', { name: 'Rated 5 out of 5 (7 reviews)' })).toBeTruthy();
    expect(link.textContent).toContain('View details');
  });

  it('loads its image at once and first when eager', async () => {
    const product = aProduct();
    await renderWithProviders(<ProductCard product={product} eager />);
    const image = screen.getByRole('img', { name: product.title });
    expect(image.getAttribute('loading')).toBe('eager');
    expect(image.getAttribute('fetchpriority')).toBe('high');
  });

  it('is not marked unavailable when visible', async () => {
    const { container } = await renderWithProviders(<ProductCard product={aProduct()} />);
    expect(screen.queryByText('Unavailable')).toBeNull();
    expect(container.querySelector('article')?.classList.contains('unavailable')).toBe(false);
  });

  it('shows the unavailable overlay when hidden is 1', async () => {
    const { container } = await renderWithProviders(<ProductCard product={aProduct({ hidden: 1 })} />);
    expect(within(screen.getByRole('link')).getByText('Unavailable')).toBeTruthy();
    expect(container.querySelector('article')?.classList.contains('unavailable')).toBe(true);
  });

  it('shows a badge per store it is on, in the stores’ order, and says so in one sentence', async () => {
    await renderWithProviders(<ProductCard product={aProduct({ platforms: ['cnfans', 'hacoo'] })} />);
    const link = screen.getByRole('link');
    const sentence = within(link).getByText('Available on Hacoo and CNFans');
    const badges = [...(sentence.parentElement?.querySelectorAll('[aria-hidden="true"]') ?? [])].map((badge) => badge.textContent);
    expect(badges).toEqual(['Hacoo', 'CNFans']);
    expect(link.textContent).not.toContain('DHGate');
  });

  it('shows no store badges for a product on no store, nor for an unavailable one', async () => {
    const { unmount } = await renderWithProviders(<ProductCard product={aProduct({ platforms: [] })} />);
    expect(screen.queryByText(/Available on/)).toBeNull();
    unmount();
    await renderWithProviders(<ProductCard product={aProduct({ hidden: 1, platforms: ['hacoo'] })} />);
    expect(screen.queryByText(/Available on/)).toBeNull();
    expect(screen.queryByText('Hacoo')).toBeNull();
  });

  it('names the stores in the page’s language', async () => {
    await renderWithProviders(<ProductCard product={aProduct({ platforms: ['hacoo', 'dhgate', 'cnfans'] })} />);
    await i18n.changeLanguage('es');
    try {
      expect(await screen.findByText('Disponible en Hacoo, DHGate y CNFans')).toBeTruthy();
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('takes another heading level', async () => {
    await renderWithProviders(<ProductCard product={aProduct()} headingLevel={2} />);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Retro Runner sneakers');
  });

  it('says an unrated product has no reviews yet rather than showing 0/5', async () => {
    await renderWithProviders(<ProductCard product={aProduct({ rating: { average: 0, count: 0 } })} />);
    const link = screen.getByRole('link');
    expect(within(link).getByText('No reviews yet')).toBeTruthy();
    expect(link.textContent).not.toContain('0/5');
    expect(within(link).queryByRole('img', { name: /rated/i })).toBeNull();
  });

  it('translates the catalogue’s “Various” brand and keeps real brand names as they are', async () => {
    const various = aProduct({ brand: { id: 1, slug: 'various', name: 'Various', image: null } });
    await renderWithProviders(<ProductCard product={various} />);
    expect(screen.getByRole('link').textContent).toContain('Various');
    await i18n.changeLanguage('es');
    try {
      expect(await screen.findByText('Varios')).toBeTruthy();
      expect(screen.queryByText('Various')).toBeNull();
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
