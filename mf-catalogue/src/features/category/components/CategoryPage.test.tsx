import type { Category } from '@linkhunt/contracts/category';
import type { ListingFacets } from '@linkhunt/contracts/listing';
import { i18n } from '@linkhunt/shared-ui/features/i18n/i18n.ts';
import { deferred, type Reply, restoreApi, results } from '@linkhunt/shared-ui/test/fake-api.ts';
import { aProduct } from '@linkhunt/shared-ui/test/fixtures.ts';
import { renderWithProviders } from '@linkhunt/shared-ui/test/render.tsx';
import { act, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NAMESPACE } from '../../../register-locales.ts';
import { stubIntersectionObserver } from '@linkhunt/shared-ui/test/intersection-observer.ts';
import { pageOf } from '@linkhunt/shared-ui/test/paged.ts';
import { settle } from '@linkhunt/shared-ui/test/settle.ts';
import { SERVER_ERROR } from '../../../test/home-api.ts';
import { listingReply } from '@linkhunt/shared-ui/test/listing.ts';
import { fakePageApi } from '../../../test/listing-api.ts';
import CategoryPage from './CategoryPage.tsx';

const dresses: Category = { id: 1, slug: 'vestidos-y-faldas', name: 'Vestidos y Faldas' };
const OWNER_URL = '/categories/slug/vestidos-y-faldas';
const URL_PAGE_1 = '/products?category=vestidos-y-faldas';
const product = (id: number) => aProduct({ id, slug: `dress-${id}`, title: `Dress ${id}` });

const FACETS: ListingFacets = {
  brand: [
    { slug: 'nike', name: 'Nike', count: 2 },
    { slug: 'zara', name: 'Zara', count: 1 },
  ],
  category: [{ slug: 'vestidos-y-faldas', name: 'Vestidos y Faldas', count: 3 }],
  platform: [
    { key: 'hacoo', count: 2 },
    { key: 'dhgate', count: 1 },
    { key: 'cnfans', count: 0 },
  ],
  color: [{ key: 'black', count: 3 }],
};

type Answer = Reply | Promise<Reply>;

/** The dresses category and its listing; the listing answers by its URL. */
const categoryApi = (listing: (url: string) => Answer, owner: Answer | (() => Answer) = results(dresses)) =>
  fakePageApi({ ownerUrl: OWNER_URL, owner, listing });

/** Three dresses, two a page; page 2 may be given its own answer. */
function dressesApi(secondPage: (attempt: number) => Answer = () => listingReply([product(3)], { page: 2, totalPages: 2, total: 3, facets: FACETS })) {
  let attempts = 0;
  return categoryApi((url) =>
    pageOf(url) === 1 ? listingReply([product(1), product(2)], { page: 1, totalPages: 2, total: 3, facets: FACETS }) : secondPage(++attempts),
  );
}

async function renderCategory(path: string) {
  const view = await renderWithProviders(
    <Routes>
      <Route path="/:lang/cat/:category" element={<><CategoryPage /><CurrentSearch /></>} />
    </Routes>,
    { route: `/en/cat/${path}` },
  );
  await i18n.loadNamespaces(NAMESPACE);
  return view;
}

/** The page's URL query, where a test can read it: the filters navigate by changing it. */
function CurrentSearch() {
  return <span data-testid="search">{useLocation().search}</span>;
}

const currentSearch = () => screen.getByTestId('search').textContent;
/** The grid's own "Showing N of M" (the filters have a status of their own). */
const listStatus = () => within(screen.getByRole('region', { name: 'Products in this category' })).getByRole('status').textContent;
const titles = () => screen.getAllByRole('article').map((card) => within(card).getByRole('heading', { level: 3 }).textContent);
/** Every heading in document order, as "h2 Title": axe's heading-order wants no level skipped on the way down. */
const outline = () => Array.from(document.querySelectorAll('h1, h2, h3, h4, h5, h6'), (heading) => `${heading.tagName.toLowerCase()} ${heading.textContent}`);
const loadMore = () => screen.queryByRole('button', { name: 'Load more' });
const urls = (api: ReturnType<typeof fakePageApi>) => api.requests.map((request) => request.url);
/** The GET /products requests, in order. */
const listingUrls = (api: ReturnType<typeof fakePageApi>) => urls(api).filter((url) => url?.startsWith('/products'));

afterEach(() => {
  restoreApi();
  vi.unstubAllGlobals();
});

