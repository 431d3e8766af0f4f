import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../features/i18n/i18n.ts';
import { aBrand } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { BrandLogo, BrandMark } from './BrandLogo.tsx';

describe('BrandLogo', () => {
  it('links to the brand page, named by the brand, with the logo beside the name', async () => {
    const { container } = await renderWithProviders(<BrandLogo brand={aBrand()} />);
    const link = screen.getByRole('link', { name: 'Nike' });
    expect(link.getAttribute('href')).toBe('/en/brand/nike');
    // The name is right there: an alt of "Nike logo" would make the link "Nike logo Nike".
    const logo = container.querySelector('img');
    expect(logo?.getAttribute('alt')).toBe('');
    expect(logo?.getAttribute('src')).toBe('http://api.test/images/brands/nike.webp');
  });

  it('shows a monogram when the brand has no image', async () => {
    const { container } = await renderWithProviders(
      <BrandLogo brand={aBrand({ slug: 'new-balance', name: 'New Balance', image: null })} />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('.monogram')?.textContent).toBe('NB');
    expect(screen.getByRole('link', { name: 'New Balance' }).getAttribute('href')).toBe('/en/brand/new-balance');
  });

  it('falls back to the monogram when the logo fails to load', async () => {
    const { container } = await renderWithProviders(<BrandLogo brand={aBrand()} />);
    fireEvent.error(container.querySelector('img') as HTMLImageElement);
    expect(container.querySelector('.monogram')?.textContent).toBe('N');
  });

  it('shows the whole of a long name', async () => {
    await renderWithProviders(<BrandLogo brand={aBrand({ slug: 'cierzo-outdoor', name: 'Cierzo Outdoor Company' })} />);
    expect(screen.getByRole('link').textContent).toBe('Cierzo Outdoor Company');
  });

  it('translates the catalogue’s “Various” brand, and keeps real brand names as they are', async () => {
    const various = aBrand({ id: 1, slug: 'various', name: 'Various', image: null });
    const { container } = await renderWithProviders(<BrandLogo brand={various} />);
    expect(screen.getByRole('link', { name: 'Various' })).toBeTruthy();
    await i18n.changeLanguage('es');
    try {
      expect(await screen.findByRole('link', { name: 'Varios' })).toBeTruthy();
      expect(container.querySelector('.monogram')?.textContent).toBe('V');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});

describe('BrandMark', () => {
  it('names the logo by the brand, “Various” in the page’s language', async () => {
    await renderWithProviders(<BrandMark brand={aBrand({ slug: 'various', name: 'Various', image: 'brands/various.webp' })} />);
    expect(screen.getByRole('img', { name: 'Various logo' })).toBeTruthy();
    await i18n.changeLanguage('es');
    try {
      expect(await screen.findByRole('img', { name: 'Logotipo de Varios' })).toBeTruthy();
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});

describe('BrandLogo stylesheet', () => {
  // Read as text: the test run bypasses CSS Modules, and jsdom lays nothing out.
  const stylesheet = readFileSync(join(import.meta.dirname, 'BrandLogo.module.css'), 'utf8');
  const name = /(?:^|\n)\.name \{([^}]*)\}/.exec(stylesheet)?.[1] ?? '';

  it('wraps a name onto two balanced lines instead of cutting it', () => {
    expect(name).toContain('text-wrap: balance;');
    expect(name).toContain('overflow-wrap: anywhere;');
    expect(name).toContain('min-height: calc(2em * var(--line-height-snug));');
    expect(name).not.toMatch(/ellipsis|nowrap|overflow: hidden|(?:^|\s)height:/);
  });
});
