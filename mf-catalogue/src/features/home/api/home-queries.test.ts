import { bus } from '@linkhunt/shared-ui/features/bus/event-bus.ts';
import { setSiteConfig } from '@linkhunt/shared-ui/features/config/site-config.ts';
import { queryClient } from '@linkhunt/shared-ui/features/query/query-client.ts';
import { fakeApi, restoreApi, results } from '@linkhunt/shared-ui/test/fake-api.ts';
import { aBrand, aProduct } from '@linkhunt/shared-ui/test/fixtures.ts';
import { TEST_API_URL } from '@linkhunt/shared-ui/test/render.tsx';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { brandsQuery, featuredQuery, homeQueries, recentsQuery, shuffled } from './home-queries.ts';

const tote = aProduct({ id: 1, slug: 'tote', title: 'Tote bag' });
const clutch = aProduct({ id: 2, slug: 'clutch', title: 'Clutch' });
const beanie = aProduct({ id: 3, slug: 'beanie', title: 'Beanie' });

beforeEach(() => setSiteConfig({ apiUrl: TEST_API_URL }));
afterEach(() => {
  restoreApi();
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

describe('the home queries', () => {
  const signal = new AbortController().signal;
  const slugs = (answer: { data: unknown }) => (answer.data as { results: { data: { slug: string }[] } }).results.data.map(({ slug }) => slug);

  it('shuffle the featured products in the answer they keep, and keep the recents in the order given', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    fakeApi(() => results([tote, clutch, beanie]));
    expect(slugs(await featuredQuery().queryFn({ signal }))).toEqual(['clutch', 'beanie', 'tote']);
    expect(slugs(await recentsQuery().queryFn({ signal }))).toEqual(['tote', 'clutch', 'beanie']);
  });

  it('keep only the brands that have products', async () => {
    fakeApi(() => results([aBrand({ id: 1, slug: 'nike', num_products: 2 }), aBrand({ id: 2, slug: 'zara', num_products: 0 })]));
    expect(slugs(await brandsQuery().queryFn({ signal }))).toEqual(['nike']);
  });

  it('keep a failed answer as it came', async () => {
    fakeApi(() => ({ status: 500, data: { message: 'Server Error' } }));
    expect(await featuredQuery().queryFn({ signal })).toEqual({ status: 500, data: { message: 'Server Error' } });
  });
});

describe('the bus', () => {
  /** Which home reads are stale once every one is in the cache and `publish` has run. */
  function staleAfter(publish: () => void) {
    for (const query of homeQueries()) queryClient().setQueryData(query.queryKey, results([]));
    publish();
    return homeQueries()
      .filter((query) => queryClient().getQueryState(query.queryKey)?.isInvalidated)
      .map((query) => query.queryKey[2]);
  }

  it('makes the brands, featured and recent products stale when a product is uploaded or deleted', () => {
    const changed = ['/brands', '/products/featured', '/products/recents'];
    expect(staleAfter(() => bus.publish('product:uploaded', { productId: 9, slug: 'new-one' }))).toEqual(changed);
    queryClient().clear();
    expect(staleAfter(() => bus.publish('product:deleted', { productId: 1 }))).toEqual(changed);
  });

  it('makes the featured and recent products, but not the brands, stale when a review is added', () => {
    expect(staleAfter(() => bus.publish('review:added', { productId: 1, stars: 5 }))).toEqual(['/products/featured', '/products/recents']);
  });
});
