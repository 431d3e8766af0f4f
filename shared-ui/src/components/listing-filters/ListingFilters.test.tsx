import type { ListingFacets } from '@linkhunt/contracts/listing';
import { act, screen, within } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, useLocation, useNavigationType } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../features/i18n/i18n.ts';
import { readListingParams } from '../../features/listing/listing-params.ts';
import { useListingParams } from '../../features/listing/use-listing-params.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { ListingFilters, type ListingFiltersProps } from './ListingFilters.tsx';

const FACETS: ListingFacets = {
  brand: [
    { slug: 'nike', name: 'Nike', count: 12 },
    { slug: 'adidas', name: 'Adidas', count: 7 },
    { slug: 'various', name: 'Various', count: 2 },
  ],
  category: [
    { slug: 'calzado', name: 'Calzado', count: 9 },
    { slug: 'gorras', name: 'Gorras', count: 4 },
  ],
  platform: [
    { key: 'hacoo', count: 10 },
    { key: 'dhgate', count: 4 },
    { key: 'cnfans', count: 0 },
  ],
  color: [
    { key: 'black', count: 8 },
    { key: 'sky-blue', count: 3 },
    { key: 'verde agua', count: 1 },
  ],
};

type Scope = ListingFiltersProps['scope'];

/** A page as the remotes build it: the filters read the URL, and the test sees where they navigate. */
function Page({ scope, facets, total }: { scope: Scope; facets: ListingFacets | null; total: number | null }) {
  const params = useListingParams();
  const location = useLocation();
  const navigation = useNavigationType();
  return (
    <>
      <ListingFilters scope={scope} params={params} facets={facets} total={total} />
      <span data-testid="url">{`${location.pathname}${location.search}`}</span>
      <span data-testid="navigation">{navigation}</span>
    </>
  );
}

interface Options {
  scope?: Scope;
  facets?: ListingFacets | null;
  total?: number | null;
}

function renderFilters(route = '/en/cat/calzado', { scope = 'category', facets = FACETS, total = 24 }: Options = {}) {
  return renderWithProviders(<Page scope={scope} facets={facets} total={total} />, { route });
}

const url = () => screen.getByTestId('url').textContent;
const navigation = () => screen.getByTestId('navigation').textContent;
const group = (name: string) => screen.getByRole('group', { name });
const checkbox = (name: string | RegExp) => screen.getByRole('checkbox', { name });
const checkedValues = (groupName: string) =>
  within(group(groupName))
    .getAllByRole('checkbox')
    .filter((box) => (box as HTMLInputElement).checked)
    .map((box) => (box as HTMLInputElement).value);

afterEach(() => vi.restoreAllMocks());

