import type { CategoryWithProducts } from '@linkhunt/contracts/with-products';
import { setSiteConfig } from '../config/site-config.ts';
import { deferred, fakeApi, type Reply, restoreApi, results } from '../../test/fake-api.ts';
import { aCategory, aProduct } from '../../test/fixtures.ts';
import { TEST_API_URL } from '../../test/render.tsx';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pagedResults, pageOf } from '../../test/paged.ts';
import { settle } from '../../test/settle.ts';
import { pageUrl } from '../query/use-api-pages.ts';
import { queryClient } from '../query/query-client.ts';
import { type ProductPages, useProductPages } from './use-product-pages.ts';

const GORRAS = '/categories/slug/gorras?include=products';
const category = aCategory(0, { slug: 'gorras', name: 'Gorras' });
const product = (id: number) => aProduct({ id, slug: `cap-${id}`, title: `Cap ${id}` });

type Pages = ProductPages<CategoryWithProducts>;
type Ready = Extract<Pages, { status: 'ready' }>;

function ready(pages: Pages): Ready {
  if (pages.status !== 'ready') throw new Error(`expected the products to be ready, got ${pages.status}`);
  return pages;
}

const ids = (pages: Pages) => ready(pages).products.map((item) => item.id);

/** Three products, two a page. */
const threeProducts = (page: number) =>
  page === 1 ? pagedResults(category, [product(1), product(2)], { page: 1, totalPages: 2, total: 3 }) : pagedResults(category, [product(3)], { page: 2, totalPages: 2, total: 3 });

const renderPages = (url = GORRAS) => renderHook(({ url: current }) => useProductPages<CategoryWithProducts>(current), { initialProps: { url } });

beforeEach(() => setSiteConfig({ apiUrl: TEST_API_URL }));
afterEach(() => restoreApi());

describe('pageUrl', () => {
  it('keeps the bare URL for the first page and adds the page number to the others', () => {
    expect(pageUrl(GORRAS, 1)).toBe(GORRAS);
    expect(pageUrl(GORRAS, 2)).toBe('/categories/slug/gorras?include=products&page=2');
    expect(pageUrl('/brands/slug/nike', 3)).toBe('/brands/slug/nike?page=3');
  });
});

