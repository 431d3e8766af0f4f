import { bus } from '@linkhunt/shared-ui/features/bus/event-bus.ts';
import { i18n } from '@linkhunt/shared-ui/features/i18n/i18n.ts';
import { fakeApi, restoreApi, results } from '@linkhunt/shared-ui/test/fake-api.ts';
import { aProduct } from '@linkhunt/shared-ui/test/fixtures.ts';
import { renderWithProviders } from '@linkhunt/shared-ui/test/render.tsx';
import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NAMESPACE } from '../../../register-locales.ts';
import { SEARCH_DEBOUNCE_MS } from '../hooks/use-search-results.ts';
import SearchPanel from './SearchPanel.tsx';

/** Renders the panel, then types a query in the header as far as the bus knows, and lets the debounce pass. */
async function searchFor(query: string) {
  const view = await renderWithProviders(<SearchPanel />);
  await i18n.loadNamespaces(NAMESPACE);
  vi.useFakeTimers();
  act(() => bus.publish('search:query', { query }));
  await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS));
  vi.useRealTimers();
  return view;
}

beforeEach(() => bus.publish('search:query', { query: '' }));
afterEach(() => {
  vi.useRealTimers();
  restoreApi();
});

describe('SearchPanel', () => {
  it('is not shown while the query is empty', async () => {
    const { container } = await renderWithProviders(<SearchPanel />);
    act(() => bus.publish('search:query', { query: '   ' }));
    expect(container.innerHTML).toBe('');
  });

  it('says there are no results', async () => {
    const api = fakeApi(() => results([]));
    await searchFor('  zzz ');
    const panel = screen.getByRole('region', { name: 'Results for “zzz”' });
    expect(within(panel).getByRole('status').textContent).toBe('No results found');
    expect(panel.getAttribute('aria-busy')).toBe('false');
    expect(api.requests[0]?.url).toBe('/products/search/zzz');
  });

  it('says the search failed, rather than that nothing was found, and searches again on "Try again"', async () => {
    let down = true;
    const api = fakeApi(() => (down ? Promise.reject(new TypeError('Failed to fetch')) : results([aProduct({ slug: 'tote', title: 'Tote bag' })])));
    const { user } = await searchFor('tote');
    const panel = screen.getByRole('region', { name: 'Results for “tote”' });
    const alert = within(panel).getByRole('alert');
    expect(within(alert).getByRole('heading', { level: 3 }).textContent).toBe('The search could not be done');
    expect(within(panel).queryByText('No results found')).toBeNull();
    expect(panel.getAttribute('aria-busy')).toBe('false');

    down = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(panel).findByRole('link', { name: /Tote bag/ })).toBeTruthy();
    expect(within(panel).queryByRole('alert')).toBeNull();
    expect(api.requests.map((request) => request.url)).toEqual(['/products/search/tote', '/products/search/tote']);
  });

  it('lists a card per product found', async () => {
    const products = [aProduct({ id: 1, slug: 'tote', title: 'Tote bag' }), aProduct({ id: 2, slug: 'clutch', title: 'Clutch' })];
    fakeApi(() => results(products));
    await searchFor('bag');
    const panel = screen.getByRole('region', { name: 'Results for “bag”' });
    const links = within(panel).getAllByRole('link');
    expect(links.map((link) => [link.querySelector('h3')?.textContent, link.getAttribute('href')])).toEqual([
      ['Tote bag', '/en/product/tote'],
      ['Clutch', '/en/product/clutch'],
    ]);
    expect(within(panel).queryByText('No results found')).toBeNull();
  });

  it('closes on Escape', async () => {
    fakeApi(() => results([]));
    const { container, user } = await searchFor('bag');
    await user.keyboard('{Escape}');
    expect(bus.last('search:query')).toEqual({ query: '' });
    expect(container.innerHTML).toBe('');
  });

  it('closes when a result is chosen, so the product opens without the panel above it', async () => {
    fakeApi(() => results([aProduct({ id: 1, slug: 'tote', title: 'Tote bag' })]));
    const { container, user } = await searchFor('bag');
    await user.click(screen.getByRole('link', { name: /Tote bag/ }));
    expect(bus.last('search:query')).toEqual({ query: '' });
    expect(container.innerHTML).toBe('');
  });

  it('stays open when the visitor clicks inside it elsewhere than a result', async () => {
    fakeApi(() => results([aProduct({ id: 1, slug: 'tote', title: 'Tote bag' })]));
    const { user } = await searchFor('bag');
    await user.click(screen.getByRole('heading', { name: 'Results for “bag”' }));
    expect(bus.last('search:query')).toEqual({ query: 'bag' });
  });
});
