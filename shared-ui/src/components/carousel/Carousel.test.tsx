import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aBrand, aProduct } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { BrandLogo } from '../brand-logo/BrandLogo.tsx';
import { ProductCard } from '../product-card/ProductCard.tsx';
import {
  BRANDS_CAROUSEL,
  Carousel,
  CAROUSEL_PRESETS,
  PRODUCTS_CAROUSEL,
  USERS_CAROUSEL,
} from './Carousel.tsx';

const products = [1, 2, 3].map((id) => aProduct({ id, slug: `p-${id}`, title: `Product ${id}` }));
const brands = Array.from({ length: 10 }, (_, index) =>
  aBrand({ id: index + 1, slug: `brand-${index + 1}`, name: `Brand ${index + 1}` }),
);

function ProductCarousel({ loading = false }: { loading?: boolean }) {
  return (
    <Carousel
      preset="products"
      label="Featured products"
      items={products}
      getKey={(product) => product.id}
      renderItem={(product) => <ProductCard product={product} />}
      loading={loading}
    />
  );
}

function BrandCarousel({ autoplay }: { autoplay?: boolean }) {
  return (
    <Carousel
      preset="brands"
      label="Brands"
      autoplay={autoplay}
      items={brands}
      getKey={(brand) => brand.id}
      renderItem={(brand) => <BrandLogo brand={brand} />}
    />
  );
}

afterEach(() => vi.restoreAllMocks());

describe('carousel presets', () => {
  it('match spec section 9', () => {
    expect(PRODUCTS_CAROUSEL.slidesPerView).toBe(1.2);
    expect(PRODUCTS_CAROUSEL.spaceBetween).toBe(15);
    expect(PRODUCTS_CAROUSEL.breakpoints).toEqual({
      400: { slidesPerView: 2.2 },
      639: { slidesPerView: 3.2 },
      865: { slidesPerView: 3.8 },
      1000: { slidesPerView: 4.6 },
    });
    expect(USERS_CAROUSEL.slidesPerView).toBe(1);
    expect(Object.values(USERS_CAROUSEL.breakpoints).map((value) => value.slidesPerView)).toEqual([2, 3, 4, 4]);
    expect(BRANDS_CAROUSEL.loop).toBe(true);
    expect(BRANDS_CAROUSEL.autoplay).toBe(true);
    expect(CAROUSEL_PRESETS.products.skeletonCount).toBe(5);
    expect(CAROUSEL_PRESETS.users.skeletonCount).toBe(4);
    expect(CAROUSEL_PRESETS.brands.skeletonCount).toBe(10);
  });
});

describe('Carousel', () => {
  it('is a labelled carousel region with one labelled slide per item', async () => {
    await renderWithProviders(<ProductCarousel />);
    const region = screen.getByRole('region', { name: 'Featured products' });
    expect(region.getAttribute('aria-roledescription')).toBe('carousel');
    const slides = within(region).getAllByRole('group');
    expect(slides).toHaveLength(3);
    expect(slides[0]?.getAttribute('aria-label')).toBe('1 of 3');
    expect(slides[2]?.getAttribute('aria-label')).toBe('3 of 3');
    expect(slides[0]?.getAttribute('aria-roledescription')).toBe('slide');
    expect(within(region).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '/en/product/p-1',
      '/en/product/p-2',
      '/en/product/p-3',
    ]);
  });

  it('shows its label as a heading when asked, and is named by it', async () => {
    await renderWithProviders(
      <Carousel preset="products" label="Related products" heading={2} items={products} getKey={(p) => p.id} renderItem={(p) => <ProductCard product={p} />} />,
    );
    const title = screen.getByRole('heading', { level: 2, name: 'Related products' });
    const region = screen.getByRole('region', { name: 'Related products' });
    expect(region.getAttribute('aria-labelledby')).toBe(title.id);
    expect(region.hasAttribute('aria-label')).toBe(false);
  });

  it('has labelled previous and next buttons that control the slides, never disabled when looping', async () => {
    const { user } = await renderWithProviders(<BrandCarousel autoplay={false} />);
    const previous = screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement;
    const next = screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement;
    const slidesId = next.getAttribute('aria-controls') ?? '';
    expect(document.getElementById(slidesId)?.classList.contains('swiper-wrapper')).toBe(true);
    expect(previous.getAttribute('aria-controls')).toBe(slidesId);
    expect(previous.disabled).toBe(false);
    expect(next.disabled).toBe(false);
    await user.click(next);
    await user.click(previous);
    expect(screen.getAllByRole('group')).toHaveLength(brands.length);
  });

  it('shows the preset number of skeletons while loading, and no items', async () => {
    const { container } = await renderWithProviders(<ProductCarousel loading />);
    const region = screen.getByRole('region', { name: 'Featured products' });
    expect(region.getAttribute('aria-busy')).toBe('true');
    expect(container.querySelectorAll('[data-skeleton="product-card"]')).toHaveLength(5);
    expect(within(region).queryAllByRole('link')).toHaveLength(0);
  });

  it('offers a pause button when it autoplays, and stops for good when focus enters', async () => {
    const { user } = await renderWithProviders(
<BrandCarousel />,
    );
    const pause = screen.getByRole('button', { name: 'Pause automatic scrolling' });
    await user.click(pause);
    expect(screen.getByRole('button', { name: 'Resume automatic scrolling' })).toBe(pause);
    await user.click(pause);
    expect(pause.getAttribute('aria-label')).toBe('Pause automatic scrolling');
    act(() => screen.getAllByRole('link')[0]?.focus());
    expect(pause.getAttribute('aria-label')).toBe('Resume automatic scrolling');
  });

  it('does not autoplay when the visitor prefers reduced motion', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: query.includes('prefers-reduced-motion'),
          media: query,
          onchange: null,
          addListener: () => undefined,
          removeListener: () => undefined,
          addEventListener: () => undefined,
          removeEventListener: () => undefined,
          dispatchEvent: () => false,
        }) satisfies MediaQueryList,
    );
    await renderWithProviders(
<BrandCarousel />,
    );
    expect(screen.queryByRole('button', { name: /automatic scrolling/ })).toBeNull();
  });

  it('can switch autoplay off for a preset that has it', async () => {
    await renderWithProviders(
<BrandCarousel autoplay={false} />,
    );
    expect(screen.queryByRole('button', { name: /automatic scrolling/ })).toBeNull();
    expect(screen.getAllByRole('link')).toHaveLength(brands.length);
  });
});
