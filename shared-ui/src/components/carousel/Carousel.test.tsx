import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../features/i18n/i18n.ts';
import { aBrand, aProduct } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { BrandLogo } from '../brand-logo/BrandLogo.tsx';
import { ProductCard } from '../product-card/ProductCard.tsx';
import {
  AUTOPLAY_DELAY_MS,
  BRANDS_CAROUSEL,
  Carousel,
  CAROUSEL_BREAKPOINTS,
  CAROUSEL_PRESETS,
  PRODUCTS_CAROUSEL,
  USERS_CAROUSEL,
} from './Carousel.tsx';

const products = [1, 2, 3].map((id) => aProduct({ id, slug: `p-${id}`, title: `Product ${id}` }));
const manyProducts = Array.from({ length: 8 }, (_, index) =>
  aProduct({ id: index + 1, slug: `p-${index + 1}`, title: `Product ${index + 1}` }),
);
const brands = Array.from({ length: 10 }, (_, index) =>
  aBrand({ id: index + 1, slug: `brand-${index + 1}`, name: `Brand ${index + 1}` }),
);

function ProductCarousel({ loading = false, items = products, loop }: { loading?: boolean; items?: typeof products; loop?: boolean }) {
  return (
    <Carousel
      preset="products"
      label="Featured products"
      items={items}
      getKey={(product) => product.id}
      renderItem={(product) => <ProductCard product={product} />}
      loading={loading}
      loop={loop}
    />
  );
}

function BrandCarousel({ autoplay, loop }: { autoplay?: boolean; loop?: boolean }) {
  return (
    <Carousel
      preset="brands"
      label="Brands"
      autoplay={autoplay}
      loop={loop}
      items={brands}
      getKey={(brand) => brand.id}
      renderItem={(brand) => <BrandLogo brand={brand} />}
    />
  );
}

/** jsdom has no layout: 300 px of track showing slides 100 px apart (so 8 slides scroll up to 500 px). */
const VIEW = 300;
const STEP = 100;

/**
 * Gives the carousel's track the geometry a browser would, and scrollTo/scrollBy that move it at once and
 * fire `scroll` as a browser does when it gets there.
 */
function layOut(name: string, { width = VIEW, step = STEP, at = 0 } = {}) {
  const region = screen.getByRole('region', { name });
  const track = within(region).getAllByRole('group')[0]?.parentElement;
  if (!track) throw new Error('no slides');
  const slides = Array.from(track.children);
  const max = Math.max(0, slides.length * step - width);
  let left = at;
  const moveTo = (target: number) => {
    left = Math.min(max, Math.max(0, target));
    fireEvent.scroll(track);
  };
  Object.defineProperties(track, {
    clientWidth: { configurable: true, get: () => width },
    scrollWidth: { configurable: true, get: () => slides.length * step },
    scrollLeft: { configurable: true, get: () => left, set: moveTo },
  });
  slides.forEach((slide, index) => {
    slide.getBoundingClientRect = () => DOMRect.fromRect({ x: index * step - left, width: step - 15, height: 200 });
  });
  const scrollTo = vi.fn((options: ScrollToOptions) => moveTo(options.left ?? left));
  const scrollBy = vi.fn((options: ScrollToOptions) => moveTo(left + (options.left ?? 0)));
  track.scrollTo = scrollTo as typeof track.scrollTo;
  track.scrollBy = scrollBy as typeof track.scrollBy;
  // What the browser reports once it has laid the track out.
  fireEvent.scroll(track);
  return { region, track, scrollTo, scrollBy, max, scrolls: () => scrollTo.mock.calls.length + scrollBy.mock.calls.length };
}

function preferReducedMotion() {
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
}

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

/** Only the intervals: user-event and React's scheduler keep their real timeouts. */
function fakeAutoplayClock() {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
}