describe('ListingFilters', () => {
  it('offers the stores, brands, colours and ratings with their counts on a category page', async () => {
    await renderFilters();
    expect(screen.getByRole('form', { name: 'Filter and sort products' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('24 products');
    expect(within(group('Store')).getAllByRole('checkbox').map((box) => (box as HTMLInputElement).value)).toEqual(['hacoo', 'dhgate', 'cnfans']);
    expect(checkbox('Hacoo (10 products)')).toBeTruthy();
    expect(checkbox('DHGate (4 products)')).toBeTruthy();
    expect(checkbox('CNFans (0 products)')).toBeTruthy();
    expect(checkbox('Nike (12 products)')).toBeTruthy();
    expect(checkbox('Various (2 products)')).toBeTruthy();
    expect(checkbox('Black (8 products)')).toBeTruthy();
    expect(checkbox('Sky blue (3 products)')).toBeTruthy();
    expect(checkbox('Verde agua (1 product)')).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Category' })).toBeNull();
    expect(within(screen.getByRole('radiogroup', { name: 'Rating' })).getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual([
      'Any',
      '4+4 stars or more',
      '3+3 stars or more',
      '2+2 stars or more',
      '1+1 star or more',
    ]);
    expect(screen.getByRole('radio', { name: 'Any' })).toHaveProperty('checked', true);
  });

  it('cannot add a value no product has, and shows chosen values even when nothing counts them', async () => {
    await renderFilters('/en/cat/calzado?brand=puma&color=rojo&platform=cnfans');
    expect(checkbox('CNFans (0 products)')).toHaveProperty('disabled', false);
    expect(checkbox('CNFans (0 products)')).toHaveProperty('checked', true);
    expect(checkbox('DHGate (4 products)')).toHaveProperty('disabled', false);
    expect(checkedValues('Brand')).toEqual(['puma']);
    expect(checkbox('puma (0 products)')).toBeTruthy();
    expect(checkedValues('Colour')).toEqual(['red']);
    expect(checkbox('Red (0 products)')).toBeTruthy();
  });

  it('greys out a value no product has', async () => {
    await renderFilters();
    expect(checkbox('CNFans (0 products)')).toHaveProperty('disabled', true);
  });

  it('offers brands and categories on search, and neither its own on a brand page', async () => {
    const search = await renderFilters('/en/search?q=gorra', { scope: 'search' });
    expect(group('Category')).toBeTruthy();
    expect(group('Brand')).toBeTruthy();
    expect(checkbox('Footwear (9 products)')).toBeTruthy();
    search.unmount();
    await renderFilters('/en/brand/nike', { scope: 'brand' });
    expect(screen.queryByRole('group', { name: 'Brand' })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Category' })).toBeNull();
  });

  it('shows the stores and the chosen values, without counts, before the first answer', async () => {
    await renderFilters('/en/cat/calzado?brand=nike', { facets: null, total: null });
    expect(checkbox('Hacoo')).toBeTruthy();
    expect(checkbox('nike')).toHaveProperty('checked', true);
    expect(screen.queryByRole('group', { name: 'Colour' })).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('applies a ticked chip at once, as a new history entry, and keeps the focus on it', async () => {
    const { user } = await renderFilters('/en/cat/calzado?brand=nike');
    await user.click(checkbox('Adidas (7 products)'));
    expect(url()).toBe('/en/cat/calzado?brand=adidas&brand=nike');
    expect(navigation()).toBe('PUSH');
    expect(document.activeElement).toBe(checkbox('Adidas (7 products)'));
    expect(checkedValues('Brand')).toEqual(['nike', 'adidas']);

    await user.keyboard(' ');
    expect(url()).toBe('/en/cat/calzado?brand=nike');
    expect(document.activeElement).toBe(checkbox('Adidas (7 products)'));
  });

  it('keeps listed, and focused, a value just unticked that the counts no longer have', async () => {
    const { user } = await renderFilters('/en/cat/calzado?brand=puma');
    await user.click(checkbox('puma (0 products)'));
    expect(url()).toBe('/en/cat/calzado');
    const puma = checkbox('puma (0 products)');
    expect(puma).toHaveProperty('checked', false);
    expect(puma).toHaveProperty('disabled', false);
    expect(document.activeElement).toBe(puma);
  });

  it('names a colour by its key and drops the page’s own filter from the URL', async () => {
    const { user } = await renderFilters('/en/cat/calzado?category=bolsos&color=negro');
    await user.click(checkbox('Sky blue (3 products)'));
    expect(url()).toBe('/en/cat/calzado?color=black&color=sky-blue');
    await user.click(checkbox('Black (8 products)'));
    expect(url()).toBe('/en/cat/calzado?color=sky-blue');
  });

  it('sorts by the chosen order, offering relevance only for a search', async () => {
    const { user, unmount } = await renderFilters();
    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    expect(within(sort).getAllByRole('option').map((option) => option.textContent)).toEqual(['Newest', 'Most popular', 'Best rated', 'Price: low to high', 'Price: high to low']);
    expect(sort).toHaveProperty('value', 'new');
    await user.selectOptions(sort, 'popular');
    expect(url()).toBe('/en/cat/calzado?sort=popular');
    await user.selectOptions(sort, 'new');
    expect(url()).toBe('/en/cat/calzado');
    unmount();

    await renderFilters('/en/search?q=gorra&brand=nike', { scope: 'search' });
    const searchSort = screen.getByRole('combobox', { name: 'Sort by' });
    expect(within(searchSort).getAllByRole('option').map((option) => option.textContent)).toEqual(['Relevance', 'Newest', 'Most popular', 'Best rated', 'Price: low to high', 'Price: high to low']);
    expect(searchSort).toHaveProperty('value', 'relevance');
    await user.selectOptions(searchSort, 'rating');
    expect(url()).toBe('/en/search?q=gorra&sort=rating&brand=nike');
  });

  it('filters by a price range in the visitor’s currency, applied when a box is left or Enter is pressed', async () => {
    const { user } = await renderFilters('/en/cat/calzado');
    const from = screen.getByRole('textbox', { name: 'From (USD)' });
    await user.type(from, '12,5');
    // Typing alone loads nothing.
    expect(url()).toBe('/en/cat/calzado');
    await user.tab();
    expect(url()).toBe('/en/cat/calzado?price_min=12.5&currency=USD');
    const to = screen.getByRole('textbox', { name: 'To (USD)' });
    await user.type(to, '40{Enter}');
    expect(url()).toBe('/en/cat/calzado?price_min=12.5&price_max=40&currency=USD');
    expect(screen.getByRole('textbox', { name: 'From (USD)' })).toHaveProperty('value', '12.5');
    await user.clear(screen.getByRole('textbox', { name: 'From (USD)' }));
    await user.tab();
    expect(url()).toBe('/en/cat/calzado?price_max=40&currency=USD');
  });

  it('keeps a linked range in its own currency', async () => {
    await renderFilters('/en/cat/calzado?price_max=300&currency=CNY');
    expect(screen.getByRole('textbox', { name: 'To (CNY)' })).toHaveProperty('value', '300');
  });

  it('filters by a minimum rating', async () => {
    const { user } = await renderFilters('/en/cat/calzado?platform=hacoo');
    await user.click(screen.getByRole('radio', { name: '4 stars or more' }));
    expect(url()).toBe('/en/cat/calzado?platform=hacoo&min_rating=4');
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: '4 stars or more' }));
    await user.click(screen.getByRole('radio', { name: 'Any' }));
    expect(url()).toBe('/en/cat/calzado?platform=hacoo');
  });

  it('folds a long group after eight values, open when a chosen value is past them', async () => {
    const brands = Array.from({ length: 20 }, (_, index) => ({ slug: `brand-${index}`, name: `Brand ${index}`, count: 40 - index }));
    const facets = { ...FACETS, brand: brands };
    const folded = await renderFilters('/en/cat/calzado', { facets });
    const more = group('Brand').querySelector('details');
    expect(more?.open).toBe(false);
    expect(within(group('Brand')).getByText('Show 12 more')).toBeTruthy();
    expect(group('Brand').querySelectorAll('details input')).toHaveLength(12);
    expect([...group('Brand').querySelectorAll(':scope input:not(details input)')]).toHaveLength(8);
    folded.unmount();

    await renderFilters('/en/cat/calzado?brand=brand-15', { facets });
    expect(group('Brand').querySelector('details')?.open).toBe(true);
    expect(checkbox('Brand 15 (25 products)')).toHaveProperty('checked', true);
  });

  it('clears the filters to the bare page, keeping the search, and moves the focus to the count', async () => {
    const { user, unmount } = await renderFilters('/en/cat/calzado?brand=nike&sort=popular');
    const clear = screen.getByRole('link', { name: 'Clear filters' });
    expect(clear.getAttribute('href')).toBe('/en/cat/calzado');
    await user.click(clear);
    expect(url()).toBe('/en/cat/calzado');
    expect(navigation()).toBe('PUSH');
    expect(screen.queryByRole('link', { name: 'Clear filters' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('status'));
    unmount();

    await renderFilters('/en/search?q=gorra&color=black', { scope: 'search' });
    expect(screen.getByRole('link', { name: 'Clear filters' }).getAttribute('href')).toBe('/en/search?q=gorra');
  });

  describe('on a phone', () => {
    it('opens the filters in a sheet that closes with Escape, the close button and "Show N products", giving the focus back', async () => {
      const { user } = await renderFilters('/en/cat/calzado?brand=nike&min_rating=4');
      const opener = screen.getByRole('button', { name: 'Filters (2 active)' });
      expect(opener.getAttribute('aria-expanded')).toBe('false');
      expect(screen.queryByRole('dialog')).toBeNull();

      await user.click(opener);
      const sheet = screen.getByRole('dialog', { name: 'Filters' });
      expect(opener.getAttribute('aria-expanded')).toBe('true');
      expect(document.activeElement).toBe(within(sheet).getByRole('button', { name: 'Close filters' }));
      expect(within(sheet).getByRole('checkbox', { name: 'Nike (12 products)' })).toBeTruthy();
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(document.activeElement).toBe(opener);

      await user.click(opener);
      await user.click(screen.getByRole('button', { name: 'Close filters' }));
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(document.activeElement).toBe(opener);

      await user.click(opener);
      await user.click(within(screen.getByRole('dialog')).getByRole('checkbox', { name: 'Adidas (7 products)' }));
      expect(screen.getByRole('dialog')).toBeTruthy();
      await user.click(screen.getByRole('button', { name: 'Show 24 products' }));
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(document.activeElement).toBe(opener);
      expect(url()).toBe('/en/cat/calzado?brand=adidas&brand=nike&min_rating=4');
    });

    it('keeps the focus inside the open sheet', async () => {
      const { user } = await renderFilters('/en/cat/calzado?brand=nike');
      await user.click(screen.getByRole('button', { name: 'Filters (1 active)' }));
      const close = screen.getByRole('button', { name: 'Close filters' });
      await user.tab({ shift: true });
      expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Clear filters' }));
      await user.tab();
      expect(document.activeElement).toBe(close);
    });
  });

  describe('without JavaScript', () => {
    const ROUTE = '/en/search?q=gorra&brand=nike&platform=hacoo&color=negro&min_rating=3&sort=popular&price_min=5&price_max=40&currency=USD';
    const page = (
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[ROUTE]}>
          <Page scope="search" facets={FACETS} total={24} />
        </MemoryRouter>
      </I18nextProvider>
    );

    it('is a GET form whose fields send the same URL state', async () => {
      await renderWithProviders(<p />);
      const container = document.createElement('div');
      container.innerHTML = renderToString(page);
      const form = container.querySelector('form');
      if (!form) throw new Error('no form');
      expect(form.getAttribute('method')).toBe('get');
      expect(form.getAttribute('action')).toBe('/en/search');
      expect(within(form).getByRole('button', { name: 'Apply filters' }).getAttribute('type')).toBe('submit');
      const names = [...new Set([...form.querySelectorAll('[name]')].map((field) => field.getAttribute('name')))];
      expect(names.sort()).toEqual(['brand', 'category', 'color', 'currency', 'min_rating', 'platform', 'price_max', 'price_min', 'q', 'sort']);

      const sent = new URLSearchParams([...new FormData(form)].map(([name, value]): [string, string] => [name, String(value)]));
      expect(sent.get('q')).toBe('gorra');
      expect(readListingParams(sent)).toEqual(readListingParams(new URLSearchParams(ROUTE.split('?')[1])));
    });

    it('hydrates without a difference, then applies changes at once', async () => {
      await renderWithProviders(<p />);
      const container = document.createElement('div');
      container.innerHTML = renderToString(page);
      document.body.append(container);
      const errors = vi.spyOn(console, 'error');
      const root = await act(async () => hydrateRoot(container, page));
      expect(errors).not.toHaveBeenCalled();
      expect(within(container).getByRole('button', { name: 'Show 24 products' })).toBeTruthy();
      act(() => root.unmount());
      container.remove();
    });

    it('applies what a visitor chose in the server’s form before it hydrated (before the fix: shown, never applied)', async () => {
      await renderWithProviders(<p />);
      const container = document.createElement('div');
      container.innerHTML = renderToString(page);
      document.body.append(container);
      const field = <T extends Element>(selector: string) => {
        const found = container.querySelector<T>(selector);
        if (!found) throw new Error(`no ${selector}`);
        return found;
      };
      // What a phone visitor does while the scripts still load: another order, one store more, one brand
      // less, 4 stars instead of 3. The colour comes back by its key, as after any change.
      field<HTMLSelectElement>('select[name="sort"]').value = 'new';
      field<HTMLInputElement>('input[name="platform"][value="dhgate"]').checked = true;
      field<HTMLInputElement>('input[name="brand"][value="nike"]').checked = false;
      field<HTMLInputElement>('input[name="min_rating"][value="4"]').checked = true;
      field<HTMLInputElement>('input[name="price_max"]').value = '30';
      const root = await act(async () => hydrateRoot(container, page));
      expect(within(container).getByTestId('url').textContent).toBe(
        '/en/search?q=gorra&sort=new&platform=hacoo&platform=dhgate&color=black&min_rating=4&price_min=5&price_max=30&currency=USD',
      );
      expect(within(container).getByTestId('navigation').textContent).toBe('PUSH');
      expect(field<HTMLSelectElement>('select[name="sort"]').value).toBe('new');
      expect(field<HTMLInputElement>('input[name="platform"][value="dhgate"]').checked).toBe(true);
      act(() => root.unmount());
      container.remove();
    });

    it('changes nothing at hydration when the visitor has not touched the form', async () => {
      await renderWithProviders(<p />);
      const container = document.createElement('div');
      container.innerHTML = renderToString(page);
      document.body.append(container);
      const root = await act(async () => hydrateRoot(container, page));
      expect(within(container).getByTestId('url').textContent).toBe(ROUTE);
      expect(within(container).getByTestId('navigation').textContent).toBe('POP');
      act(() => root.unmount());
      container.remove();
    });
  });
});
