import { bus } from '@linkhunt/shared-ui/features/bus/event-bus.ts';
import { setSiteConfig } from '@linkhunt/shared-ui/features/config/site-config.ts';
import { deferred, fakeApi, type Reply, restoreApi, results } from '@linkhunt/shared-ui/test/fake-api.ts';
import { aBrand, aProduct } from '@linkhunt/shared-ui/test/fixtures.ts';
import { TEST_API_URL } from '@linkhunt/shared-ui/test/render.tsx';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { settle } from '@linkhunt/shared-ui/test/settle.ts';
import { clearHomeFailures, useHomeFailures } from './home-failures.ts';
import { EMPTY_HOME_LISTS, homeLists, loadHomeList, preloadHomeLists, shuffled, useHomeList } from './home-lists.ts';

const tote = aProduct({ id: 1, slug: 'tote', title: 'Tote bag' });
const clutch = aProduct({ id: 2, slug: 'clutch', title: 'Clutch' });
const beanie = aProduct({ id: 3, slug: 'beanie', title: 'Beanie' });

/** Each home list from its own endpoint. */
function homeApi(answers: Partial<Record<string, Reply>> = {}) {
  return fakeApi(
    (request) =>
      answers[request.url ?? ''] ??
      { '/brands': results([aBrand()]), '/products/featured': results([tote]), '/products/recents': results([clutch]) }[request.url ?? ''] ?? {
        status: 404,
      },
  );
}

const urls = (api: ReturnType<typeof fakeApi>) => api.requests.map((request) => request.url);

beforeEach(() => setSiteConfig({ apiUrl: TEST_API_URL }));
afterEach(() => {
  // Unmount first: a hook still mounted would load the emptied list again, through the real transport.
  cleanup();
  restoreApi();
  homeLists.setState(EMPTY_HOME_LISTS);
  clearHomeFailures();
  vi.restoreAllMocks();
});

describe('shuffled', () => {
  it('keeps the same items in an order drawn from the given random, leaving the original alone', () => {
    const items = [1, 2, 3, 4];
    const random = vi.fn(() => 0);
    // Always drawing the first place: 4↔1, then 3↔4, then 2↔3.
    expect(shuffled(items, random)).toEqual([2, 3, 4, 1]);
    expect(random).toHaveBeenCalledTimes(3);
    expect(items).toEqual([1, 2, 3, 4]);
  });

  it('keeps the order when every draw lands on the item itself', () => {
    expect(shuffled(['a', 'b', 'c'], () => 0.999)).toEqual(['a', 'b', 'c']);
  });

  it('gives back every item exactly once whatever the draws', () => {
    const draws = [0.7, 0.1, 0.5, 0.9, 0.3];
    let next = 0;
    const out = shuffled([10, 20, 30, 40, 50, 60], () => draws[next++ % draws.length] ?? 0);
    expect([...out].sort((a, b) => a - b)).toEqual([10, 20, 30, 40, 50, 60]);
  });

  it('copes with empty and one-item lists', () => {
    expect(shuffled([])).toEqual([]);
    expect(shuffled(['only'])).toEqual(['only']);
  });
});

describe('loadHomeList', () => {
  it('keeps only the brands that have products', async () => {
    homeApi({
      '/brands': results([
        aBrand({ id: 1, slug: 'nike', name: 'Nike', num_products: 12 }),
        aBrand({ id: 2, slug: 'zara', name: 'Zara', num_products: 0 }),
        aBrand({ id: 3, slug: 'adidas', name: 'Adidas', num_products: 1 }),
      ]),
    });
    loadHomeList('brands');
    await waitFor(() => expect(homeLists.getState().brands?.map((brand) => brand.name)).toEqual(['Nike', 'Adidas']));
  });

  it('shuffles the featured products with Math.random and keeps the recents in the order given', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    homeApi({ '/products/featured': results([tote, clutch, beanie]), '/products/recents': results([tote, clutch, beanie]) });
    loadHomeList('featured');
    loadHomeList('recents');
    await waitFor(() => expect(homeLists.getState().featured?.map((product) => product.slug)).toEqual(['clutch', 'beanie', 'tote']));
    await waitFor(() => expect(homeLists.getState().recents?.map((product) => product.slug)).toEqual(['tote', 'clutch', 'beanie']));
  });

  it('asks once for a list, however many times it is asked for, while loading and once loaded', async () => {
    const answer = deferred<Reply>();
    const api = fakeApi(() => answer.promise);
    loadHomeList('recents');
    loadHomeList('recents');
    await waitFor(() => expect(urls(api)).toEqual(['/products/recents']));

    answer.resolve(results([clutch]));
    await waitFor(() => expect(homeLists.getState().recents).toEqual([clutch]));
    loadHomeList('recents');
    await settle();
    expect(urls(api)).toEqual(['/products/recents']);
  });

  it('leaves a failed list empty, and asks again the next time', async () => {
    let calls = 0;
    const api = fakeApi(() => (++calls === 1 ? { status: 500, data: { message: 'Server Error' } } : results([clutch])));
    loadHomeList('recents');
    await waitFor(() => expect(api.requests).toHaveLength(1));
    await settle();
    expect(homeLists.getState().recents).toBeNull();

    loadHomeList('recents');
    await waitFor(() => expect(homeLists.getState().recents).toEqual([clutch]));
    expect(urls(api)).toEqual(['/products/recents', '/products/recents']);
  });

  it('reports a failed list to the page, whose retry asks again and clears the report once it loads', async () => {
    let down = true;
    const api = fakeApi(() => (down ? Promise.reject(new TypeError('Failed to fetch')) : results([clutch])));
    const failures = renderHook(useHomeFailures);
    loadHomeList('recents');
    await waitFor(() => expect(failures.result.current.failed).toBe(true));
    expect(homeLists.getState().recents).toBeNull();

    down = false;
    act(() => failures.result.current.retryAll());
    expect(failures.result.current.failed).toBe(false);
    await waitFor(() => expect(homeLists.getState().recents).toEqual([clutch]));
    expect(failures.result.current.failed).toBe(false);
    expect(urls(api)).toEqual(['/products/recents', '/products/recents']);
  });
});

