import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aBrand } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { BrandLogo } from './BrandLogo.tsx';

describe('BrandLogo', () => {
  it('links to the brand page and shows the logo and name', async () => {
    await renderWithProviders(<BrandLogo brand={aBrand()} />);
    const link = screen.getByRole('link');
    expect(link.getAttribute('href')).toBe('/en/brand/nike');
    expect(link.textContent).toContain('Nike');
    const logo = screen.getByRole('img', { name: 'Nike logo' });
    expect(logo.getAttribute('src')).toBe('http://api.test/images/brands/nike.webp');
  });

  it('shows a monogram when the brand has no image', async () => {
    const { container } = await renderWithProviders(
      <BrandLogo brand={aBrand({ slug: 'new-balance', name: 'New Balance', image: null })} />,
    );
    expect(screen.queryByRole('img')).toBeNull();
    expect(container.querySelector('.monogram')?.textContent).toBe('NB');
    expect(screen.getByRole('link').getAttribute('href')).toBe('/en/brand/new-balance');
  });

  it('falls back to the monogram when the logo fails to load', async () => {
    const { container } = await renderWithProviders(<BrandLogo brand={aBrand()} />);
    fireEvent.error(screen.getByRole('img'));
    expect(container.querySelector('.monogram')?.textContent).toBe('N');
  });
});
