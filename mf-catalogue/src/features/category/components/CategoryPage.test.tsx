import { i18n } from '@linkhunt/shared-ui/features/i18n/i18n.ts';
import { deferred, fakeApi, type Reply, restoreApi, results } from '@linkhunt/shared-ui/test/fake-api.ts';
import { aCategory, aProduct } from '@linkhunt/shared-ui/test/fixtures.ts';
import { renderWithProviders } from '@linkhunt/shared-ui/test/render.tsx';
import { act, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NAMESPACE } from '../../../register-locales.ts';
import { stubIntersectionObserver } from '@linkhunt/shared-ui/test/intersection-observer.ts';
import { pagedResults, pageOf } from '@linkhunt/shared-ui/test/paged.ts';
import { settle } from '@linkhunt/shared-ui/test/settle.ts';
import CategoryPage from './CategoryPage.tsx';

const dresses = aCategory(0, { slug: 'vestidos-y-faldas', name: 'Vestidos y Faldas' });
const URL_PAGE_1 = '/categories/slug/vestidos-y-faldas?include=products';
const product = (id: number) => aProduct({ id, slug: `dress-${id}`, title: `Dress ${id}` });

/** Three dresses, two a page; page 2 may be given its own answer. */
function dressesApi(secondPage: (attempt: number) => Reply | Promise<Reply> = () => pagedResults(dresses, [product(3)], { page: 2, totalPages: 2, total: 3 })) {
  let attempts = 0;
  return fakeApi((request) =>
    pageOf(request.url) === 1 ? pagedResults(dresses, [product(1), product(2)], { page: 1, totalPages: 2, total: 3 }) : secondPage(++attempts),
  );
}

async function renderCategory(slug: string) {
  const view = await renderWithProviders(
    <Routes>
      <Route path="/:lang/cat/:category" element={<CategoryPage />} />
    </Routes>,
    { route: `/en/cat/${slug}` },
  );
  await i18n.loadNamespaces(NAMESPACE);
  return view;
}

