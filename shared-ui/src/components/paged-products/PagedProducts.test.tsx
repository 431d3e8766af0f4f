import { aProduct } from '../../test/fixtures.ts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubIntersectionObserver } from '../../test/intersection-observer.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { PagedProducts, type ReadyPages } from './PagedProducts.tsx';

const product = (id: number) => aProduct({ id, slug: `cap-${id}`, title: `Cap ${id}` });

function pagesOf(overrides: Partial<ReadyPages> = {}): ReadyPages {
  return {
    status: 'ready',
    products: [product(1), product(2)],
    total: 3,
    hasMore: true,
    loadingMore: false,
    moreFailed: false,
    loadMore: vi.fn(),
    ...overrides,
  };
}

const empty = <p>Nothing here</p>;
const loadMoreButton = () => screen.queryByRole('button', { name: 'Load more' });
const cardLink = (title: string) => screen.getByRole('heading', { name: title }).closest('a');

afterEach(() => vi.unstubAllGlobals());

describe('PagedProducts', () => {
  it('shows eight product placeholders while the first page loads', async () => {
    const { container } = await renderWithProviders(<PagedProducts pages={{ status: 'loading' }} empty={empty} />);
    expect(container.querySelectorAll('[data-skeleton="product-card"]')).toHaveLength(8);
    expect(screen.queryByRole('article')).toBeNull();
    expect(loadMoreButton()).toBeNull();
  });

  it('keeps the previous products, marked busy, while a changed list loads', async () => {
    const { container, rerender } = await renderWithProviders(<PagedProducts pages={pagesOf()} empty={empty} />);
    expect(container.querySelector('[aria-busy="true"]')).toBeNull();
    rerender(<PagedProducts pages={pagesOf({ stale: true, hasMore: false })} empty={empty} />);
    const busy = container.querySelector('[aria-busy="true"]');
    expect(busy && within(busy as HTMLElement).getAllByRole('article')).toHaveLength(2);
    expect(container.querySelectorAll('[data-skeleton="product-card"]')).toHaveLength(0);
  });

  it('shows placeholders rather than the empty state while a changed list that had no products loads', async () => {
    const { container } = await renderWithProviders(<PagedProducts pages={pagesOf({ products: [], total: 0, hasMore: false, stale: true })} empty={empty} />);
    expect(container.querySelectorAll('[data-skeleton="product-card"]')).toHaveLength(8);
    expect(screen.queryByText('Nothing here')).toBeNull();
  });

  it('shows what it was given for an owner without products', async () => {
    await renderWithProviders(<PagedProducts pages={pagesOf({ products: [], total: 0, hasMore: false })} empty={empty} />);
    expect(screen.getByText('Nothing here')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows a card per product, how many of how many it shows, and a button for more', async () => {
    const pages = pagesOf();
    await renderWithProviders(<PagedProducts pages={pages} empty={empty} />);
    const cards = screen.getAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('link').getAttribute('href'))).toEqual(['/en/product/cap-1', '/en/product/cap-2']);
    expect(screen.getByRole('status').textContent).toBe('Showing 2 of 3 products');
    loadMoreButton()?.click();
    expect(pages.loadMore).toHaveBeenCalledTimes(1);
  });

  it('has no button once every page is shown', async () => {
    await renderWithProviders(<PagedProducts pages={pagesOf({ products: [product(1), product(2), product(3)], hasMore: false })} empty={empty} />);
    expect(screen.getByRole('status').textContent).toBe('Showing 3 of 3 products');
    expect(loadMoreButton()).toBeNull();
  });

  it('keeps the button busy while the next page loads', async () => {
    await renderWithProviders(<PagedProducts pages={pagesOf({ loadingMore: true })} empty={empty} />);
    const button = loadMoreButton();
    expect(button?.hasAttribute('disabled')).toBe(true);
    expect(button?.getAttribute('aria-busy')).toBe('true');
  });

  it('says when the next page failed, and keeps the button to try again', async () => {
    await renderWithProviders(<PagedProducts pages={pagesOf({ moreFailed: true })} empty={empty} />);
    expect(screen.getByRole('alert').textContent).toBe('More products could not be loaded. Try again.');
    expect(loadMoreButton()?.hasAttribute('disabled')).toBe(false);
  });

  it('moves focus to the first new product after "Load more"', async () => {
    const pages = pagesOf();
    const { rerender, user } = await renderWithProviders(<PagedProducts pages={pages} empty={empty} />);
    const button = loadMoreButton();
    if (!button) throw new Error('no Load more button');
    await user.click(button);
    expect(pages.loadMore).toHaveBeenCalledTimes(1);

    rerender(<PagedProducts pages={pagesOf({ products: [product(1), product(2), product(3)], hasMore: false })} empty={empty} />);
    await waitFor(() => expect(document.activeElement).toBe(cardLink('Cap 3')));
  });

  it('leaves focus alone when the list grows by scrolling', async () => {
    const { rerender } = await renderWithProviders(<PagedProducts pages={pagesOf()} empty={empty} />);
    rerender(<PagedProducts pages={pagesOf({ products: [product(1), product(2), product(3)], hasMore: false })} empty={empty} />);
    expect(screen.getAllByRole('article')).toHaveLength(3);
    expect(document.activeElement).toBe(document.body);
  });

  it('asks for the next page as the end of the list comes into view', async () => {
    const observer = stubIntersectionObserver();
    const pages = pagesOf();
    await renderWithProviders(<PagedProducts pages={pages} empty={empty} />);
    expect(observer.watching()).toBe(1);
    act(() => observer.scrollToEnd());
    expect(pages.loadMore).toHaveBeenCalledTimes(1);
  });

  it('gives the focus to the first new product when the scroll brings a page while the button has the focus', async () => {
    const observer = stubIntersectionObserver();
    const pages = pagesOf();
    const { rerender } = await renderWithProviders(<PagedProducts pages={pages} empty={empty} />);
    act(() => loadMoreButton()?.focus());
    act(() => observer.scrollToEnd());
    expect(pages.loadMore).toHaveBeenCalledTimes(1);

    rerender(<PagedProducts pages={pagesOf({ products: [product(1), product(2), product(3)], hasMore: false })} empty={empty} />);
    await waitFor(() => expect(document.activeElement).toBe(cardLink('Cap 3')));
  });

  it('waits for the button, not the scroll, after a page failed', async () => {
    const observer = stubIntersectionObserver();
    const pages = pagesOf({ moreFailed: true });
    await renderWithProviders(<PagedProducts pages={pages} empty={empty} />);
    expect(observer.watching()).toBe(1);
    act(() => observer.scrollToEnd());
    expect(pages.loadMore).not.toHaveBeenCalled();
  });

  it('stops watching the end of the list once every page is shown', async () => {
    const observer = stubIntersectionObserver();
    const { rerender } = await renderWithProviders(<PagedProducts pages={pagesOf()} empty={empty} />);
    expect(observer.watching()).toBe(1);
    rerender(<PagedProducts pages={pagesOf({ products: [product(1), product(2), product(3)], hasMore: false })} empty={empty} />);
    expect(observer.watching()).toBe(0);
  });
});
