import { SEARCH_LISTBOX_ID, type SearchCommand } from '@linkhunt/contracts/events';
import { bus } from '@linkhunt/shared-ui/features/bus/event-bus.ts';
import { i18n } from '@linkhunt/shared-ui/features/i18n/i18n.ts';
import type { Suggestion } from '@linkhunt/contracts/search';
import { deferred, fakeApi, type Reply, restoreApi, results, type Route } from '@linkhunt/shared-ui/test/fake-api.ts';
import { SEARCH_CANDIDATES } from '@linkhunt/contracts/limits';
import type { ProductSummary } from '@linkhunt/contracts/product';
import { aProduct } from '@linkhunt/shared-ui/test/fixtures.ts';
import { renderWithProviders } from '@linkhunt/shared-ui/test/render.tsx';
import { act, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { NAMESPACE } from '../../../register-locales.ts';
import { SEARCH_DEBOUNCE_MS } from '../hooks/use-settled-query.ts';
import SearchPanel from './SearchPanel.tsx';
import { notifyOnMicrotasks } from '../../../test/query-notify.ts';

const tote = aProduct({ id: 1, slug: 'tote', title: 'Tote bag' });
const clutch = aProduct({ id: 2, slug: 'clutch', title: 'Clutch' });
const satchel = aProduct({ id: 3, slug: 'satchel', title: 'Satchel' });
/** What GET /search/suggest answers: a category (its Spanish name), a brand and a product title. */
const suggestions: Suggestion[] = [
  { type: 'category', label: 'Calzado', slug: 'calzado' },
  { type: 'brand', label: 'Nike', slug: 'nike' },
  { type: 'product', label: 'Carry-all tote', slug: 'carry-all-tote' },
];

/** The API as the panel asks it: the search by `route`, and `suggestions` (none unless given) for every prefix. */
function searchApi(route: Route, suggestions: Suggestion[] = []) {
  const api = fakeApi((request) => (request.url.startsWith('/search/suggest') ? results(suggestions) : route(request)));
  return { searches: () => api.requests.map((request) => request.url).filter((url) => url.startsWith('/products?q=')) };
}

/** A page of search results, of `total` in all. */
const found = (products: ProductSummary[], total: number): Reply => ({
  data: { results: { data: products, meta: { pagination: { total, count: products.length, per_page: 20, current_page: 1, total_pages: Math.ceil(total / 20) } } } },
});

/** Where the router is: choosing a result navigates. */
function Location() {
  return <p data-testid="location">{useLocation().pathname}</p>;
}

/** The header's combobox as far as the panel knows it: the element naming the listbox in aria-controls. */
function StandInBox() {
  return <input aria-label="Search products" role="combobox" aria-expanded="true" aria-controls={SEARCH_LISTBOX_ID} />;
}

/** Renders the panel, then types a query in the header as far as the bus knows, and lets the debounce pass. */
async function searchFor(query: string) {
  const view = await renderWithProviders(
    <>
      <StandInBox />
      <SearchPanel />
      <Location />
    </>,
  );
  await i18n.loadNamespaces(NAMESPACE);
  vi.useFakeTimers();
  act(() => bus.publish('search:query', { query }));
  await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS));
  vi.useRealTimers();
  await waitFor(() => expect(document.querySelector('[aria-busy="true"]')).toBeNull());
  return view;
}

const send = (command: SearchCommand) => act(() => bus.publish('search:command', { command }));
const panel = (query: string) => screen.queryByRole('region', { name: `Results for “${query}”` });
const listbox = () => document.getElementById(SEARCH_LISTBOX_ID);
const options = () => screen.getAllByRole('option');
/** The panel's own live region (the spinner has one too, saying "Loading…"). */
const announcement = () => document.querySelector('section p[role="status"]')?.textContent;
const selected = () => options().filter((option) => option.getAttribute('aria-selected') === 'true');

const scrollIntoView = vi.fn();

notifyOnMicrotasks();
beforeAll(() => {
  // jsdom lays nothing out and has no scrollIntoView.
  Element.prototype.scrollIntoView = scrollIntoView;
});
beforeEach(() => {
  scrollIntoView.mockClear();
  bus.publish('search:query', { query: '' });
});
afterEach(() => {
  vi.useRealTimers();
  restoreApi();
});

