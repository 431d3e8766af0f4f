import type { Brand } from '@linkhunt/contracts/brand';
import type { ProductSummary } from '@linkhunt/contracts/product';
import { getResults } from '@linkhunt/shared-ui/features/api/api-client.ts';
import { bus } from '@linkhunt/shared-ui/features/bus/event-bus.ts';
import { hydrationState } from '@linkhunt/shared-ui/features/ssr/hydration.ts';
import { renderSeed } from '@linkhunt/shared-ui/features/ssr/render-seed.ts';
import { resultsOf, usePrefetchedAnswer } from '@linkhunt/shared-ui/features/ssr/use-prefetched-answer.ts';
import { useEffect } from 'react';
import { createStore, useStore } from 'zustand';
import { reportHomeFailure } from './home-failures.ts';

/** The home lists kept for the whole visit (spec section 4): null until loaded, and after a failed call. */
export interface HomeLists {
  brands: Brand[] | null;
  featured: ProductSummary[] | null;
  recents: ProductSummary[] | null;
}
export type HomeListName = keyof HomeLists;

export const EMPTY_HOME_LISTS: HomeLists = { brands: null, featured: null, recents: null };

/** Fisher–Yates: featured products come in a new order on every load (spec section 4). */
export function shuffled<T>(items: readonly T[], random: () => number = Math.random): T[] {
  const out = [...items];
  for (let index = out.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1));
    [out[index], out[other]] = [out[other] as T, out[index] as T];
  }
  return out;
}

/** `random` draws the featured order: the page view's seeded one for a list the server rendered. */
const SOURCES: { [K in HomeListName]: { url: string; keep: (data: NonNullable<HomeLists[K]>, random?: () => number) => NonNullable<HomeLists[K]> } } = {
  // Spec section 1: only brands that have at least one product.
  brands: { url: '/brands', keep: (brands) => brands.filter((brand) => brand.num_products > 0) },
  featured: { url: '/products/featured', keep: (products, random) => shuffled(products, random) },
  recents: { url: '/products/recents', keep: (products) => products },
};

export const homeLists = createStore<HomeLists>(() => EMPTY_HOME_LISTS);
/** The request in flight for each list; forgetting a list drops its request, whose answer is then ignored. */
const inFlight = new Map<HomeListName, symbol>();

/** Fetches a list only while it is still empty, so coming back home shows it at once. */
export function loadHomeList<K extends HomeListName>(name: K): void {
  if (homeLists.getState()[name] !== null || inFlight.has(name)) return;
  const request = Symbol(name);
  inFlight.set(name, request);
  const source = SOURCES[name];
  reportHomeFailure(name, null);
  getResults<NonNullable<HomeLists[K]>>(source.url)
    .then(
      (data) => {
        if (inFlight.get(name) === request) homeLists.setState({ [name]: source.keep(data) } as Pick<HomeLists, K>);
      },
      // Spec section 8: a failed list stays empty and its skeletons stay; the page offers to ask again, and so
      // does the next visit.
      () => {
        if (inFlight.get(name) === request) reportHomeFailure(name, () => loadHomeList(name));
      },
    )
    .finally(() => {
      if (inFlight.get(name) === request) inFlight.delete(name);
    });
}

/**
 * Starts all three lists as soon as the home page's code has loaded, while its words load and it renders:
 * the first product image waits on the featured list, so every step it does not wait behind counts.
 */
export function preloadHomeLists(): void {
  // On the server, and on a page the server rendered, the lists come with the render.
  if (typeof window === 'undefined' || hydrationState()) return;
  for (const name of Object.keys(SOURCES) as HomeListName[]) loadHomeList(name);
}

/**
 * A list as the server rendered it: featured in the order drawn with the page view's seed, so the browser's
 * first render shows the server's order. Null when the server had no answer for it.
 */
function useServerList<K extends HomeListName>(name: K): HomeLists[K] {
  const source = SOURCES[name];
  const data = resultsOf<NonNullable<HomeLists[K]>>(usePrefetchedAnswer(source.url));
  const seed = renderSeed();
  return data === undefined ? null : source.keep(data, seed === undefined ? undefined : seededRandom(seed));
}

export function useHomeList<K extends HomeListName>(name: K): HomeLists[K] {
  const stored = useStore(homeLists, (lists) => lists[name]);
  const fromServer = useServerList(name);
  const list = stored ?? fromServer;
  // Also when a list is forgotten while the home page is open. The server's list is kept for the visit.
  useEffect(() => {
    if (list === null) loadHomeList(name);
    else if (stored === null) homeLists.setState({ [name]: list } as Pick<HomeLists, K>);
  }, [name, list, stored]);
  return list;
}

/** mulberry32: a small seeded generator, so server and browser draw the same featured order. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// What the visitor uploads, edits, deletes or rates changes these lists, so they are loaded again. A list still
// loading was wanted by an open home page: it is asked for afresh at once.
const forget = (names: HomeListName[]) => () => {
  const reload = names.filter((name) => inFlight.delete(name));
  homeLists.setState(Object.fromEntries(names.map((name) => [name, null])));
  for (const name of reload) loadHomeList(name);
};
bus.subscribe('product:uploaded', forget(['brands', 'featured', 'recents']));
bus.subscribe('product:deleted', forget(['brands', 'featured', 'recents']));
bus.subscribe('review:added', forget(['featured', 'recents']));
