import type { ProductPhoto } from '@linkhunt/contracts/photos';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aFullProduct } from '../../../test/fixtures.ts';
import { renderLoaded } from '../../../test/render.tsx';
import { ProductGallery } from './ProductGallery.tsx';

const photo = (id: number, overrides: Partial<ProductPhoto> = {}): ProductPhoto => ({
  id,
  image: `products/p${id}.webp`,
  thumbnail: `products/p${id}-thumb.webp`,
  alt: '',
  qc: false,
  ...overrides,
});

const gallery = () => screen.getByRole('region', { name: 'Photos' });

describe('ProductGallery', () => {
  it('shows the photos in the gallery’s order, the cover first and eager, the others lazy, QC photos labelled', async () => {
    const photos = [photo(3, { alt: 'Front view' }), photo(1), photo(7, { qc: true, alt: 'Warehouse photo' })];
    await renderLoaded(<ProductGallery product={aFullProduct({ photos })} />);
    const slides = within(gallery()).getAllByRole('group').filter((group) => group.getAttribute('aria-roledescription') === 'photo');
    expect(slides.map((slide) => slide.getAttribute('aria-label'))).toEqual(['1 of 3', '2 of 3', '3 of 3']);
    const images = slides.map((slide) => within(slide).getByRole('img', { name: /./ }) as HTMLImageElement);
    expect(images.map((image) => image.getAttribute('src'))).toEqual([
      'http://api.test/images/products/p3.webp',
      'http://api.test/images/products/p1.webp',
      'http://api.test/images/products/p7.webp',
    ]);
    expect(images.map((image) => image.alt)).toEqual(['Front view', 'Retro Runner sneakers, photo 2', 'Warehouse photo']);
    expect(images.map((image) => image.getAttribute('loading'))).toEqual(['eager', 'lazy', 'lazy']);
    expect(images[0]?.getAttribute('fetchpriority')).toBe('high');
    expect(slides.map((slide) => within(slide).queryByText('QC photo') !== null)).toEqual([false, false, true]);
    // The thumbnails say which photo shows.
    const thumbnails = within(screen.getByRole('list', { name: 'All photos' })).getAllByRole('button');
    expect(thumbnails.map((button) => button.getAttribute('aria-current'))).toEqual(['true', null, null]);
  });

  it('moves with the buttons, the thumbnails and the arrow keys', async () => {
    const { user } = await renderLoaded(<ProductGallery product={aFullProduct({ photos: [photo(1), photo(2), photo(3)] })} />);
    const current = () => within(screen.getByRole('list', { name: 'All photos' })).getAllByRole('button').findIndex((button) => button.getAttribute('aria-current') === 'true');
    expect(screen.getByRole('button', { name: 'Previous photo' })).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('button', { name: 'Next photo' }));
    expect(current()).toBe(1);
    await user.click(screen.getByRole('button', { name: 'Show photo 3' }));
    expect(current()).toBe(2);
    expect(screen.getByRole('button', { name: 'Next photo' })).toHaveProperty('disabled', true);
    screen.getByRole('group', { name: 'Photos, use the arrow keys to move' }).focus();
    await user.keyboard('{ArrowLeft}');
    expect(current()).toBe(1);
    await user.keyboard('{Home}');
    expect(current()).toBe(0);
  });

  it('zooms a photo in a dialog', async () => {
    const { user } = await renderLoaded(<ProductGallery product={aFullProduct({ photos: [photo(1), photo(2, { alt: 'Sole' })] })} />);
    await user.click(screen.getByRole('button', { name: 'Zoom in on photo 2' }));
    const dialog = screen.getByRole('dialog', { name: 'Photo 2 of 2' });
    expect(within(dialog).getByRole('img', { name: 'Sole' }).getAttribute('src')).toBe('http://api.test/images/products/p2.webp');
    const enlarge = within(dialog).getByRole('button', { name: 'Enlarge' });
    await user.click(enlarge);
    expect(enlarge.getAttribute('aria-pressed')).toBe('true');
  });

  it('is the cover alone, without controls, for a product of one photo', async () => {
    await renderLoaded(<ProductGallery product={aFullProduct()} />);
    expect(within(gallery()).getByRole('img', { name: 'Retro Runner sneakers' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Next photo' })).toBeNull();
    expect(screen.queryByRole('list', { name: 'All photos' })).toBeNull();
  });
});