describe('SearchPanel', () => {
  it('is not shown while the query is empty', async () => {
    const { container } = await renderWithProviders(<SearchPanel />);
    await act(() => i18n.loadNamespaces(NAMESPACE));
    act(() => bus.publish('search:query', { query: '   ' }));
    expect(container.innerHTML).toBe('');
    expect(bus.last('search:panel')).toEqual({ expanded: false, activeOptionId: null });
  });

  it('says there are no results, in words and in its live region, and keeps the empty listbox hidden', async () => {
    const api = searchApi(() => results([]));
    await searchFor('  zzz ');
    const region = panel('zzz');
    if (!region) throw new Error('no panel');
    expect(announcement()).toBe('No results found');
    expect(within(region).getByRole('heading', { level: 3 }).textContent).toBe('No results found');
    expect(region.getAttribute('aria-busy')).toBe('false');
    expect(listbox()?.hidden).toBe(true);
    expect(bus.last('search:panel')).toEqual({ expanded: true, activeOptionId: null });
    expect(api.searches()).toEqual(['/products?q=zzz']);
  });

  it('announces the number of results once they settle, not on every keystroke', async () => {
    searchApi((request) => results(request.url.endsWith('=bags') ? [tote] : [tote, clutch]));
    await searchFor('bag');
    expect(announcement()).toBe('2 results');

    vi.useFakeTimers();
    act(() => bus.publish('search:query', { query: 'bags' }));
    expect(panel('bags')).not.toBeNull();
    expect(announcement()).toBe('');
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS - 1));
    expect(announcement()).toBe('');
    await act(() => vi.advanceTimersByTimeAsync(1));
    vi.useRealTimers();
    await waitFor(() => expect(announcement()).toBe('1 result'));
  });

  it('says the search failed, rather than that nothing was found, and searches again on "Try again"', async () => {
    let down = true;
    const api = searchApi(() => (down ? Promise.reject(new TypeError('Failed to fetch')) : results([tote])));
    const { user } = await searchFor('tote');
    const region = panel('tote') as HTMLElement;
    const alert = within(region).getByRole('alert');
    expect(within(alert).getByRole('heading', { level: 3 }).textContent).toBe('The search could not be done');
    expect(within(region).queryByText('No results found')).toBeNull();
    expect(announcement()).toBe('');
    expect(region.getAttribute('aria-busy')).toBe('false');

    down = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(region).findByRole('option', { name: /Tote bag/ })).toBeTruthy();
    expect(within(region).queryByRole('alert')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Search products' }));
    expect(api.searches()).toEqual(['/products?q=tote', '/products?q=tote']);
  });

  it('lists an option per product in the listbox the box controls, none of them a Tab stop', async () => {
    searchApi(() => results([tote, clutch]));
    await searchFor('bag');
    const list = screen.getByRole('listbox', { name: 'Results for “bag”' });
    expect(list.id).toBe(SEARCH_LISTBOX_ID);
    expect(list.hidden).toBe(false);
    expect(options().map((option) => [option.id, option.getAttribute('href'), option.getAttribute('aria-selected'), option.tabIndex])).toEqual([
      [`${SEARCH_LISTBOX_ID}-1`, '/en/product/tote', 'false', -1],
      [`${SEARCH_LISTBOX_ID}-2`, '/en/product/clutch', 'false', -1],
    ]);
    // An option's content is presentational: nothing inside it may be focusable or a heading of the page.
    expect(list.querySelectorAll('[role="option"] :is([href], button, input, select, textarea, [tabindex], h1, h2, h3, h4, h5, h6)')).toHaveLength(0);
    expect(within(list).getByRole('option', { name: /^Tote bag/ }).querySelector('img')?.getAttribute('alt')).toBe('');
    expect(bus.last('search:panel')).toEqual({ expanded: true, activeOptionId: null });
  });

  it('moves the active option with Down and Up, wrapping at both ends, and tells the box which it is', async () => {
    searchApi(() => results([tote, clutch, satchel]));
    await searchFor('bag');
    const active = () => selected().map((option) => option.id);

    send('next');
    expect(active()).toEqual([`${SEARCH_LISTBOX_ID}-1`]);
    expect(bus.last('search:panel')).toEqual({ expanded: true, activeOptionId: `${SEARCH_LISTBOX_ID}-1` });
    expect(scrollIntoView.mock.contexts.at(-1)).toBe(document.getElementById(`${SEARCH_LISTBOX_ID}-1`));
    send('next');
    send('next');
    expect(active()).toEqual([`${SEARCH_LISTBOX_ID}-3`]);
    send('next');
    expect(active()).toEqual([`${SEARCH_LISTBOX_ID}-1`]);
    send('previous');
    expect(active()).toEqual([`${SEARCH_LISTBOX_ID}-3`]);
    send('previous');
    expect(active()).toEqual([`${SEARCH_LISTBOX_ID}-2`]);
    expect(bus.last('search:panel')).toEqual({ expanded: true, activeOptionId: `${SEARCH_LISTBOX_ID}-2` });
  });

  it('starts from the last option with Up, and from none again for new results', async () => {
    searchApi((request) => results(request.url.endsWith('=bags') ? [clutch, satchel] : [tote, clutch, satchel]));
    await searchFor('bag');
    send('previous');
    expect(selected().map((option) => option.id)).toEqual([`${SEARCH_LISTBOX_ID}-3`]);

    vi.useFakeTimers();
    act(() => bus.publish('search:query', { query: 'bags' }));
    expect(bus.last('search:panel')).toEqual({ expanded: true, activeOptionId: null });
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS));
    vi.useRealTimers();
    expect(selected()).toEqual([]);
    send('next');
    expect(selected().map((option) => option.id)).toEqual([`${SEARCH_LISTBOX_ID}-2`]);
  });

  it('opens the active option on "choose", which ends the search', async () => {
    searchApi(() => results([tote, clutch]));
    await searchFor('bag');
    send('choose');
    expect(screen.getByTestId('location').textContent).toBe('/es/index');
    send('next');
    send('next');
    send('choose');
    expect(screen.getByTestId('location').textContent).toBe('/en/product/clutch');
    expect(bus.last('search:query')).toEqual({ query: '' });
    expect(panel('bag')).toBeNull();
    expect(bus.last('search:panel')).toEqual({ expanded: false, activeOptionId: null });
  });

  it('closes on "close" but keeps the query; Down opens it again at the first option, typing opens it too', async () => {
    searchApi(() => results([tote, clutch]));
    await searchFor('bag');
    send('next');
    send('next');
    send('close');
    expect(panel('bag')).toBeNull();
    expect(listbox()).toBeNull();
    expect(bus.last('search:query')).toEqual({ query: 'bag' });
    expect(bus.last('search:panel')).toEqual({ expanded: false, activeOptionId: null });

    send('next');
    expect(panel('bag')).not.toBeNull();
    expect(bus.last('search:panel')).toEqual({ expanded: true, activeOptionId: `${SEARCH_LISTBOX_ID}-1` });

    send('close');
    send('open');
    expect(bus.last('search:panel')).toEqual({ expanded: true, activeOptionId: null });

    send('close');
    act(() => bus.publish('search:query', { query: 'bags' }));
    expect(panel('bags')).not.toBeNull();
  });

  it('closes on an Escape the box did not handle, keeping the query', async () => {
    searchApi(() => results([]));
    const { user } = await searchFor('bag');
    const handled = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true });
    handled.preventDefault();
    act(() => {
      document.body.dispatchEvent(handled);
    });
    expect(panel('bag')).not.toBeNull();

    await user.keyboard('{Escape}');
    expect(panel('bag')).toBeNull();
    expect(bus.last('search:query')).toEqual({ query: 'bag' });
  });

  it('gives the focus back to the search box when Escape closes it from inside', async () => {
    searchApi(() => Promise.reject(new TypeError('Failed to fetch')));
    const { user } = await searchFor('bag');
    await user.tab();
    await user.tab();
    expect(document.activeElement?.textContent).toBe('Try again');
    await user.keyboard('{Escape}');
    expect(panel('bag')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Search products' }));
  });

  it('closes on a click outside itself and the box, and stays open for clicks on either', async () => {
    searchApi(() => results([tote]));
    const { user } = await searchFor('bag');
    await user.click(screen.getByRole('heading', { name: 'Results for “bag”' }));
    await user.click(screen.getByRole('combobox', { name: 'Search products' }));
    expect(panel('bag')).not.toBeNull();

    await user.click(screen.getByTestId('location'));
    expect(panel('bag')).toBeNull();
    expect(bus.last('search:query')).toEqual({ query: 'bag' });
  });

  it('ends the search when a result is clicked, so the product opens without the panel above it', async () => {
    searchApi(() => results([tote]));
    const { container, user } = await searchFor('bag');
    await user.click(screen.getByRole('option', { name: /Tote bag/ }));
    expect(screen.getByTestId('location').textContent).toBe('/en/product/tote');
    expect(bus.last('search:query')).toEqual({ query: '' });
    expect(container.querySelector('section')).toBeNull();
  });

  it('links to the search page with every result, by the total of the search, and ends the search there', async () => {
    searchApi(() => found([tote, clutch], 57));
    const { user } = await searchFor('tote bag');
    const seeAll = screen.getByRole('link', { name: 'See all 57 results' });
    expect(seeAll.getAttribute('href')).toBe('/en/search?q=tote+bag');
    // A link of the panel, not an option: the Tab key reaches it, the arrows do not.
    expect(seeAll.closest('[role="listbox"]')).toBeNull();
    await user.click(seeAll);
    expect(screen.getByTestId('location').textContent).toBe('/en/search');
    expect(bus.last('search:query')).toEqual({ query: '' });
    expect(panel('tote bag')).toBeNull();
  });

  it('says "the result" for one, "more than" at the search\'s ranking cap, and offers no link for none', async () => {
    searchApi((request) => {
      if (request.url.endsWith('=one')) return found([tote], 1);
      if (request.url.endsWith('=many')) return found([tote, clutch], SEARCH_CANDIDATES);
      return found([], 0);
    });
    await searchFor('one');
    expect(screen.getByRole('link', { name: 'See the result' })).toBeTruthy();

    vi.useFakeTimers();
    act(() => bus.publish('search:query', { query: 'many' }));
    // Nothing to count while the new search runs.
    expect(screen.queryByRole('link', { name: /^See/ })).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS));
    vi.useRealTimers();
    expect(await screen.findByRole('link', { name: `See more than ${SEARCH_CANDIDATES} results` })).toBeTruthy();

    vi.useFakeTimers();
    act(() => bus.publish('search:query', { query: 'none' }));
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS));
    vi.useRealTimers();
    await waitFor(() => expect(announcement()).toBe('No results found'));
    expect(screen.queryByRole('link', { name: /^See/ })).toBeNull();
  });

  it('offers the suggestions as a labelled group of options above the products, in the page\'s language', async () => {
    searchApi(() => results([tote]), suggestions);
    await searchFor('ca');
    const list = screen.getByRole('listbox', { name: 'Results for “ca”' });
    const groups = within(list).getAllByRole('group');
    expect(groups.map((group) => group.getAttribute('aria-labelledby') && document.getElementById(group.getAttribute('aria-labelledby') ?? '')?.textContent)).toEqual([
      'Suggestions',
      'Products',
    ]);
    expect(within(groups[0] as HTMLElement).getAllByRole('option').map((option) => [option.textContent, option.getAttribute('href'), option.tabIndex])).toEqual([
      ['FootwearCategory', '/en/cat/calzado', -1],
      ['NikeBrand', '/en/brand/nike', -1],
      ['Carry-all toteProduct', '/en/product/carry-all-tote', -1],
    ]);
    expect(within(groups[1] as HTMLElement).getAllByRole('option', { name: /Tote bag/ })).toHaveLength(1);
    // The products' label is only seen beside the suggestions'.
    expect(screen.getByText('Products').className).not.toContain('visually-hidden');
  });

  it('walks the suggestions, then the products, with the same arrows, and tells the box which option is active', async () => {
    searchApi(() => results([tote, clutch]), suggestions);
    await searchFor('ca');
    const ids = [
      `${SEARCH_LISTBOX_ID}-category-calzado`,
      `${SEARCH_LISTBOX_ID}-brand-nike`,
      `${SEARCH_LISTBOX_ID}-product-carry-all-tote`,
      `${SEARCH_LISTBOX_ID}-1`,
      `${SEARCH_LISTBOX_ID}-2`,
    ];
    const walked: (string | null)[] = [];
    for (let step = 0; step < ids.length + 1; step += 1) {
      send('next');
      walked.push(bus.last('search:panel')?.activeOptionId ?? null);
      expect(selected().map((option) => option.id)).toEqual([walked.at(-1)]);
    }
    expect(walked).toEqual([...ids, ids[0]]);
    send('previous');
    expect(bus.last('search:panel')).toEqual({ expanded: true, activeOptionId: ids.at(-1) });
    expect(scrollIntoView.mock.contexts.at(-1)).toBe(document.getElementById(ids.at(-1) ?? ''));
  });

  it('opens the active suggestion on "choose", which ends the search', async () => {
    searchApi(() => results([tote]), suggestions);
    await searchFor('ca');
    send('next');
    send('next');
    send('choose');
    expect(screen.getByTestId('location').textContent).toBe('/en/brand/nike');
    expect(bus.last('search:query')).toEqual({ query: '' });
    expect(bus.last('search:panel')).toEqual({ expanded: false, activeOptionId: null });
  });

  it('shows the suggestions even when no product is found, with the products\' "No results found" under them', async () => {
    searchApi(() => results([]), suggestions);
    await searchFor('ca');
    expect(listbox()?.hidden).toBe(false);
    expect(within(listbox() as HTMLElement).getAllByRole('group')).toHaveLength(1);
    expect(options()).toHaveLength(3);
    expect(screen.getByRole('heading', { level: 3, name: 'No results found' })).toBeTruthy();
    send('next');
    expect(bus.last('search:panel')).toEqual({ expanded: true, activeOptionId: `${SEARCH_LISTBOX_ID}-category-calzado` });
  });

  it('keeps the active product when the suggestions settle after the results', async () => {
    const late = deferred<Reply>();
    fakeApi((request) => (request.url.startsWith('/search/suggest') ? late.promise : results([tote, clutch])));
    await searchFor('ca');
    send('next');
    send('next');
    expect(bus.last('search:panel')?.activeOptionId).toBe(`${SEARCH_LISTBOX_ID}-2`);
    late.resolve(results(suggestions));
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Suggestions' })).not.toBeNull());
    expect(bus.last('search:panel')?.activeOptionId).toBe(`${SEARCH_LISTBOX_ID}-2`);
    send('next');
    expect(bus.last('search:panel')?.activeOptionId).toBe(`${SEARCH_LISTBOX_ID}-category-calzado`);
  });

  it('tells the box it is closed when it goes', async () => {
    searchApi(() => results([tote]));
    const { unmount } = await searchFor('bag');
    send('next');
    unmount();
    expect(bus.last('search:panel')).toEqual({ expanded: false, activeOptionId: null });
  });

  describe('a pasted link', () => {
    const link = 'https://www.kakobuy.com/item/details?url=https%3A%2F%2Fweidian.com%2Fitem.html%3FitemID%3D7233464590&affcode=someone';
    const linkPanel = () => screen.queryByRole('region', { name: "Products with this link's item" });

    it('finds the products of its item, titled so, with no suggestions, and links to the search page for it', async () => {
      const api = fakeApi((request) => (request.url.startsWith('/products?') ? found([tote], 1) : results(suggestions)));
      await searchFor(link);
      const region = linkPanel();
      if (!region) throw new Error('no panel');
      expect(api.requests.map((request) => request.url)).toEqual([`/products?${new URLSearchParams({ q: link })}`]);
      expect(within(region).getAllByRole('option').map((option) => option.textContent)).toEqual([expect.stringContaining('Tote bag')]);
      expect(screen.queryByRole('group', { name: 'Suggestions' })).toBeNull();
      expect(announcement()).toBe('1 result');
      expect(screen.getByRole('link', { name: 'See the result' }).getAttribute('href')).toBe(`/en/search?q=${encodeURIComponent(link)}`);
    });

    it('says when no product lists the item', async () => {
      fakeApi(() => results([]));
      await searchFor(link);
      const region = linkPanel();
      if (!region) throw new Error('no panel');
      expect(within(region).getByRole('heading', { level: 3 }).textContent).toBe('No product lists this item yet');
      expect(announcement()).toBe('No results found');
    });
  });
});
