import type { ListingFacets } from '@linkhunt/contracts/listing';
import type { ProductSummary } from '@linkhunt/contracts/product';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setSiteConfig } from '../config/site-config.ts';
import { seedPages } from '../../test/seed-cache.ts';
import { deferred, fakeApi, type Reply, restoreApi } from '../../test/fake-api.ts';
import { listingReply } from '../../test/listing.ts';
import { aProduct } from '../../test/fixtures.ts';
import { pageOf } from '../../test/paged.ts';
import { TEST_API_URL } from '../../test/render.tsx';
import { settle } from '../../test/settle.ts';
import { type ListingPages, useListingPages } from './use-listing-pages.ts';

const GORRAS = '/products?category=gorras';
const NIKE_GORRAS = '/products?category=gorras&brand=nike';
const product = (id: number) => aProduct({ id, slug: `cap-${id}`, title: `Cap ${id}` });

const facets = (nike: number): ListingFacets => ({
  brand: [{ slug: 'nike', name: 'Nike', count: nike }],
  category: [{ slug: 'gorras', name: 'Gorras', count: 3 }],
  platform: [
    { key: 'hacoo', count: 2 },
    { key: 'dhgate', count: 1 },
    { key: 'cnfans', count: 0 },
  ],
  color: [{ key: 'black', count: 3 }],
});

interface Answer {
  page: number;
  totalPages: number;
  total: number;
  corrected?: string | null;
  nike?: number;
}

/** One page of GET /products, with `nike` as the Nike brand's count. */
function listing(products: ProductSummary[], { nike = 3, ...page }: Answer): Reply {
  return listingReply(products, { ...page, facets: facets(nike) });
}

/** Three caps, two a page. */
const threeCaps = (page: number) =>
  page === 1 ? listing([product(1), product(2)], { page: 1, totalPages: 2, total: 3 }) : listing([product(3)], { page: 2, totalPages: 2, total: 3, nike: 99 });

type Ready = Extract<ListingPages, { status: 'ready' }>;

function ready(pages: ListingPages): Ready {
  if (pages.status !== 'ready') throw new Error(`expected the products to be ready, got ${pages.status}`);
  return pages;
}

const ids = (pages: ListingPages) => ready(pages).products.map((item) => item.id);

const renderPages = (url = GORRAS) => renderHook(({ url: current }) => useListingPages(current), { initialProps: { url } });

/** A list the server rendered this page with (hydrated into the cache before the first render). */
const RENDERED = '/products?q=gorra';

beforeEach(() => setSiteConfig({ apiUrl: TEST_API_URL }));
afterEach(() => restoreApi());