const tick = (ms = AUTOPLAY_DELAY_MS) => act(() => vi.advanceTimersByTime(ms));

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

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
    expect(AUTOPLAY_DELAY_MS).toBe(3000);
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

  it('shows the preset number of skeletons while loading, as labelled slides, and no items', async () => {
    const { container, rerender } = await renderWithProviders(<ProductCarousel loading />);
    const region = screen.getByRole('region', { name: 'Featured products' });
    expect(region.getAttribute('aria-busy')).toBe('true');
    expect(container.querySelectorAll('[data-skeleton="product-card"]')).toHaveLength(5);
    expect(within(region).getAllByRole('group').map((slide) => slide.getAttribute('aria-label'))).toEqual([
      '1 of 5',
      '2 of 5',
      '3 of 5',
      '4 of 5',
      '5 of 5',
    ]);
    expect(within(region).queryAllByRole('link')).toHaveLength(0);

    rerender(<ProductCarousel />);
    expect(region.hasAttribute('aria-busy')).toBe(false);
    expect(container.querySelectorAll('[data-skeleton]')).toHaveLength(0);
    expect(within(region).getAllByRole('group').map((slide) => slide.getAttribute('aria-label'))).toEqual(['1 of 3', '2 of 3', '3 of 3']);
  });

  it('sizes its slides by its preset\'s class, with no style attribute', async () => {
    await renderWithProviders(<ProductCarousel />);
    const { track } = layOut('Featured products');
    expect(track.classList).toContain('products');
    expect(track.getAttribute('style')).toBeNull();
  });

  it('gives the brands preset its own class', async () => {
    await renderWithProviders(<BrandCarousel autoplay={false} />);
    expect(layOut('Brands').track.classList).toContain('brands');
  });

  it('has labelled previous and next buttons that control the slides', async () => {
    await renderWithProviders(<BrandCarousel autoplay={false} />);
    const { track } = layOut('Brands');
    const previous = button('Previous');
    const next = button('Next');
    expect(next.getAttribute('aria-controls')).toBe(track.id);
    expect(previous.getAttribute('aria-controls')).toBe(track.id);
    expect(within(track).getAllByRole('group')).toHaveLength(brands.length);
  });

  describe('without looping', () => {
    it('moves one slide per press, smoothly, and disables each button at its end', async () => {
      const { user } = await renderWithProviders(<ProductCarousel items={manyProducts} />);
      const { scrollBy, scrollTo, max } = layOut('Featured products');
      expect(button('Previous').disabled).toBe(true);
      expect(button('Next').disabled).toBe(false);

      await user.click(button('Next'));
      expect(scrollBy).toHaveBeenLastCalledWith({ left: STEP, behavior: 'smooth' });
      expect(button('Previous').disabled).toBe(false);

      for (let press = 0; press < 4; press += 1) await user.click(button('Next'));
      expect(scrollBy).toHaveBeenCalledTimes(5);
      expect(button('Next').disabled).toBe(true);
      expect(button('Previous').disabled).toBe(false);

      await user.click(button('Previous'));
      expect(scrollBy).toHaveBeenLastCalledWith({ left: -STEP, behavior: 'smooth' });
      expect(button('Next').disabled).toBe(false);
      expect(scrollTo).not.toHaveBeenCalled();
      expect(max).toBe(500);
    });

    it('follows the visitor scrolling the track by hand', async () => {
      await renderWithProviders(<ProductCarousel items={manyProducts} />);
      const { track, max } = layOut('Featured products');
      act(() => {
        track.scrollLeft = max;
      });
      expect(button('Next').disabled).toBe(true);
      expect(button('Previous').disabled).toBe(false);
      act(() => {
        track.scrollLeft = 0;
      });
      expect(button('Previous').disabled).toBe(true);
    });

    it('does not go past either end from the keyboard', async () => {
      const { user } = await renderWithProviders(<ProductCarousel items={manyProducts} />);
      const { region, scrolls } = layOut('Featured products');
      const links = within(region).getAllByRole('link');
      act(() => links[0]?.focus());
      await user.keyboard('{ArrowLeft}');
      expect(document.activeElement).toBe(links[0]);
      expect(scrolls()).toBe(0);
      await user.keyboard('{End}{ArrowRight}');
      expect(document.activeElement).toBe(links[7]);
      expect(scrolls()).toBe(1);
    });

    it('hides its buttons when every slide fits', async () => {
      await renderWithProviders(<ProductCarousel />);
      layOut('Featured products', { width: 3 * STEP });
      expect(screen.queryByRole('button', { name: 'Previous' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    });

    it('can be switched off for a preset that loops', async () => {
      await renderWithProviders(<BrandCarousel autoplay={false} loop={false} />);
      layOut('Brands');
      expect(button('Previous').disabled).toBe(true);
    });
  });

  describe('looping', () => {
    it('never disables its buttons, and wraps round at either end', async () => {
      const { user } = await renderWithProviders(<BrandCarousel autoplay={false} />);
      const { scrollTo, scrollBy, max } = layOut('Brands');
      expect(max).toBe(700);
      expect(button('Previous').disabled).toBe(false);
      expect(button('Next').disabled).toBe(false);

      await user.click(button('Previous'));
      expect(scrollTo).toHaveBeenLastCalledWith({ left: max, behavior: 'smooth' });
      expect(scrollBy).not.toHaveBeenCalled();
      expect(button('Next').disabled).toBe(false);

      await user.click(button('Next'));
      expect(scrollTo).toHaveBeenLastCalledWith({ left: 0, behavior: 'smooth' });
      expect(button('Previous').disabled).toBe(false);

      await user.click(button('Next'));
      expect(scrollBy).toHaveBeenLastCalledWith({ left: STEP, behavior: 'smooth' });
      await user.click(button('Previous'));
      expect(scrollBy).toHaveBeenLastCalledWith({ left: -STEP, behavior: 'smooth' });
      expect(scrollTo).toHaveBeenCalledTimes(2);
    });

    it('can be switched on for a preset that does not loop', async () => {
      const { user } = await renderWithProviders(<ProductCarousel items={manyProducts} loop />);
      const { scrollTo } = layOut('Featured products');
      expect(button('Previous').disabled).toBe(false);
      await user.click(button('Previous'));
      expect(scrollTo).toHaveBeenLastCalledWith({ left: 500, behavior: 'smooth' });
    });
  });

  it('jumps instead of gliding when the visitor prefers reduced motion', async () => {
    preferReducedMotion();
    const { user } = await renderWithProviders(<BrandCarousel />);
    const { scrollBy, scrollTo } = layOut('Brands');
    await user.click(button('Next'));
    expect(scrollBy).toHaveBeenLastCalledWith({ left: STEP, behavior: 'instant' });
    await user.click(button('Previous'));
    await user.click(button('Previous'));
    expect(scrollTo).toHaveBeenLastCalledWith({ left: 700, behavior: 'instant' });
  });

  describe('keyboard', () => {
    const tabIndexes = (region: HTMLElement) => within(region).getAllByRole('link').map((link) => link.tabIndex);

    it('makes the slides one tab stop: Tab enters at the first item and leaves after it', async () => {
      const { user } = await renderWithProviders(
        <>
          <button type="button">Before</button>
          <ProductCarousel items={manyProducts} />
          <button type="button">After</button>
        </>,
      );
      const { region } = layOut('Featured products');
      const links = within(region).getAllByRole('link');
      expect(tabIndexes(region)).toEqual([0, -1, -1, -1, -1, -1, -1, -1]);
      // The arrow keys do their job; a pointer still clicks them.
      expect(button('Next').tabIndex).toBe(-1);
      expect(button('Previous').tabIndex).toBe(-1);
      act(() => button('Before').focus());
      await user.tab();
      expect(document.activeElement).toBe(links[0]);
      await user.tab();
      expect(document.activeElement).toBe(button('After'));
      await user.tab({ shift: true });
      expect(document.activeElement).toBe(links[0]);
    });

    it('keeps the pause button as its first tab stop, before the slides', async () => {
      fakeAutoplayClock();
      const { user } = await renderWithProviders(
        <>
          <button type="button">Before</button>
          <BrandCarousel />
          <button type="button">After</button>
        </>,
      );
      const { region } = layOut('Brands');
      act(() => button('Before').focus());
      await user.tab();
      expect(document.activeElement).toBe(button('Pause automatic scrolling'));
      await user.tab();
      expect(document.activeElement).toBe(within(region).getAllByRole('link')[0]);
      await user.tab();
      expect(document.activeElement).toBe(button('After'));
    });

    it('moves the focus with the arrow keys, scrolling an item into view only when it is not', async () => {
      const { user } = await renderWithProviders(<ProductCarousel items={manyProducts} />);
      const { region, scrollBy, scrollTo } = layOut('Featured products');
      const links = within(region).getAllByRole('link');
      act(() => links[0]?.focus());
      await user.keyboard('{ArrowRight}{ArrowRight}');
      expect(document.activeElement).toBe(links[2]);
      expect(scrollBy).not.toHaveBeenCalled();
      await user.keyboard('{ArrowRight}');
      expect(document.activeElement).toBe(links[3]);
      // The fourth slide stood partly past the edge: one slide along shows all of it.
      expect(scrollBy).toHaveBeenLastCalledWith({ left: STEP, behavior: 'smooth' });
      expect(tabIndexes(region)).toEqual([-1, -1, -1, 0, -1, -1, -1, -1]);
      await user.keyboard('{ArrowLeft}{ArrowLeft}');
      expect(document.activeElement).toBe(links[1]);
      expect(scrollBy).toHaveBeenCalledTimes(1);
      await user.keyboard('{ArrowLeft}');
      expect(document.activeElement).toBe(links[0]);
      expect(scrollBy).toHaveBeenLastCalledWith({ left: -STEP, behavior: 'smooth' });
      expect(scrollTo).not.toHaveBeenCalled();
    });

    it('goes to the first and the last item with Home and End', async () => {
      const { user } = await renderWithProviders(<ProductCarousel items={manyProducts} />);
      const { region, scrollBy, track, max } = layOut('Featured products');
      const links = within(region).getAllByRole('link');
      act(() => links[2]?.focus());
      await user.keyboard('{End}');
      expect(document.activeElement).toBe(links[7]);
      expect(scrollBy).toHaveBeenLastCalledWith({ left: max, behavior: 'smooth' });
      expect(track.scrollLeft).toBe(max);
      await user.keyboard('{Home}');
      expect(document.activeElement).toBe(links[0]);
      expect(track.scrollLeft).toBe(0);
      expect(tabIndexes(region)).toEqual([0, -1, -1, -1, -1, -1, -1, -1]);
    });

    it('wraps round when the carousel loops', async () => {
      const { user } = await renderWithProviders(<BrandCarousel autoplay={false} />);
      const { region, track, max } = layOut('Brands');
      const links = within(region).getAllByRole('link');
      act(() => links[0]?.focus());
      await user.keyboard('{ArrowLeft}');
      expect(document.activeElement).toBe(links[9]);
      expect(track.scrollLeft).toBe(max);
      await user.keyboard('{ArrowRight}');
      expect(document.activeElement).toBe(links[0]);
      expect(track.scrollLeft).toBe(0);
    });

    it('comes back with Tab to the item it left, and makes any item focused otherwise the tab stop', async () => {
      const { user } = await renderWithProviders(
        <>
          <ProductCarousel items={manyProducts} />
          <button type="button">After</button>
        </>,
      );
      const { region } = layOut('Featured products');
      const links = within(region).getAllByRole('link');
      act(() => links[0]?.focus());
      await user.keyboard('{ArrowRight}{ArrowRight}');
      await user.tab();
      expect(document.activeElement).toBe(button('After'));
      await user.tab({ shift: true });
      expect(document.activeElement).toBe(links[2]);
      // A click, or a screen reader's cursor.
      act(() => links[5]?.focus());
      expect(tabIndexes(region)).toEqual([-1, -1, -1, -1, -1, 0, -1, -1]);
    });

    it('jumps instead of gliding to the item when the visitor prefers reduced motion', async () => {
      preferReducedMotion();
      const { user } = await renderWithProviders(<ProductCarousel items={manyProducts} />);
      const { region, scrollBy, max } = layOut('Featured products');
      act(() => within(region).getAllByRole('link')[0]?.focus());
      await user.keyboard('{End}');
      expect(scrollBy).toHaveBeenLastCalledWith({ left: max, behavior: 'instant' });
    });

    it('takes over its keys from the browser, even at an end, but leaves modified arrows and other keys alone', async () => {
      await renderWithProviders(<ProductCarousel items={manyProducts} />);
      const { region, scrolls } = layOut('Featured products');
      const link = within(region).getAllByRole('link')[0] as HTMLElement;
      act(() => link.focus());
      // fireEvent returns false when the handler cancelled the browser's own action.
      expect(fireEvent.keyDown(link, { key: 'ArrowLeft', altKey: true })).toBe(true);
      expect(fireEvent.keyDown(link, { key: 'ArrowRight', shiftKey: true })).toBe(true);
      expect(fireEvent.keyDown(link, { key: 'ArrowDown' })).toBe(true);
      expect(document.activeElement).toBe(link);
      // Nowhere to go, and still neither the track nor the page scrolls by itself.
      expect(fireEvent.keyDown(link, { key: 'ArrowLeft' })).toBe(false);
      expect(fireEvent.keyDown(link, { key: 'Home' })).toBe(false);
      expect(document.activeElement).toBe(link);
      expect(scrolls()).toBe(0);
      expect(fireEvent.keyDown(link, { key: 'ArrowRight' })).toBe(false);
      expect(document.activeElement).toBe(within(region).getAllByRole('link')[1]);
    });

    it('turn the carousel from the pause button', async () => {
      fakeAutoplayClock();
      const { user } = await renderWithProviders(<BrandCarousel />);
      const { scrollBy } = layOut('Brands');
      act(() => button('Pause automatic scrolling').focus());
      await user.keyboard('{ArrowRight}');
      expect(scrollBy).toHaveBeenLastCalledWith({ left: STEP, behavior: 'smooth' });
    });

    it('do nothing while focus is elsewhere on the page', async () => {
      const { user } = await renderWithProviders(
        <>
          <button type="button">Elsewhere</button>
          <ProductCarousel items={manyProducts} />
        </>,
      );
      const { scrolls } = layOut('Featured products');
      act(() => button('Elsewhere').focus());
      await user.keyboard('{ArrowRight}{ArrowLeft}{End}');
      expect(scrolls()).toBe(0);
      expect(document.activeElement).toBe(button('Elsewhere'));
    });

    it('takes the items of slides that arrive later out of the tab order too', async () => {
      const { rerender } = await renderWithProviders(<ProductCarousel items={products} />);
      const region = screen.getByRole('region', { name: 'Featured products' });
      expect(tabIndexes(region)).toEqual([0, -1, -1]);
      rerender(<ProductCarousel items={manyProducts} />);
      await waitFor(() => expect(tabIndexes(region)).toEqual([0, -1, -1, -1, -1, -1, -1, -1]));
    });

    it('renders the same markup on the server, every item tabbable until it is hydrated', async () => {
      await renderWithProviders(<></>);
      const page = (
        <I18nextProvider i18n={i18n}>
          <MemoryRouter initialEntries={['/es/index']}>
            <ProductCarousel items={manyProducts} />
          </MemoryRouter>
        </I18nextProvider>
      );
      const container = document.createElement('div');
      container.innerHTML = renderToString(page);
      document.body.append(container);
      const links = Array.from(container.querySelectorAll('a'));
      expect(links.map((link) => link.getAttribute('tabindex'))).toEqual(Array<null>(8).fill(null));
      const errors = vi.spyOn(console, 'error');
      const root = await act(async () => hydrateRoot(container, page));
      expect(errors).not.toHaveBeenCalled();
      expect(Array.from(container.querySelectorAll('a'))).toEqual(links);
      expect(links.map((link) => link.tabIndex)).toEqual([0, -1, -1, -1, -1, -1, -1, -1]);
      act(() => root.unmount());
      container.remove();
    });

    it('shows a hint of its keys to sighted keyboard users only', async () => {
      await renderWithProviders(<ProductCarousel items={manyProducts} />);
      const hint = screen.getByRole('region', { name: 'Featured products' }).querySelector('[data-role="keys-hint"]');
      expect(hint?.textContent).toBe('Use the ← → arrow keys to move through the carousel');
      expect(hint?.getAttribute('aria-hidden')).toBe('true');
    });
  });

  it('names its buttons by their labels alone: the pictures on them are hidden', async () => {
    fakeAutoplayClock();
    const { user } = await renderWithProviders(<BrandCarousel />);
    layOut('Brands');
    for (const name of ['Pause automatic scrolling', 'Previous', 'Next']) {
      const control = button(name);
      expect(control.textContent).toBe('');
      expect(control.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
    }
    await user.click(button('Pause automatic scrolling'));
    const play = button('Resume automatic scrolling');
    expect(play.textContent).toBe('');
    expect(play.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
  });

  describe('autoplay', () => {
    it('moves one slide every AUTOPLAY_DELAY_MS, back to the first after the last', async () => {
      fakeAutoplayClock();
      await renderWithProviders(<BrandCarousel />);
      const { scrollBy, scrollTo, track, max } = layOut('Brands');
      expect(track.getAttribute('aria-live')).toBe('off');
      tick(AUTOPLAY_DELAY_MS - 1);
      expect(scrollBy).not.toHaveBeenCalled();
      tick(1);
      expect(scrollBy).toHaveBeenCalledTimes(1);
      expect(scrollBy).toHaveBeenLastCalledWith({ left: STEP, behavior: 'smooth' });
      tick(6 * AUTOPLAY_DELAY_MS);
      expect(scrollBy).toHaveBeenCalledTimes(7);
      expect(track.scrollLeft).toBe(max);
      expect(scrollTo).not.toHaveBeenCalled();
      tick();
      expect(scrollTo).toHaveBeenCalledWith({ left: 0, behavior: 'smooth' });
      expect(track.scrollLeft).toBe(0);
    });

    it('offers a pause button that stops and resumes it', async () => {
      fakeAutoplayClock();
      const { user } = await renderWithProviders(<BrandCarousel />);
      const { scrolls, track } = layOut('Brands');
      const pause = button('Pause automatic scrolling');
      expect(pause.getAttribute('aria-controls')).toBe(track.id);
      // From the keyboard: a mouse over the carousel would hold it still by itself.
      await user.tab();
      expect(document.activeElement).toBe(pause);
      expect(pause.getAttribute('aria-label')).toBe('Pause automatic scrolling');
      await user.keyboard('{Enter}');
      expect(screen.getByRole('button', { name: 'Resume automatic scrolling' })).toBe(pause);
      expect(track.getAttribute('aria-live')).toBe('polite');
      tick(5 * AUTOPLAY_DELAY_MS);
      expect(scrolls()).toBe(0);
      await user.keyboard('{Enter}');
      expect(pause.getAttribute('aria-label')).toBe('Pause automatic scrolling');
      tick();
      expect(scrolls()).toBe(1);
    });

    it('stops for good when focus enters the slides', async () => {
      fakeAutoplayClock();
      await renderWithProviders(<BrandCarousel />);
      const { region, scrolls } = layOut('Brands');
      act(() => within(region).getAllByRole('link')[0]?.focus());
      expect(button('Resume automatic scrolling')).toBeTruthy();
      act(() => (document.activeElement as HTMLElement).blur());
      tick(5 * AUTOPLAY_DELAY_MS);
      expect(scrolls()).toBe(0);
      expect(button('Resume automatic scrolling')).toBeTruthy();
    });

    it('stops for good when focus enters the previous or next button', async () => {
      fakeAutoplayClock();
      await renderWithProviders(<BrandCarousel />);
      const { scrolls } = layOut('Brands');
      act(() => button('Next').focus());
      tick(2 * AUTOPLAY_DELAY_MS);
      expect(scrolls()).toBe(0);
      expect(button('Resume automatic scrolling')).toBeTruthy();
    });

    it('waits while the mouse is over the carousel, not after a touch', async () => {
      fakeAutoplayClock();
      const { user } = await renderWithProviders(<BrandCarousel />);
      const { region, scrolls } = layOut('Brands');
      await user.hover(region);
      tick(3 * AUTOPLAY_DELAY_MS);
      expect(scrolls()).toBe(0);
      expect(button('Pause automatic scrolling')).toBeTruthy();
      await user.unhover(region);
      tick();
      expect(scrolls()).toBe(1);

      fireEvent.pointerOver(region, { pointerType: 'touch' });
      tick();
      expect(scrolls()).toBe(2);
    });

    it('does not run when the visitor prefers reduced motion', async () => {
      preferReducedMotion();
      fakeAutoplayClock();
      await renderWithProviders(<BrandCarousel />);
      const { scrolls, track } = layOut('Brands');
      expect(screen.queryByRole('button', { name: /automatic scrolling/ })).toBeNull();
      tick(5 * AUTOPLAY_DELAY_MS);
      expect(scrolls()).toBe(0);
      expect(track.getAttribute('aria-live')).toBe('polite');
    });

    it('can be switched off for a preset that has it', async () => {
      fakeAutoplayClock();
      await renderWithProviders(<BrandCarousel autoplay={false} />);
      const { scrolls } = layOut('Brands');
      expect(screen.queryByRole('button', { name: /automatic scrolling/ })).toBeNull();
      expect(screen.getAllByRole('link')).toHaveLength(brands.length);
      tick(5 * AUTOPLAY_DELAY_MS);
      expect(scrolls()).toBe(0);
    });

    it('does not run for a preset without it, nor while loading', async () => {
      fakeAutoplayClock();
      const { rerender } = await renderWithProviders(<ProductCarousel items={manyProducts} />);
      const { scrolls, track } = layOut('Featured products');
      expect(track.getAttribute('aria-live')).toBe('polite');
      tick(5 * AUTOPLAY_DELAY_MS);
      expect(scrolls()).toBe(0);

      rerender(
        <Carousel preset="brands" label="Brands" loading items={[]} getKey={() => 0} renderItem={() => null} />,
      );
      expect(screen.queryByRole('button', { name: /automatic scrolling/ })).toBeNull();
    });
  });
});

describe('Carousel stylesheet', () => {
  // Read as text: the test run bypasses CSS Modules, so importing the file gives no source.
  const stylesheet = readFileSync(join(import.meta.dirname, 'Carousel.module.css'), 'utf8');
  /** jsdom applies no CSS, so the parts the behaviour rests on are checked in the source. */
  const rule = (selector: string) => {
    const match = new RegExp(`(?:^|\\n)${selector.replace('.', '\\.')} \\{([^}]*)\\}`).exec(stylesheet);
    return match?.[1] ?? '';
  };

  it('switches slides per view at exactly CAROUSEL_BREAKPOINTS, each to its own custom property', () => {
    const queries = [...stylesheet.matchAll(/@media \(min-width: (\d+)px\) \{\s*\.track \{\s*--per-view: var\(--per-view-(\d+)\);/g)];
    expect(queries.map((query) => Number(query[1]))).toEqual([...CAROUSEL_BREAKPOINTS]);
    expect(queries.every((query) => query[1] === query[2])).toBe(true);
    expect(rule('.track')).toContain('--per-view: var(--per-view-base);');
  });

  it("gives each preset's class its slides per view at each breakpoint, and its gap", () => {
    for (const [name, preset] of Object.entries(CAROUSEL_PRESETS)) {
      const declared = Object.fromEntries([...rule(`.${name}`).matchAll(/(--[\w-]+): ([^;]+);/g)].map(([, property, value]) => [property, value]));
      expect(declared, name).toEqual({
        '--per-view-base': String(preset.slidesPerView),
        ...Object.fromEntries(CAROUSEL_BREAKPOINTS.map((width) => [`--per-view-${width}`, String(preset.breakpoints[width]?.slidesPerView)])),
        '--gap': `${preset.spaceBetween}px`,
      });
    }
  });

  it('is a snapping horizontal scroller without a scrollbar, its slides sized by the custom properties', () => {
    const track = rule('.track');
    expect(track).toContain('overflow-x: auto;');
    expect(track).toContain('scroll-snap-type: x mandatory;');
    expect(track).toContain('scrollbar-width: none;');
    expect(track).toContain('gap: var(--gap);');
    expect(stylesheet).toMatch(/\.track::-webkit-scrollbar \{\s*display: none;/);
    const slide = rule('.slide');
    expect(slide).toContain('scroll-snap-align: start;');
    expect(slide).toContain('flex: 0 0 calc((100% - (var(--per-view) - 1) * var(--gap)) / var(--per-view));');
  });

  it('shows the keys hint only while a slide has keyboard focus', () => {
    expect(rule('.hint')).toContain('display: none;');
    expect(stylesheet).toMatch(/\.carousel:has\(\.slide :focus-visible\) \.hint \{\s*display: block;/);
  });
});