describe('CategoryPage', () => {
  it('shows the translated name, how many products the community found and the first page of them', async () => {
    const api = dressesApi();
    await renderCategory('vestidos-y-faldas');

    expect(await screen.findByRole('heading', { level: 1, name: 'Dresses & Skirts' })).toBeTruthy();
    expect(screen.getByText('3 products found by the community')).toBeTruthy();
    expect(titles()).toEqual(['Dress 1', 'Dress 2']);
    expect(screen.getAllByRole('article').map((card) => within(card).getByRole('link').getAttribute('href'))).toEqual([
      '/en/product/dress-1',
      '/en/product/dress-2',
    ]);
    expect(listStatus()).toBe('Showing 2 of 3 products');
    expect(document.title).toBe('Dresses & Skirts | Linkhunt');
    // The category alone, without its products: the list is GET /products's.
    expect(urls(api).toSorted()).toEqual([OWNER_URL, URL_PAGE_1].toSorted());
  });

  it('puts a heading for its products between the page title and the cards', async () => {
    dressesApi();
    await renderCategory('vestidos-y-faldas');
    await screen.findByRole('heading', { level: 1, name: 'Dresses & Skirts' });
    await screen.findByRole('heading', { level: 3, name: 'Dress 1' });
    expect(outline()).toEqual(['h1 Dresses & Skirts', 'h2 Filters', 'h2 Products in this category', 'h3 Dress 1', 'h3 Dress 2']);
    expect(screen.getByRole('heading', { level: 2, name: 'Products in this category' }).classList.contains('visually-hidden')).toBe(true);
  });

  it('says "1 product" for a category with a single product', async () => {
    categoryApi(() => listingReply([product(1)], { page: 1, totalPages: 1, total: 1 }));
    await renderCategory('vestidos-y-faldas');
    expect(await screen.findByText('1 product found by the community')).toBeTruthy();
    expect(loadMore()).toBeNull();
  });

  it('shows a category the translations do not know by its own name, and says it has no products yet', async () => {
    fakePageApi({
      ownerUrl: '/categories/slug/gorras',
      owner: results({ id: 2, slug: 'gorras', name: 'Gorras' } satisfies Category),
      listing: () => listingReply([], { page: 1, totalPages: 0, total: 0 }),
    });
    await renderCategory('gorras');
    expect(await screen.findByRole('heading', { level: 1, name: 'Gorras' })).toBeTruthy();
    expect((await screen.findByRole('heading', { level: 3 })).textContent).toBe('This category has no products yet.');
    expect(screen.getByText('0 products found by the community')).toBeTruthy();
    expect(outline()).toEqual(['h1 Gorras', 'h2 Filters', 'h2 Products in this category', 'h3 This category has no products yet.']);
  });

  it('shows placeholders under an empty heading while the first page loads', async () => {
    const owner = deferred<Reply>();
    const list = deferred<Reply>();
    categoryApi(() => list.promise, owner.promise);
    const { container } = await renderCategory('vestidos-y-faldas');
    await waitFor(() => expect(container.querySelectorAll('[data-skeleton="product-card"]')).toHaveLength(8));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('\u00a0');
    await act(async () => owner.resolve(results(dresses)));
    await screen.findByRole('heading', { level: 1, name: 'Dresses & Skirts' });
    // The name may come before the list: the placeholders stay until it is there.
    expect(container.querySelectorAll('[data-skeleton="product-card"]')).toHaveLength(8);
    await act(async () => list.resolve(listingReply([product(1)], { page: 1, totalPages: 1, total: 1 })));
    await screen.findByRole('heading', { level: 3, name: 'Dress 1' });
    expect(container.querySelectorAll('[data-skeleton="product-card"]')).toHaveLength(0);
  });

  it('loads the next page with "Load more", adds it, and moves focus to the first new product', async () => {
    const api = dressesApi();
    const { user } = await renderCategory('vestidos-y-faldas');
    const button = await screen.findByRole('button', { name: 'Load more' });

    await user.click(button);
    await screen.findByRole('heading', { name: 'Dress 3' });
    expect(titles()).toEqual(['Dress 1', 'Dress 2', 'Dress 3']);
    expect(listStatus()).toBe('Showing 3 of 3 products');
    expect(listingUrls(api)).toEqual([URL_PAGE_1, `${URL_PAGE_1}&page=2`]);
    expect(urls(api).filter((url) => url === OWNER_URL)).toHaveLength(1);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Dress 3' }).closest('a')));
    expect(loadMore()).toBeNull();
  });

  it('shows once a product that a newer one pushed onto the next page', async () => {
    dressesApi(() => listingReply([product(2), product(3)], { page: 2, totalPages: 2, total: 4 }));
    const { user } = await renderCategory('vestidos-y-faldas');
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    await screen.findByRole('heading', { name: 'Dress 3' });
    expect(titles()).toEqual(['Dress 1', 'Dress 2', 'Dress 3']);
    expect(listStatus()).toBe('Showing 3 of 4 products');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Dress 3' }).closest('a')));
  });

  it('says when the next page could not be loaded, and loads it when the visitor tries again', async () => {
    const api = dressesApi((attempt) => (attempt === 1 ? SERVER_ERROR : listingReply([product(3)], { page: 2, totalPages: 2, total: 3 })));
    const { user } = await renderCategory('vestidos-y-faldas');
    await user.click(await screen.findByRole('button', { name: 'Load more' }));

    expect((await screen.findByRole('alert')).textContent).toBe('More products could not be loaded. Try again.');
    expect(titles()).toEqual(['Dress 1', 'Dress 2']);
    const again = loadMore();
    if (!again) throw new Error('the Load more button should stay after a failure');
    await user.click(again);
    await screen.findByRole('heading', { name: 'Dress 3' });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(listingUrls(api)).toEqual([URL_PAGE_1, `${URL_PAGE_1}&page=2`, `${URL_PAGE_1}&page=2`]);
  });

  it('loads the next page by itself as the end of the list scrolls into view', async () => {
    const observer = stubIntersectionObserver();
    const api = dressesApi();
    await renderCategory('vestidos-y-faldas');
    await screen.findByRole('heading', { name: 'Dress 2' });
    // The list's effects may run a moment after its products appear: scroll once the end is watched.
    await waitFor(() => expect(observer.watching()).toBe(1));
    act(() => observer.scrollToEnd());
    await screen.findByRole('heading', { name: 'Dress 3' });
    expect(listingUrls(api)).toEqual([URL_PAGE_1, `${URL_PAGE_1}&page=2`]);
    expect(loadMore()).toBeNull();
    // Scrolling on asks for nothing more after the last page.
    act(() => observer.scrollToEnd());
    await settle();
    expect(listingUrls(api)).toHaveLength(2);
  });

  it('asks for the next page once when the button and the scroll both ask for it', async () => {
    const observer = stubIntersectionObserver();
    const second = deferred<Reply>();
    const api = dressesApi(() => second.promise);
    const { user } = await renderCategory('vestidos-y-faldas');
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(observer.watching()).toBe(1));
    act(() => observer.scrollToEnd());
    await waitFor(() => expect(listingUrls(api)).toHaveLength(2));
    await act(async () => second.resolve(listingReply([product(3)], { page: 2, totalPages: 2, total: 3 })));
    await screen.findByRole('heading', { name: 'Dress 3' });
    expect(listingUrls(api)).toEqual([URL_PAGE_1, `${URL_PAGE_1}&page=2`]);
  });

  it('says an unknown category does not exist, with the way home', async () => {
    // GET /products knows no categories to miss: an unknown one is an empty list.
    categoryApi(() => listingReply([], { page: 1, totalPages: 0, total: 0 }), { status: 404, data: { message: 'Category not found' } });
    await renderCategory('vestidos-y-faldas');
    expect(await screen.findByRole('heading', { level: 1, name: 'This category does not exist.' })).toBeTruthy();
    await settle();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/en/index');
    expect(screen.queryByText('This category has no products yet.')).toBeNull();
    expect(screen.queryByRole('article')).toBeNull();
    expect(document.title).toBe('This category does not exist. | Linkhunt');
    expect(document.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
  });

  it('says an unknown category does not exist whatever filters its URL holds, even when the list fails', async () => {
    categoryApi(() => SERVER_ERROR, { status: 404, data: { message: 'Category not found' } });
    await renderCategory('vestidos-y-faldas?sort=popular&platform=dhgate');
    expect(await screen.findByRole('heading', { level: 1, name: 'This category does not exist.' })).toBeTruthy();
    await settle();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: 'This page could not be loaded' })).toBeNull();
    expect(screen.queryByText('No products match these filters')).toBeNull();
  });

  it('says the page could not be loaded when the server fails, and loads it all with one "Try again"', async () => {
    let down = true;
    const api = categoryApi(
      (url) => (down ? SERVER_ERROR : listingReply([product(1), product(2)], { page: pageOf(url), totalPages: 2, total: 3 })),
      () => (down ? SERVER_ERROR : results(dresses)),
    );
    const { user } = await renderCategory('vestidos-y-faldas');
    expect(await screen.findByRole('heading', { name: 'This page could not be loaded' })).toBeTruthy();
    await waitFor(() => expect(api.requests).toHaveLength(2));
    expect(screen.getByText('Check your connection and try again.')).toBeTruthy();
    expect(screen.queryByRole('article')).toBeNull();

    down = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dresses & Skirts' })).toBeTruthy();
    await screen.findByRole('heading', { level: 3, name: 'Dress 1' });
    expect(titles()).toEqual(['Dress 1', 'Dress 2']);
    expect(screen.queryByText('This page could not be loaded')).toBeNull();
    expect(urls(api).toSorted()).toEqual([OWNER_URL, OWNER_URL, URL_PAGE_1, URL_PAGE_1]);
  });

  it('says the page could not be loaded when only its list fails, and asks again for the list alone', async () => {
    let failures = 1;
    const api = categoryApi((url) =>
      failures-- > 0 ? SERVER_ERROR : listingReply([product(1)], { page: pageOf(url), totalPages: 1, total: 1 }),
    );
    const { user } = await renderCategory('vestidos-y-faldas');
    expect(await screen.findByRole('heading', { name: 'This page could not be loaded' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'Dress 1' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Dresses & Skirts' })).toBeTruthy();
    expect(urls(api).filter((url) => url === OWNER_URL)).toHaveLength(1);
    expect(listingUrls(api)).toEqual([URL_PAGE_1, URL_PAGE_1]);
  });
});

describe('CategoryPage filters', () => {
  it('asks GET /products for the URL’s filters and order, in canonical order, within this category', async () => {
    const api = categoryApi(() => listingReply([product(1)], { page: 1, totalPages: 1, total: 1, facets: FACETS }));
    await renderCategory('vestidos-y-faldas?platform=dhgate&platform=hacoo&brand=zara&brand=nike&category=gorras&sort=popular&min_rating=4');
    await screen.findByRole('heading', { level: 3, name: 'Dress 1' });
    // The page's own category replaces the one the URL named; stores go in the catalogue's order.
    expect(listingUrls(api)).toEqual([
      '/products?sort=popular&category=vestidos-y-faldas&brand=nike&brand=zara&platform=hacoo&platform=dhgate&min_rating=4',
    ]);
    expect(urls(api).filter((url) => url === OWNER_URL)).toHaveLength(1);
  });

  it('pages through the filtered list', async () => {
    const filtered = '/products?sort=popular&category=vestidos-y-faldas&platform=dhgate';
    const api = categoryApi((url) =>
      pageOf(url) === 1
        ? listingReply([product(1), product(2)], { page: 1, totalPages: 2, total: 3, facets: FACETS })
        : listingReply([product(3)], { page: 2, totalPages: 2, total: 3, facets: FACETS }),
    );
    const { user } = await renderCategory('vestidos-y-faldas?sort=popular&platform=dhgate');
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    await screen.findByRole('heading', { name: 'Dress 3' });
    expect(listingUrls(api)).toEqual([filtered, `${filtered}&page=2`]);
  });

  it('shows the answer’s counts in the filters, without a filter for the category itself', async () => {
    categoryApi(() => listingReply([product(1), product(2)], { page: 1, totalPages: 2, total: 3, facets: FACETS }));
    await renderCategory('vestidos-y-faldas');
    const form = await screen.findByRole('form', { name: 'Filter and sort products' });
    await within(form).findByRole('checkbox', { name: 'Nike (2 products)' });
    expect(within(form).getByRole('status').textContent).toBe('3 products');
    const boxes = (group: string) => within(within(form).getByRole('group', { name: group })).getAllByRole('checkbox').map((box) => box.getAttribute('value'));
    expect(boxes('Store')).toEqual(['hacoo', 'dhgate', 'cnfans']);
    expect(within(form).getByRole('checkbox', { name: 'Hacoo (2 products)' })).toBeTruthy();
    expect(within(form).getByRole('checkbox', { name: 'DHGate (1 product)' })).toBeTruthy();
    expect(within(form).getByRole('checkbox', { name: 'CNFans (0 products)' })).toHaveProperty('disabled', true);
    expect(boxes('Brand')).toEqual(['nike', 'zara']);
    expect(within(form).getByRole('checkbox', { name: 'Zara (1 product)' })).toBeTruthy();
    expect(within(form).getByRole('checkbox', { name: 'Black (3 products)' })).toBeTruthy();
    expect(within(form).queryByRole('group', { name: 'Category' })).toBeNull();
    expect((within(form).getByRole('combobox', { name: 'Sort by' }) as HTMLSelectElement).value).toBe('new');
  });

  it('ticks the URL’s filters and shows its order', async () => {
    categoryApi(() => listingReply([product(1)], { page: 1, totalPages: 1, total: 1, facets: FACETS }));
    await renderCategory('vestidos-y-faldas?sort=popular&platform=dhgate&brand=zara');
    const form = await screen.findByRole('form', { name: 'Filter and sort products' });
    expect(await within(form).findByRole('checkbox', { name: 'DHGate (1 product)' })).toHaveProperty('checked', true);
    expect(within(form).getByRole('checkbox', { name: 'Zara (1 product)' })).toHaveProperty('checked', true);
    expect(within(form).getByRole('checkbox', { name: 'Hacoo (2 products)' })).toHaveProperty('checked', false);
    expect((within(form).getByRole('combobox', { name: 'Sort by' }) as HTMLSelectElement).value).toBe('popular');
  });

  it('navigates when a filter is ticked, and shows the new list once it comes, the previous one busy meanwhile', async () => {
    const filtered = deferred<Reply>();
    const api = categoryApi((url) =>
      url === `${URL_PAGE_1}&platform=dhgate` ? filtered.promise : listingReply([product(1), product(2)], { page: 1, totalPages: 2, total: 3, facets: FACETS }),
    );
    const { user } = await renderCategory('vestidos-y-faldas');
    await user.click(await screen.findByRole('checkbox', { name: 'DHGate (1 product)' }));

    expect(currentSearch()).toBe('?platform=dhgate');
    await waitFor(() => expect(listingUrls(api)).toEqual([URL_PAGE_1, `${URL_PAGE_1}&platform=dhgate`]));
    const list = screen.getByRole('region', { name: 'Products in this category' });
    expect(titles()).toEqual(['Dress 1', 'Dress 2']);
    expect(list.querySelector('[aria-busy="true"]')).not.toBeNull();

    await act(async () => filtered.resolve(listingReply([product(2)], { page: 1, totalPages: 1, total: 1, facets: FACETS })));
    await waitFor(() => expect(titles()).toEqual(['Dress 2']));
    expect(list.querySelector('[aria-busy="true"]')).toBeNull();
    expect(listStatus()).toBe('Showing 1 of 1 products');
    expect(within(screen.getByRole('form', { name: 'Filter and sort products' })).getByRole('status').textContent).toBe('1 product');
    expect(screen.getByRole('checkbox', { name: 'DHGate (1 product)' })).toHaveProperty('checked', true);
    // The category is the same: it is not asked again.
    expect(urls(api).filter((url) => url === OWNER_URL)).toHaveLength(1);
  });

  it('navigates when the order changes, keeping the filters', async () => {
    const api = categoryApi(() => listingReply([product(1)], { page: 1, totalPages: 1, total: 1, facets: FACETS }));
    const { user } = await renderCategory('vestidos-y-faldas?platform=hacoo');
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Sort by' }), 'Best rated');
    expect(currentSearch()).toBe('?sort=rating&platform=hacoo');
    await waitFor(() => expect(listingUrls(api)).toEqual([`${URL_PAGE_1}&platform=hacoo`, '/products?sort=rating&category=vestidos-y-faldas&platform=hacoo']));
  });

  it('says no product matches when the filters leave none, and clears them', async () => {
    const api = categoryApi((url) =>
      url === URL_PAGE_1
        ? listingReply([product(1)], { page: 1, totalPages: 1, total: 1, facets: FACETS })
        : listingReply([], { page: 1, totalPages: 0, total: 0, facets: FACETS }),
    );
    const { user } = await renderCategory('vestidos-y-faldas?platform=cnfans&min_rating=5');
    expect((await screen.findByRole('heading', { level: 3 })).textContent).toBe('No products match these filters');
    expect(screen.queryByText('This category has no products yet.')).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Dresses & Skirts' })).toBeTruthy();

    await user.click(screen.getByRole('link', { name: 'Clear filters' }));
    expect(currentSearch()).toBe('');
    await screen.findByRole('heading', { level: 3, name: 'Dress 1' });
    expect(screen.queryByText('No products match these filters')).toBeNull();
    expect(listingUrls(api)).toEqual([`${URL_PAGE_1}&platform=cnfans&min_rating=5`, URL_PAGE_1]);
  });

  it('says the category has no products yet when only the order is chosen', async () => {
    categoryApi(() => listingReply([], { page: 1, totalPages: 0, total: 0 }));
    await renderCategory('vestidos-y-faldas?sort=popular');
    expect((await screen.findByRole('heading', { level: 3 })).textContent).toBe('This category has no products yet.');
  });
});
