import { setSiteConfig } from '@linkhunt/shared-ui/features/config/site-config.ts';
import { deferred, fakeApi, type Reply, restoreApi, results } from '@linkhunt/shared-ui/test/fake-api.ts';
import { aProduct } from '@linkhunt/shared-ui/test/fixtures.ts';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSearchResults } from './use-search-results.ts';
import { SEARCH_DEBOUNCE_MS } from './use-settled-query.ts';
import { notifyOnMicrotasks } from '../../../test/query-notify.ts';

const tote = aProduct({ id: 1, slug: 'tote', title: 'Tote bag' });
const totes = aProduct({ id: 2, slug: 'totes', title: 'Totes set' });

/** Lets fake time pass, and the answers it releases reach React. */
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const search = (initial: string) => renderHook(({ query }) => useSearchResults(query), { initialProps: { query: initial } });


notifyOnMicrotasks();
beforeEach(() => {
  setSiteConfig({ apiUrl: 'http://api.test' });
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  restoreApi();
});

describe('useSearchResults', () => {
  it('sends nothing for an empty or blank query and finds nothing', async () => {
    const api = fakeApi(() => results([tote]));
    const { result } = search('   ');
    await wait(SEARCH_DEBOUNCE_MS * 2);
    expect(api.requests).toHaveLength(0);
    expect(result.current).toEqual({ status: 'done', products: [], total: 0 });
  });

  it('asks nothing before SEARCH_DEBOUNCE_MS of quiet, then gives the products', async () => {
    const api = fakeApi(() => results([tote]));
    const { result } = search('tote');
    await wait(SEARCH_DEBOUNCE_MS - 1);
    expect(api.requests).toHaveLength(0);
    expect(result.current).toEqual({ status: 'loading' });
    await wait(1);
    expect(api.requests.map((request) => request.url)).toEqual(['/products?q=tote']);
    expect(result.current).toEqual({ status: 'done', products: [tote], total: 1 });
  });

  it('gives how many products the search found in all, beyond the page it shows', async () => {
    fakeApi(() => ({
      data: { results: { data: [tote, totes], meta: { pagination: { total: 57, count: 2, per_page: 20, current_page: 1, total_pages: 3 } } } },
    }));
    const { result } = search('tote');
    await wait(SEARCH_DEBOUNCE_MS);
    expect(result.current).toEqual({ status: 'done', products: [tote, totes], total: 57 });
  });

  it('searches only for the last of quick keystrokes', async () => {
    const api = fakeApi(() => results([]));
    const { rerender } = search('a');
    await wait(SEARCH_DEBOUNCE_MS / 2);
    rerender({ query: 'ab' });
    await wait(SEARCH_DEBOUNCE_MS * 3);
    expect(api.requests.map((request) => request.url)).toEqual(['/products?q=ab']);
  });

  it('never lets an older, slower answer replace a newer one', async () => {
    const answers = { tote: deferred<Reply>(), totes: deferred<Reply>() };
    const api = fakeApi((request) => (request.url === '/products?q=tote' ? answers.tote : answers.totes).promise);
    const { result, rerender } = search('tote');
    await wait(SEARCH_DEBOUNCE_MS);
    rerender({ query: 'totes' });
    expect(api.requests[0]?.signal?.aborted).toBe(true);
    await wait(SEARCH_DEBOUNCE_MS);
    expect(api.requests).toHaveLength(2);

    answers.totes.resolve(results([totes]));
    await wait(0);
    expect(result.current).toEqual({ status: 'done', products: [totes], total: 1 });
    answers.tote.resolve(results([tote]));
    await wait(0);
    expect(result.current).toEqual({ status: 'done', products: [totes], total: 1 });
  });

  it('tells a failed call from no results, and asks again at once on retry', async () => {
    let down = true;
    const api = fakeApi(() => (down ? Promise.reject(new TypeError('Failed to fetch')) : results([tote])));
    const { result } = search('tote');
    await wait(SEARCH_DEBOUNCE_MS);
    expect(result.current.status).toBe('error');

    down = false;
    act(() => {
      if (result.current.status === 'error') result.current.retry();
    });
    await wait(0);
    expect(result.current).toEqual({ status: 'done', products: [tote], total: 1 });
    expect(api.requests.map((request) => request.url)).toEqual(['/products?q=tote', '/products?q=tote']);
  });

  it('waits for the debounce again for a new query after a retry', async () => {
    let fail = true;
    const api = fakeApi(() => (fail ? { status: 503, data: { message: 'Service Unavailable' } } : results([totes])));
    const { result, rerender } = search('tote');
    await wait(SEARCH_DEBOUNCE_MS);
    act(() => {
      if (result.current.status === 'error') result.current.retry();
    });
    await wait(0);
    expect(api.requests).toHaveLength(2);
    fail = false;
    rerender({ query: 'totes' });
    await wait(SEARCH_DEBOUNCE_MS - 1);
    expect(api.requests).toHaveLength(2);
    await wait(1);
    expect(result.current).toEqual({ status: 'done', products: [totes], total: 1 });
  });

  it('sends the query as one encoded path segment', async () => {
    const api = fakeApi(() => results([]));
    search('50% off/sale');
    await wait(SEARCH_DEBOUNCE_MS);
    expect(api.requests[0]?.url).toBe('/products?q=50%25+off%2Fsale');
  });

  it('finds the products of a pasted link’s item in the listing, the whole link its query', async () => {
    const link = 'https://www.kakobuy.com/item/details?url=https%3A%2F%2Fweidian.com%2Fitem.html%3FitemID%3D7233464590&affcode=someone';
    const api = fakeApi(() => results([tote]));
    const { result } = search(link);
    await wait(SEARCH_DEBOUNCE_MS);
    expect(api.requests.map((request) => request.url)).toEqual([`/products?${new URLSearchParams({ q: link })}`]);
    expect(new URL(`http://api.test${api.requests[0]?.url ?? ''}`).searchParams.get('q')).toBe(link);
    expect(result.current).toEqual({ status: 'done', products: [tote], total: 1 });
  });
});