describe('useListingPages', () => {
  it('gives the first page, the total, the facets and the corrected query', async () => {
    const api = fakeApi(() => listing([product(1), product(2)], { page: 1, totalPages: 2, total: 3, corrected: 'zapatillas' }));
    const { result } = renderPages('/products?q=zapatilas');
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current.status).toBe('ready'));
    const pages = ready(result.current);
    expect(ids(pages)).toEqual([1, 2]);
    expect(pages.total).toBe(3);
    expect(pages.hasMore).toBe(true);
    expect(pages.stale).toBe(false);
    expect(pages.facets).toEqual(facets(3));
    expect(pages.correctedQuery).toBe('zapatillas');
    expect(api.requests.map((request) => request.url)).toEqual(['/products?q=zapatilas']);
  });

  it("starts from the server's answer without asking the API, and asks it for the next page", async () => {
    seedPages(RENDERED, listing([product(5)], { page: 1, totalPages: 2, total: 3, corrected: null }));
    const api = fakeApi((request) => listing([product(6)], { page: pageOf(request.url), totalPages: 2, total: 3 }));
    const { result } = renderPages(RENDERED);
    expect(ids(result.current)).toEqual([5]);
    expect(ready(result.current).total).toBe(3);
    await settle();
    expect(api.requests).toHaveLength(0);
    act(() => ready(result.current).loadMore());
    await waitFor(() => expect(ids(result.current)).toEqual([5, 6]));
    expect(api.requests.map((request) => request.url)).toEqual([`${RENDERED}&page=2`]);
  });

  it('adds the next page once, keeping the first page’s facets', async () => {
    const second = deferred<Reply>();
    const api = fakeApi((request) => (pageOf(request.url) === 1 ? threeCaps(1) : second.promise));
    const { result } = renderPages();
    await waitFor(() => expect(result.current.status).toBe('ready'));

    act(() => ready(result.current).loadMore());
    act(() => ready(result.current).loadMore());
    await waitFor(() => expect(ready(result.current).loadingMore).toBe(true));
    await act(async () => second.resolve(threeCaps(2)));
    await waitFor(() => expect(ids(result.current)).toEqual([1, 2, 3]));
    expect(ready(result.current).hasMore).toBe(false);
    expect(ready(result.current).facets.brand[0]?.count).toBe(3);
    expect(api.requests.map((request) => request.url)).toEqual([GORRAS, `${GORRAS}&page=2`]);
  });

  it('asks for the first page alone on /products', async () => {
    const api = fakeApi((request) => threeCaps(pageOf(request.url)));
    const { result } = renderPages('/products');
    await waitFor(() => expect(result.current.status).toBe('ready'));
    act(() => ready(result.current).loadMore());
    await waitFor(() => expect(ids(result.current)).toEqual([1, 2, 3]));
    expect(api.requests.map((request) => request.url)).toEqual(['/products', '/products?page=2']);
  });

  it('keeps the previous products, marked stale, while the new filters load, then shows the new ones', async () => {
    const filtered = deferred<Reply>();
    fakeApi((request) => (request.url === NIKE_GORRAS ? filtered.promise : threeCaps(pageOf(request.url))));
    const { result, rerender } = renderPages();
    await waitFor(() => expect(result.current.status).toBe('ready'));

    rerender({ url: NIKE_GORRAS });
    const stale = ready(result.current);
    expect(stale.stale).toBe(true);
    expect(ids(stale)).toEqual([1, 2]);
    expect(stale.hasMore).toBe(false);
    stale.loadMore();

    await act(async () => filtered.resolve(listing([product(7)], { page: 1, totalPages: 1, total: 1, nike: 1 })));
    await waitFor(() => expect(ids(result.current)).toEqual([7]));
    expect(ready(result.current).stale).toBe(false);
    expect(ready(result.current).total).toBe(1);
    expect(ready(result.current).facets.brand[0]?.count).toBe(1);
  });

  it('drops a late page of the previous filters', async () => {
    const lateSecond = deferred<Reply>();
    const api = fakeApi((request) => {
      if (request.url === NIKE_GORRAS) return listing([product(7)], { page: 1, totalPages: 1, total: 1 });
      return pageOf(request.url) === 1 ? threeCaps(1) : lateSecond.promise;
    });
    const { result, rerender } = renderPages();
    await waitFor(() => expect(result.current.status).toBe('ready'));
    act(() => ready(result.current).loadMore());
    await waitFor(() => expect(api.requests).toHaveLength(2));

    rerender({ url: NIKE_GORRAS });
    await waitFor(() => expect(ids(result.current)).toEqual([7]));
    expect(api.requests[1]?.signal?.aborted).toBe(true);
    await act(async () => lateSecond.resolve(threeCaps(2)));
    expect(ids(result.current)).toEqual([7]);
  });

  it('fails, whatever the status, and retries', async () => {
    let status = 404;
    const later = deferred<Reply>();
    const api = fakeApi((request) => (status === 200 ? later.promise.then(() => threeCaps(pageOf(request.url))) : { status, data: { message: 'No' } }));
    const { result } = renderPages();
    await waitFor(() => expect(result.current.status).toBe('error'));
    status = 200;
    const { current } = result;
    if (current.status !== 'error') throw new Error('expected an error');
    act(() => current.retry());
    await waitFor(() => expect(result.current.status).toBe('loading'));
    later.resolve({});
    await waitFor(() => expect(ids(result.current)).toEqual([1, 2]));
    await settle();
    expect(api.requests).toHaveLength(2);
  });
});
