import type { Category } from '@linkhunt/contracts/category';
import type { ProductSummary } from '@linkhunt/contracts/product';
import type { Suggestion } from '@linkhunt/contracts/search';
import type { PrefetchedAnswer } from '@linkhunt/contracts/ssr';
import { setSiteConfig } from '@linkhunt/shared-ui/features/config/site-config.ts';
import { i18n } from '@linkhunt/shared-ui/features/i18n/i18n.ts';
import { createQueryClient } from '@linkhunt/shared-ui/features/query/query-client.ts';
import { RENDER_SCOPE_KEY, type RenderScope } from '@linkhunt/shared-ui/features/ssr/render-scope.ts';
import { fakeApi, type Reply, restoreApi, results } from '@linkhunt/shared-ui/test/fake-api.ts';
import { aProduct } from '@linkhunt/shared-ui/test/fixtures.ts';
import { renderWithProviders, TEST_API_URL } from '@linkhunt/shared-ui/test/render.tsx';
import { settle } from '@linkhunt/shared-ui/test/settle.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { prerender } from 'react-dom/static';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { NAMESPACE } from '../../../register-locales.ts';
import SearchPage from './SearchPage.tsx';
import { listingReply } from '@linkhunt/shared-ui/test/listing.ts';

const sneaker = (id: number) => aProduct({ id, slug: `sneaker-${id}`, title: `Sneaker ${id}` });

/** Page 1 of GET /products, `total` in all, as the API answers it. */
function listing(products: ProductSummary[], total = products.length, corrected: string | null = null): Reply {
  return listingReply(products, { page: 1, totalPages: Math.ceil(total / 20), total, perPage: 20, corrected });
}

const footwear: Category = { id: 3, slug: 'calzado', name: 'Calzado' };
const CATEGORIES: Category[] = [
  { id: 1, slug: 'camisetas-y-tops', name: 'Camisetas y Tops' },
  { id: 2, slug: 'pantalones-y-vaqueros', name: 'Pantalones y Vaqueros' },
  footwear,
  { id: 4, slug: 'accesorios', name: 'Accesorios' },
  { id: 5, slug: 'ropa-deportiva', name: 'Ropa Deportiva' },
  { id: 6, slug: 'ropa-de-abrigo', name: 'Ropa de Abrigo' },
  { id: 7, slug: 'vestidos-y-faldas', name: 'Vestidos y Faldas' },
  { id: 8, slug: 'sneakers', name: 'Sneakers' },
];

interface Answers {
  products: (url: string) => Reply;
  suggestions?: Suggestion[];
}

/** The API the page reads: GET /products…, /search/suggest…, /categories. */
function searchApi({ products, suggestions = [] }: Answers) {
  const api = fakeApi(({ url }) => {
    if (url.startsWith('/products')) return products(url);
    if (url.startsWith('/search/suggest')) return results(suggestions);
    if (url === '/categories') return results(CATEGORIES);
    return { status: 404, data: { message: 'Not found' } };
  });
  return { urls: () => api.requests.map((request) => request.url) };
}

function CurrentLocation() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{`${pathname}${search}`}</output>;
}

const page = (
  <Routes>
    <Route
      path="/:lang/search"
      element={
        <>
          <SearchPage />
          <CurrentLocation />
        </>
      }
    />
  </Routes>
);

async function renderSearch(search: string) {
  await i18n.loadNamespaces(NAMESPACE);
  const view = await renderWithProviders(page, { route: `/en/search${search}` });
  await i18n.loadNamespaces(NAMESPACE);
  return view;
}

const location = () => screen.getByTestId('location').textContent;
const titles = () => screen.queryAllByRole('article').map((card) => within(card).getByRole('heading', { level: 3 }).textContent);
const robots = () => document.querySelector('meta[name="robots"]')?.getAttribute('content');

afterEach(() => restoreApi());

