import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { BrandLogoSkeleton } from './BrandLogoSkeleton.tsx';
import { CategoryCardSkeleton } from './CategoryCardSkeleton.tsx';
import { ProductCardSkeleton } from './ProductCardSkeleton.tsx';
import { Skeleton } from './Skeleton.tsx';
import { UserCardSkeleton } from './UserCardSkeleton.tsx';

describe('Skeleton', () => {
  it('is a hidden block with the given size and radius, and no style attribute', async () => {
    const { container } = await renderWithProviders(<Skeleton width={120} height="2rem" radius="round" />);
    const block = container.querySelector('svg') as SVGSVGElement;
    expect(block.getAttribute('aria-hidden')).toBe('true');
    expect(block.getAttribute('width')).toBe('120');
    expect(block.getAttribute('height')).toBe('2rem');
    expect(block.getAttribute('style')).toBeNull();
    expect(block.classList.contains('skeleton')).toBe(true);
    expect(block.classList.contains('round')).toBe(true);
  });

  it('leaves the size to CSS when none is given', async () => {
    const { container } = await renderWithProviders(<Skeleton />);
    const block = container.querySelector('svg') as SVGSVGElement;
    expect(block.hasAttribute('width')).toBe(false);
    expect(block.classList.contains('sm')).toBe(true);
  });
});

describe('card skeletons', () => {
  it('shape a product card with the card’s own classes, hidden from assistive technology', async () => {
    const { container } = await renderWithProviders(<ProductCardSkeleton />);
    const root = container.firstElementChild as HTMLElement;
    expect(root.getAttribute('aria-hidden')).toBe('true');
    for (const part of ['card', 'media', 'body', 'title', 'brand', 'rating', 'cta']) {
      expect(root.classList.contains(part) || root.querySelector(`.${part}`) !== null).toBe(true);
    }
    expect(root.classList.contains('interactive')).toBe(false);
    expect(container.querySelector('a')).toBeNull();
  });

  it('shape a user card with the card’s own classes', async () => {
    const { container } = await renderWithProviders(<UserCardSkeleton />);
    const root = container.firstElementChild as HTMLElement;
    expect(root.getAttribute('aria-hidden')).toBe('true');
    for (const part of ['card', 'avatar', 'name', 'username', 'stats']) {
      expect(root.classList.contains(part) || root.querySelector(`.${part}`) !== null).toBe(true);
    }
    expect(container.querySelector('a')).toBeNull();
  });
});

describe('brand logo skeleton', () => {
  it('uses the logo’s own classes and is hidden', async () => {
    const { container } = await renderWithProviders(<BrandLogoSkeleton />);
    const root = container.firstElementChild as HTMLElement;
    expect(root.getAttribute('aria-hidden')).toBe('true');
    expect(root.classList.contains('brand')).toBe(true);
    expect(root.querySelector('.mark')).not.toBeNull();
    expect(root.querySelector('.name')).not.toBeNull();
  });
});

describe('category card skeleton', () => {
  it('is a hidden card with a four-tile mosaic and a title line', async () => {
    const { container } = await renderWithProviders(<CategoryCardSkeleton />);
    const root = container.firstElementChild as HTMLElement;
    expect(root.getAttribute('aria-hidden')).toBe('true');
    expect(root.classList.contains('card')).toBe(true);
    expect(root.querySelectorAll('.mosaic .tile')).toHaveLength(4);
    expect(root.querySelector('.title')).not.toBeNull();
    expect(container.querySelector('a')).toBeNull();
  });
});