const titles = () => screen.getAllByRole('article').map((card) => within(card).getByRole('heading', { level: 3 }).textContent);
/** Every heading in document order, as "h2 Title": axe's heading-order wants no level skipped on the way down. */
const outline = () => Array.from(document.querySelectorAll('h1, h2, h3, h4, h5, h6'), (heading) => `${heading.tagName.toLowerCase()} ${heading.textContent}`);
const loadMore = () => screen.queryByRole('button', { name: 'Load more' });
const urls = (api: ReturnType<typeof fakeApi>) => api.requests.map((request) => request.url);

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
    expect(screen.getByRole('status').textContent).toBe('Showing 2 of 3 products');
    expect(document.title).toBe('Dresses & Skirts | Linkhunt');
    expect(urls(api)).toEqual([URL_PAGE_1]);
  });

  it('puts a heading for its products between the page title and the cards', async () => {
    dressesApi();
    await renderCategory('vestidos-y-faldas');
    await screen.findByRole('heading', { level: 1, name: 'Dresses & Skirts' });
    expect(outline()).toEqual(['h1 Dresses & Skirts', 'h2 Products in this category', 'h3 Dress 1', 'h3 Dress 2']);
    expect(screen.getByRole('heading', { level: 2 }).classList.contains('visually-hidden')).toBe(true);
  });

  it('says "1 product" for a category with a single product', async () => {
    fakeApi(() => pagedResults(dresses, [product(1)], { page: 1, totalPages: 1, total: 1 }));
    await renderCategory('vestidos-y-faldas');
    expect(await screen.findByText('1 product found by the community')).toBeTruthy();
    expect(loadMore()).toBeNull();
  });

  it('shows a category the translations do not know by its own name', async () => {
    fakeApi(() => results(aCategory(0, { slug: 'gorras', name: 'Gorras' })));
    await renderCategory('gorras');
    expect(await screen.findByRole('heading', { level: 1, name: 'Gorras' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3 }).textContent).toBe('This category has no products yet.');
    expect(outline()).toEqual(['h1 Gorras', 'h2 Products in this category', 'h3 This category has no products yet.']);
  });

  it('shows placeholders under an empty heading while the first page loads', async () => {
    const answer = deferred<Reply>();
    fakeApi(() => answer.promise);
    const { container } = await renderCategory('vestidos-y-faldas');
    await waitFor(() => expect(container.querySelectorAll('[data-skeleton="product-card"]')).toHaveLength(8));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('\u00a0');
    answer.resolve(pagedResults(dresses, [product(1)], { page: 1, totalPages: 1, total: 1 }));
    await screen.findByRole('heading', { level: 1, name: 'Dresses & Skirts' });
    expect(container.querySelectorAll('[data-skeleton="product-card"]')).toHaveLength(0);
  });

  it('loads the next page with "Load more", adds it, and moves focus to the first new product', async () => {
    const api = dressesApi();
    const { user } = await renderCategory('vestidos-y-faldas');
    const button = await screen.findByRole('button', { name: 'Load more' });

    await user.click(button);
    await screen.findByRole('heading', { name: 'Dress 3' });
    expect(titles()).toEqual(['Dress 1', 'Dress 2', 'Dress 3']);
    expect(screen.getByRole('status').textContent).toBe('Showing 3 of 3 products');
    expect(urls(api)).toEqual([URL_PAGE_1, `${URL_PAGE_1}&page=2`]);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Dress 3' }).closest('a')));
    expect(loadMore()).toBeNull();
  });

  it('shows once a product that a newer one pushed onto the next page', async () => {
    dressesApi(() => pagedResults(dresses, [product(2), product(3)], { page: 2, totalPages: 2, total: 4 }));
    const { user } = await renderCategory('vestidos-y-faldas');
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    await screen.findByRole('heading', { name: 'Dress 3' });
    expect(titles()).toEqual(['Dress 1', 'Dress 2', 'Dress 3']);
    expect(screen.getByRole('status').textContent).toBe('Showing 3 of 4 products');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Dress 3' }).closest('a')));
  });

  it('says when the next page could not be loaded, and loads it when the visitor tries again', async () => {
    const api = dressesApi((attempt) =>
      attempt === 1 ? { status: 500, data: { message: 'Server Error' } } : pagedResults(dresses, [product(3)], { page: 2, totalPages: 2, total: 3 }),
    );
    const { user } = await renderCategory('vestidos-y-faldas');
    await user.click(await screen.findByRole('button', { name: 'Load more' }));

    expect((await screen.findByRole('alert')).textContent).toBe('More products could not be loaded. Try again.');
    expect(titles()).toEqual(['Dress 1', 'Dress 2']);
    const again = loadMore();
    if (!again) throw new Error('the Load more button should stay after a failure');
    await user.click(again);
    await screen.findByRole('heading', { name: 'Dress 3' });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(urls(api)).toEqual([URL_PAGE_1, `${URL_PAGE_1}&page=2`, `${URL_PAGE_1}&page=2`]);
  });

  it('loads the next page by itself as the end of the list scrolls into view', async () => {
    const observer = stubIntersectionObserver();
    const api = dressesApi();
    await renderCategory('vestidos-y-faldas');
    await screen.findByRole('heading', { name: 'Dress 2' });

    act(() => observer.scrollToEnd());
    await screen.findByRole('heading', { name: 'Dress 3' });
    expect(urls(api)).toEqual([URL_PAGE_1, `${URL_PAGE_1}&page=2`]);
    expect(loadMore()).toBeNull();
    // Scrolling on asks for nothing more after the last page.
    act(() => observer.scrollToEnd());
    await settle();
    expect(urls(api)).toHaveLength(2);
  });

  it('asks for the next page once when the button and the scroll both ask for it', async () => {
    const observer = stubIntersectionObserver();
    const second = deferred<Reply>();
    const api = dressesApi(() => second.promise);
    const { user } = await renderCategory('vestidos-y-faldas');
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    act(() => observer.scrollToEnd());
    await waitFor(() => expect(urls(api)).toHaveLength(2));
    await act(async () => second.resolve(pagedResults(dresses, [product(3)], { page: 2, totalPages: 2, total: 3 })));
    await screen.findByRole('heading', { name: 'Dress 3' });
    expect(urls(api)).toEqual([URL_PAGE_1, `${URL_PAGE_1}&page=2`]);
  });

  it('says an unknown category does not exist, with the way home', async () => {
    fakeApi(() => ({ status: 404, data: { message: 'Category not found' } }));
    await renderCategory('nothing');
    expect(await screen.findByRole('heading', { level: 1, name: 'This category does not exist.' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/en/index');
    expect(document.title).toBe('This category does not exist. | Linkhunt');
    expect(document.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
  });

  it('says the page could not be loaded when the server fails, and loads it when the visitor tries again', async () => {
    let failures = 1;
    const api = fakeApi((request) =>
      failures-- > 0 ? { status: 500, data: { message: 'Server Error' } } : pagedResults(dresses, [product(1), product(2)], { page: pageOf(request.url), totalPages: 2, total: 3 }),
    );
    const { user } = await renderCategory('vestidos-y-faldas');
    expect(await screen.findByRole('heading', { name: 'This page could not be loaded' })).toBeTruthy();
    expect(screen.getByText('Check your connection and try again.')).toBeTruthy();
    expect(screen.queryByRole('article')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dresses & Skirts' })).toBeTruthy();
    expect(titles()).toEqual(['Dress 1', 'Dress 2']);
    expect(screen.queryByText('This page could not be loaded')).toBeNull();
    expect(urls(api)).toEqual([URL_PAGE_1, URL_PAGE_1]);
  });
});