describe('useProductPages', () => {
  it('is loading, then gives the owner, the first page of products and how many there are in all', async () => {
    fakeApi((request) => threeProducts(pageOf(request.url)));
    const { result } = renderPages();
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current.status).toBe('ready'));
    const pages = ready(result.current);
    expect(pages.owner.name).toBe('Gorras');
    expect(ids(pages)).toEqual([1, 2]);
    expect(pages.total).toBe(3);
    expect(pages.hasMore).toBe(true);
  });

  it('counts the products it got when the answer has no pagination', async () => {
    fakeApi(() => results(aCategory(2)));
    const { result } = renderPages();
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(ready(result.current).total).toBe(2);
    expect(ready(result.current).hasMore).toBe(false);
  });

  it('adds the next page to the products, once, however often more is asked for while it loads', async () => {
    const second = deferred<Reply>();
    const api = fakeApi((request) => (pageOf(request.url) === 1 ? threeProducts(1) : second.promise));
    const { result } = renderPages();
    await waitFor(() => expect(result.current.status).toBe('ready'));

    act(() => ready(result.current).loadMore());
    await waitFor(() => expect(ready(result.current).loadingMore).toBe(true));
    act(() => ready(result.current).loadMore());
    await waitFor(() => expect(api.requests).toHaveLength(2));

    await act(async () => second.resolve(threeProducts(2)));
    await waitFor(() => expect(ids(result.current)).toEqual([1, 2, 3]));
    expect(ready(result.current).loadingMore).toBe(false);
    expect(ready(result.current).hasMore).toBe(false);
    expect(api.requests.map((request) => request.url)).toEqual([GORRAS, `${GORRAS}&page=2`]);
  });

  it('shows once a product that moved to the next page', async () => {
    fakeApi((request) =>
      pageOf(request.url) === 1
        ? pagedResults(category, [product(1), product(2)], { page: 1, totalPages: 2, total: 3 })
        : pagedResults(category, [product(2), product(3)], { page: 2, totalPages: 2, total: 4 }),
    );
    const { result } = renderPages();
    await waitFor(() => expect(result.current.status).toBe('ready'));
    act(() => ready(result.current).loadMore());
    await waitFor(() => expect(ids(result.current)).toEqual([1, 2, 3]));
    expect(ready(result.current).total).toBe(4);
  });

  it('asks for nothing more after the last page', async () => {
    const api = fakeApi(() => pagedResults(category, [product(1)], { page: 1, totalPages: 1, total: 1 }));
    const { result } = renderPages();
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(ready(result.current).hasMore).toBe(false);
    act(() => ready(result.current).loadMore());
    await settle();
    expect(api.requests).toHaveLength(1);
  });

  it('keeps what it has when the next page fails, and asks for it again on the next loadMore', async () => {
    let failures = 1;
    const api = fakeApi((request) => {
      if (pageOf(request.url) === 2 && failures-- > 0) return { status: 500, data: { message: 'Server Error' } };
      return threeProducts(pageOf(request.url));
    });
    const { result } = renderPages();
    await waitFor(() => expect(result.current.status).toBe('ready'));
    act(() => ready(result.current).loadMore());
    await waitFor(() => expect(ready(result.current).moreFailed).toBe(true));
    expect(ids(result.current)).toEqual([1, 2]);
    expect(ready(result.current).hasMore).toBe(true);
    expect(ready(result.current).loadingMore).toBe(false);

    act(() => ready(result.current).loadMore());
    await waitFor(() => expect(ids(result.current)).toEqual([1, 2, 3]));
    expect(ready(result.current).moreFailed).toBe(false);
    expect(api.requests.map((request) => pageOf(request.url))).toEqual([1, 2, 2]);
  });

  it('tells an unknown owner (404) from a failure, and retries a failure', async () => {
    let status = 404;
    const later = deferred<Reply>();
    fakeApi((request) => (status === 200 ? later.promise.then(() => threeProducts(pageOf(request.url))) : { status, data: { message: 'No' } }));
    const unknown = renderPages();
    await waitFor(() => expect(unknown.result.current.status).toBe('notFound'));
    unknown.unmount();
    // A 404 is an answer, kept fresh like any other: another visit asks again.
    queryClient().clear();

    status = 500;
    const broken = renderPages();
    await waitFor(() => expect(broken.result.current.status).toBe('error'));
    status = 200;
    const { current } = broken.result;
    if (current.status !== 'error') throw new Error('expected an error');
    act(() => current.retry());
    await waitFor(() => expect(broken.result.current.status).toBe('loading'));
    later.resolve({});
    await waitFor(() => expect(ids(broken.result.current)).toEqual([1, 2]));
  });

  it('starts again for a new GORRAS and drops a page of the old one that arrives late', async () => {
    const lateSecond = deferred<Reply>();
    const other = '/categories/slug/bolsos?include=products';
    const api = fakeApi((request) => {
      if (request.url === other) return pagedResults(aCategory(0, { slug: 'bolsos', name: 'Bolsos' }), [product(9)], { page: 1, totalPages: 1, total: 1 });
      return pageOf(request.url) === 1 ? threeProducts(1) : lateSecond.promise;
    });
    const { result, rerender } = renderPages();
    await waitFor(() => expect(result.current.status).toBe('ready'));
    act(() => ready(result.current).loadMore());
    await waitFor(() => expect(api.requests).toHaveLength(2));

    rerender({ url: other });
    await waitFor(() => expect(result.current.status).toBe('loading'));
    await waitFor(() => expect(ids(result.current)).toEqual([9]));
    expect(api.requests[1]?.signal?.aborted).toBe(true);
    await act(async () => lateSecond.resolve(threeProducts(2)));
    expect(ids(result.current)).toEqual([9]);
    expect(ready(result.current).owner.name).toBe('Bolsos');
  });
});