describe('SearchPage', () => {
  it('shows the query, the count and the first page of results, with the filters, kept out of search engines', async () => {
    const api = searchApi({ products: () => listing([sneaker(1), sneaker(2)], 42) });
    await renderSearch('?q=sneakers+white');
    expect(await screen.findByRole('heading', { level: 1, name: 'Results for “sneakers white”' })).toBeTruthy();
    await screen.findByRole('heading', { level: 3, name: 'Sneaker 1' });
    expect(titles()).toEqual(['Sneaker 1', 'Sneaker 2']);
    expect(screen.getByText('42 products')).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Filter and sort products' })).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'Sort by' }) as HTMLSelectElement).value).toBe('relevance');
    expect(api.urls()).toEqual(['/products?q=sneakers+white']);
    expect(document.title).toBe('Results for “sneakers white” | Linkhunt');
    expect(robots()).toBe('noindex');
    // Nothing was corrected: nothing else to say.
    expect(screen.queryByText(/Showing results for/)).toBeNull();
  });

  it('names what it understood in the page\'s language, with a link to the literal words that keeps the filters', async () => {
    const understood = { categories: [{ slug: 'sneakers', name: 'Sneakers' }, { slug: 'calzado', name: 'Calzado' }], colors: ['black'] };
    const api = searchApi({
      products: (url) => listingReply([sneaker(1)], { page: 1, totalPages: 1, total: 1, perPage: 20, understood: url.includes('literal') ? null : understood }),
    });
    await renderSearch('?q=black+sneakers&platform=cnfans');
    const notice = await screen.findByTestId('understood-query');
    expect(notice.textContent).toBe('Understood as: Sneakers · Footwear · black. Search for “black sneakers” as typed');
    expect(notice.closest('[role="status"]')).not.toBeNull();
    const literal = within(notice).getByRole('link', { name: 'Search for “black sneakers” as typed' });
    expect(literal.getAttribute('href')).toBe('/en/search?q=black+sneakers&literal=true&platform=cnfans');
    await userEvent.click(literal);
    await waitFor(() => expect(screen.queryByTestId('understood-query')).toBeNull());
    expect(location()).toBe('/en/search?q=black+sneakers&literal=true&platform=cnfans');
    expect(api.urls()).toContain('/products?q=black+sneakers&literal=true&platform=cnfans');
  });

  it('asks GET /products with the filters and order of its URL', async () => {
    const api = searchApi({ products: () => listing([sneaker(1)]) });
    await renderSearch('?q=bag&sort=popular&platform=cnfans&brand=nike');
    await screen.findByRole('heading', { level: 3, name: 'Sneaker 1' });
    expect(api.urls()).toEqual(['/products?q=bag&sort=popular&brand=nike&platform=cnfans']);
  });

  it('says, politely, which words the results are for when the query was corrected', async () => {
    searchApi({ products: () => listing([sneaker(1)], 1, 'zapatillas') });
    await renderSearch('?q=zapatilas');
    const notice = await screen.findByText(/Showing results for/);
    expect(notice.textContent).toBe('Showing results for zapatillas');
    expect(notice.querySelector('b')?.textContent).toBe('zapatillas');
    expect(notice.closest('[role="status"]')).not.toBeNull();
    // The heading keeps what was typed.
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Results for “zapatilas”');
  });

  it('says "No results found", with a spelling hint and suggestions for the start of the first word', async () => {
    const api = searchApi({
      products: () => listing([]),
      suggestions: [
        { type: 'category', label: 'Calzado', slug: 'calzado' },
        { type: 'brand', label: 'Zara', slug: 'zara' },
        { type: 'product', label: 'Zapatillas blancas', slug: 'zapatillas-blancas' },
      ],
    });
    await renderSearch('?q=zapatiyas+rojas');
    expect(await screen.findByRole('heading', { level: 3, name: 'No results found' })).toBeTruthy();
    expect(screen.getByText('Check the spelling or try other words.')).toBeTruthy();
    const suggested = await screen.findByRole('navigation', { name: 'You may be looking for' });
    expect(within(suggested).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['FootwearCategory', '/en/cat/calzado'],
      ['ZaraBrand', '/en/brand/zara'],
      ['Zapatillas blancasProduct', '/en/product/zapatillas-blancas'],
    ]);
    expect(api.urls()).toEqual(['/products?q=zapatiyas+rojas', '/search/suggest?q=zapa&lng=en']);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('offers a few categories when nothing can be suggested', async () => {
    const api = searchApi({ products: () => listing([]) });
    await renderSearch('?q=qqqqq');
    const categories = await screen.findByRole('navigation', { name: 'Browse the categories' });
    const links = within(categories).getAllByRole('link');
    expect(links).toHaveLength(6);
    expect(links[2]?.textContent).toBe('Footwear');
    expect(links[2]?.getAttribute('href')).toBe('/en/cat/calzado');
    expect(api.urls()).toEqual(['/products?q=qqqqq', '/search/suggest?q=qqqq&lng=en', '/categories']);
  });

  it('goes straight to the categories when the first word is too short to suggest from', async () => {
    const api = searchApi({ products: () => listing([]) });
    await renderSearch('?q=x+yz');
    await screen.findByRole('navigation', { name: 'Browse the categories' });
    expect(api.urls()).toEqual(['/products?q=x+yz', '/categories']);
  });

  it('suggests removing the filters when some are chosen, with a link that keeps the query', async () => {
    searchApi({ products: () => listing([]) });
    await renderSearch('?q=bag&platform=hacoo&min_rating=4');
    expect(await screen.findByText('Check the spelling or remove some filters.')).toBeTruthy();
    const remove = screen.getByRole('link', { name: 'Remove the filters' });
    expect(remove.getAttribute('href')).toBe('/en/search?q=bag');
  });

  it('says the search failed, rather than that nothing was found, and asks again on "Try again"', async () => {
    let down = true;
    const api = searchApi({ products: () => (down ? { status: 503, data: { message: 'Service Unavailable' } } : listing([sneaker(1)])) });
    const { user } = await renderSearch('?q=bag');
    const alert = await screen.findByRole('alert');
    expect(screen.queryByText('No results found')).toBeNull();
    expect(robots()).toBe('noindex');
    down = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByRole('heading', { level: 3, name: 'Sneaker 1' });
    expect(api.urls()).toEqual(['/products?q=bag', '/products?q=bag']);
  });

  describe('without a query', () => {
    it('is a search form for this page, and no list', async () => {
      const api = searchApi({ products: () => listing([sneaker(1)]) });
      await renderSearch('?q=++');
      expect(await screen.findByRole('heading', { level: 1, name: 'Search products' })).toBeTruthy();
      const form = screen.getByRole('search', { name: 'Search products' });
      expect(form.getAttribute('method')).toBe('get');
      expect(form.getAttribute('action')).toBe('/en/search');
      expect(within(form).getByRole('searchbox', { name: 'What are you looking for?' }).getAttribute('name')).toBe('q');
      await settle();
      expect(api.urls()).toEqual([]);
      expect(screen.queryAllByRole('article')).toHaveLength(0);
      expect(screen.queryByRole('form', { name: 'Filter and sort products' })).toBeNull();
      expect(document.title).toBe('Search products | Linkhunt');
      expect(robots()).toBe('noindex');
    });

    it('searches from the form without a reload, and not for blanks', async () => {
      searchApi({ products: () => listing([sneaker(1)]) });
      const { user } = await renderSearch('');
      const box = await screen.findByRole('searchbox', { name: 'What are you looking for?' });
      await user.type(box, '   {Enter}');
      expect(location()).toBe('/en/search');
      expect(document.activeElement).toBe(box);
      await user.clear(box);
      await user.type(box, ' white bag {Enter}');
      expect(location()).toBe('/en/search?q=white+bag');
      expect(await screen.findByRole('heading', { level: 1, name: 'Results for “white bag”' })).toBeTruthy();
    });
  });

  describe('for a pasted link', () => {
    const link = 'https://www.kakobuy.com/item/details?url=https%3A%2F%2Fweidian.com%2Fitem.html%3FitemID%3D7233464590&affcode=someone';
    // The listing searched by the whole link, as the panel asks it.
    const linkApi = `/products?${new URLSearchParams({ q: link })}`;
    const found = (products: ProductSummary[]) => listing(products);

    it('shows the products of its item, the whole link however long, without filters, kept out of search engines', async () => {
      expect(link.length).toBeGreaterThan(100);
      const api = searchApi({ products: () => found([sneaker(1)]) });
      await renderSearch(`?q=${encodeURIComponent(link)}`);
      expect(await screen.findByRole('heading', { level: 1, name: "Products with this link's item" })).toBeTruthy();
      expect(screen.getByText(link)).toBeTruthy();
      await screen.findByRole('heading', { level: 3, name: 'Sneaker 1' });
      expect(titles()).toEqual(['Sneaker 1']);
      expect(api.urls()).toEqual([linkApi]);
      expect(screen.queryByRole('form', { name: 'Filter and sort products' })).toBeNull();
      expect(document.title).toBe("Products with this link's item | Linkhunt");
      expect(robots()).toBe('noindex');
    });

    it('says when no product lists the item yet', async () => {
      searchApi({ products: () => found([]) });
      await renderSearch(`?q=${encodeURIComponent(link)}`);
      expect(await screen.findByRole('heading', { level: 3, name: 'No product lists this item yet' })).toBeTruthy();
      expect(screen.getByText('Nobody has shared this item on Linkhunt so far. Check that the link opens the item itself, or search with words.')).toBeTruthy();
    });

    it('says the search failed, and asks again on "Try again"', async () => {
      let down = true;
      const api = searchApi({ products: () => (down ? { status: 503, data: { message: 'Service Unavailable' } } : found([sneaker(1)])) });
      const { user } = await renderSearch(`?q=${encodeURIComponent(link)}`);
      const alert = await screen.findByRole('alert');
      down = false;
      await user.click(within(alert).getByRole('button', { name: 'Try again' }));
      await screen.findByRole('heading', { level: 3, name: 'Sneaker 1' });
      expect(api.urls()).toEqual([linkApi, linkApi]);
    });

    it('takes a link typed into its form whole, however long', async () => {
      searchApi({ products: () => found([sneaker(1)]) });
      const { user } = await renderSearch('');
      const box = await screen.findByRole('searchbox', { name: 'What are you looking for?' });
      expect((box as HTMLInputElement).maxLength).toBe(2000);
      await user.click(box);
      await user.paste(link);
      await user.keyboard('{Enter}');
      expect(new URLSearchParams(location()?.split('?')[1]).get('q')).toBe(link);
      await screen.findByRole('heading', { level: 3, name: 'Sneaker 1' });
    });
  });

  describe('on the server', () => {
    /** Renders the page as the shell server does: in a render scope (its own query client) whose answers come from `answers`, to the end. */
    async function renderOnServer(url: string, answers: Record<string, PrefetchedAnswer>) {
      setSiteConfig({ apiUrl: TEST_API_URL });
      await i18n.loadNamespaces(['ui', NAMESPACE]);
      const asked: string[] = [];
      const scope: RenderScope = {
        config: { apiUrl: TEST_API_URL, siteUrl: 'https://linkhunt.test' },
        language: 'en',
        queryClient: createQueryClient(),
        setStatus: () => undefined,
        fetch: (path) => {
          asked.push(path);
          return Promise.resolve(answers[path] ?? { status: 404, data: null });
        },
      };
      const holder = globalThis as { [RENDER_SCOPE_KEY]?: { getStore(): RenderScope | undefined } };
      holder[RENDER_SCOPE_KEY] = { getStore: () => scope };
      try {
        const { prelude } = await prerender(
          <I18nextProvider i18n={i18n}>
            <MemoryRouter initialEntries={[url]}>{page}</MemoryRouter>
          </I18nextProvider>,
        );
        return { html: await new Response(prelude).text(), asked };
      } finally {
        holder[RENDER_SCOPE_KEY] = undefined;
      }
    }

    it('renders the results with their data, the correction and noindex in the HTML', async () => {
      const { html, asked } = await renderOnServer('/en/search?q=zapatilas', {
        '/products?q=zapatilas': { status: 200, ...listing([sneaker(1), sneaker(2)], 2, 'zapatillas') } as PrefetchedAnswer,
      });
      expect(asked).toEqual(['/products?q=zapatilas']);
      expect(html).toContain('Results for “zapatilas”');
      expect(html).toContain('Sneaker 1');
      expect(html).toContain('Sneaker 2');
      expect(html).toContain('Showing results for <b>zapatillas</b>');
      expect(html).toContain('<meta name="robots" content="noindex"/>');
    });

    it('renders the products of a pasted link’s item, fetched during the render', async () => {
      const link = 'https://weidian.com/item.html?itemID=7233464590';
      const path = `/products?${new URLSearchParams({ q: link })}`;
      const { html, asked } = await renderOnServer(`/en/search?q=${encodeURIComponent(link)}`, {
        [path]: { status: 200, ...listing([sneaker(1)]) } as PrefetchedAnswer,
      });
      expect(asked).toEqual([path]);
      expect(html).toContain('Products with this link&#x27;s item');
      expect(html).toContain('Sneaker 1');
      expect(html).toContain('<meta name="robots" content="noindex"/>');
    });

    it('renders "No results found" with its suggestions, all fetched during the render', async () => {
      const { html, asked } = await renderOnServer('/en/search?q=zapatiyas', {
        '/products?q=zapatiyas': { status: 200, ...listing([]) } as PrefetchedAnswer,
        '/search/suggest?q=zapa&lng=en': { status: 200, ...results([{ type: 'category', label: 'Calzado', slug: 'calzado' }]) } as PrefetchedAnswer,
      });
      expect(asked).toEqual(['/products?q=zapatiyas', '/search/suggest?q=zapa&lng=en']);
      expect(html).toContain('No results found');
      expect(html).toContain('href="/en/cat/calzado"');
    });
  });
});
