import { screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { i18n } from '../../features/i18n/i18n.ts';
import { fakeApi, restoreApi, results } from '../../test/fake-api.ts';
import { aProduct } from '../../test/fixtures.ts';
import { renderOnServerThenHydrate } from '../../test/hydrate.tsx';
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

  it('marks the title and the picture\'s text with the product\'s language when the page is in another one, in the server\'s markup too', async () => {
    await renderWithProviders(<></>);
    const spanish = aProduct({ title: 'Zapatillas retro blancas', language: 'es' });
    const page = (
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={['/en/index']}>
          <ProductCard product={spanish} />
          <ProductCard product={aProduct({ id: 2, slug: 'runner-2', title: 'White retro trainers', language: 'en' })} />
        </MemoryRouter>
      </I18nextProvider>
    );
    const rendered = await renderOnServerThenHydrate(page);
    try {
      expect(rendered.serverHtml).toMatch(/<h3 [^>]*lang="es"[^>]*>Zapatillas retro blancas<\/h3>/);
      expect(rendered.complaints).toEqual([]);
      const [first, second] = within(rendered.container).getAllByRole('heading', { level: 3 });
      expect(first?.getAttribute('lang')).toBe('es');
      expect(within(rendered.container).getByRole('img', { name: 'Zapatillas retro blancas' }).getAttribute('lang')).toBe('es');
      expect(second?.hasAttribute('lang')).toBe(false);
      expect(within(rendered.container).getByRole('img', { name: 'White retro trainers' }).hasAttribute('lang')).toBe(false);
    } finally {
      rendered.unmount();
    }
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

  it('shows the price in the visitor’s currency, and keeps the line empty without one', async () => {
    onTestFinished(restoreApi);
    fakeApi((request) => (request.url === '/rates' ? results({ base: 'EUR', date: '2026-12-04', fetched_at: null, rates: { EUR: 1, USD: 1.1, CNY: 8, GBP: 0.85 } }) : { status: 404 }));
    await renderWithProviders(
      <>
        <ProductCard product={aProduct({ price: { amount_minor: 8000, currency: 'CNY' } })} />
        <ProductCard product={aProduct({ id: 2, slug: 'no-price', title: 'No price' })} />
      </>,
    );
    const [priced, unpriced] = screen.getAllByRole('link');
    // 80 CNY / 8 * 1.1 = 11 USD, the English visitor's currency.
    await waitFor(() => expect(priced?.textContent).toContain('≈ approximately $11.00'));
    expect(unpriced?.textContent).not.toMatch(/\d\.\d\d/);
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

  describe('the "verified" mark', () => {
    const NOW = new Date('2025-03-12T12:00:00Z');
    const HOUR = 3_600_000;
    const hoursAgo = (hours: number) => new Date(NOW.getTime() - hours * HOUR).toISOString();
    const verified = (checkedAt: string | null, linkState: 'ok' | 'partly_gone' | 'gone' | 'unknown' = 'ok') =>
      aProduct({ link_state: linkState, links_checked_at: checkedAt, platforms: ['hacoo'] });
    const mark = () => document.querySelector('[data-verified-mark]');

    // Only the clock is faked: the rest of the test keeps its real timers.
    const atNow = () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(NOW);
    };
    afterEach(() => vi.useRealTimers());

    it('shows a tick and "Link verified" on a card whose links were all seen working in the last 7 days, and says so in full', async () => {
      atNow();
      await renderWithProviders(<ProductCard product={verified(hoursAgo(2 * 24))} />);
      const link = screen.getByRole('link');
      expect(within(link).getByText('Link verified in the last 7 days').className).toBe('visually-hidden');
      expect(mark()?.querySelector('[aria-hidden="true"]:not(svg)')?.textContent).toBe('Link verified');
      expect(mark()?.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
      expect(link.textContent).toContain('Available on Hacoo');
    });

    it('keeps it up to exactly 7 days after the check and drops it a minute later', async () => {
      atNow();
      const { unmount } = await renderWithProviders(<ProductCard product={verified(hoursAgo(7 * 24))} />);
      expect(mark()).not.toBeNull();
      unmount();
      await renderWithProviders(<ProductCard product={verified(new Date(NOW.getTime() - 7 * 24 * HOUR - 60_000).toISOString())} />);
      expect(mark()).toBeNull();
      expect(screen.queryByText(/Link verified/)).toBeNull();
    });

    it('shows none when a link is gone or not judged yet, when nothing was checked, nor on an unavailable product', async () => {
      atNow();
      for (const product of [
        verified(hoursAgo(1), 'partly_gone'),
        verified(hoursAgo(1), 'gone'),
        verified(hoursAgo(1), 'unknown'),
        verified(null),
        aProduct({ hidden: 1, link_state: 'ok', links_checked_at: hoursAgo(1) }),
      ]) {
        const { unmount } = await renderWithProviders(<ProductCard product={product} />);
        expect(mark(), `${product.link_state} ${product.links_checked_at} hidden=${product.hidden}`).toBeNull();
        unmount();
      }
    });

    it('says it in the page’s language', async () => {
      atNow();
      await renderWithProviders(<ProductCard product={verified(hoursAgo(1))} />);
      await i18n.changeLanguage('es');
      try {
        expect(await screen.findByText('Enlace verificado en los últimos 7 días')).toBeTruthy();
        expect(mark()?.textContent).toContain('Enlace verificado');
      } finally {
        await i18n.changeLanguage('en');
      }
    });

    it('is left out of the server’s markup and drawn once hydrated, so the two renders always agree', async () => {
      atNow();
      await renderWithProviders(<></>);
      const page = (
        <I18nextProvider i18n={i18n}>
          <MemoryRouter initialEntries={['/es/index']}>
            <ProductCard product={verified(hoursAgo(6 * 24))} />
          </MemoryRouter>
        </I18nextProvider>
      );
      const sameDay = await renderOnServerThenHydrate(page);
      try {
        expect(sameDay.serverHtml).not.toContain('data-verified-mark');
        expect(sameDay.complaints).toEqual([]);
        expect(sameDay.container.querySelector('[data-verified-mark]')?.textContent).toContain('Link verified in the last 7 days');
      } finally {
        sameDay.unmount();
      }
      // A page rendered (or cached) within the 7 days and opened after them: no mismatch, and no mark.
      const later = await renderOnServerThenHydrate(page, () => vi.setSystemTime(NOW.getTime() + 2 * 24 * HOUR));
      try {
        expect(later.complaints).toEqual([]);
        expect(later.container.querySelector('[data-verified-mark]')).toBeNull();
      } finally {
        later.unmount();
      }
    });
  });
});