describe('preloadHomeLists', () => {
  it('starts the three lists at once, and a page rendering next asks for none of them again', async () => {
    const api = homeApi();
    preloadHomeLists();
    expect(urls(api).sort()).toEqual(['/brands', '/products/featured', '/products/recents']);
    renderHook(() => [useHomeList('brands'), useHomeList('featured'), useHomeList('recents')]);
    await waitFor(() => expect(homeLists.getState().recents).toEqual([clutch]));
    expect(api.requests).toHaveLength(3);
  });
});

describe('useHomeList', () => {
  it('loads the list it is asked for, and gives it at once, with no new request, once it is loaded', async () => {
    const api = homeApi();
    const first = renderHook(() => useHomeList('recents'));
    expect(first.result.current).toBeNull();
    await waitFor(() => expect(first.result.current).toEqual([clutch]));
    first.unmount();

    const again = renderHook(() => useHomeList('recents'));
    expect(again.result.current).toEqual([clutch]);
    await settle();
    expect(urls(api)).toEqual(['/products/recents']);
  });

  it('loads a list again when it is forgotten while in use', async () => {
    let recents = [clutch];
    const api = fakeApi(() => results(recents));
    const { result } = renderHook(() => useHomeList('recents'));
    await waitFor(() => expect(result.current).toEqual([clutch]));

    recents = [beanie, clutch];
    act(() => bus.publish('product:uploaded', { productId: 3, slug: 'beanie' }));
    await waitFor(() => expect(result.current).toEqual([beanie, clutch]));
    expect(api.requests).toHaveLength(2);
  });
  it('drops an answer that left before the list was forgotten, and asks again', async () => {
    const before = deferred<Reply>();
    const answers = [before.promise, Promise.resolve(results([beanie, clutch]))];
    const api = fakeApi(() => answers.shift() ?? results([]));
    const { result } = renderHook(() => useHomeList('recents'));
    await waitFor(() => expect(api.requests).toHaveLength(1));

    act(() => bus.publish('product:uploaded', { productId: 3, slug: 'beanie' }));
    await waitFor(() => expect(result.current).toEqual([beanie, clutch]));
    before.resolve(results([clutch]));
    await settle();
    expect(result.current).toEqual([beanie, clutch]);
    expect(api.requests).toHaveLength(2);
  });
});

describe('the bus', () => {
  async function loadAll() {
    homeApi();
    loadHomeList('brands');
    loadHomeList('featured');
    loadHomeList('recents');
    await waitFor(() => expect(Object.values(homeLists.getState()).every((list) => list !== null)).toBe(true));
  }

  it('forgets every list when a product is uploaded', async () => {
    await loadAll();
    bus.publish('product:uploaded', { productId: 9, slug: 'new-one' });
    expect(homeLists.getState()).toEqual(EMPTY_HOME_LISTS);
  });

  it('forgets every list when a product is deleted', async () => {
    await loadAll();
    bus.publish('product:deleted', { productId: 1 });
    expect(homeLists.getState()).toEqual(EMPTY_HOME_LISTS);
  });

  it('forgets the featured and recent products, but not the brands, when a review is added', async () => {
    await loadAll();
    bus.publish('review:added', { productId: 1, stars: 5 });
    expect(homeLists.getState()).toEqual({ brands: [aBrand()], featured: null, recents: null });
  });
});
