import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery, useSuspenseInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { renderScope } from '../ssr/render-scope.ts';
import { type ApiAnswer, apiKey, fetchAnswer, isSuccessAnswer } from './api-answer.ts';
import { queryClient } from './query-client.ts';

/** One page of a paged answer as a list reads it: its items, what the answer carries beside them, the counts. */
export interface ListPage<Item, Extra> {
  items: Item[];
  /** What the answer carries beside its items (a brand, a listing's facets): the first page's is kept. */
  extra: Extra;
  total: number;
  totalPages: number;
}

/** Reads an API answer's body as one page. */
export type ReadPage<Item, Extra> = (body: unknown) => ListPage<Item, Extra>;

export type ApiPages<Item, Extra> =
  | { status: 'loading' }
  | { status: 'notFound'; retry: () => void }
  | { status: 'error'; retry: () => void }
  | {
      status: 'ready';
      items: Item[];
      extra: Extra;
      /** How many items the list has in all, as the last page said. */
      total: number;
      hasMore: boolean;
      loadingMore: boolean;
      /** The last "load more" failed; calling loadMore again retries it. */
      moreFailed: boolean;
      loadMore: () => void;
      /** The previous URL's list, shown while the new one's first page loads (keepPrevious only). */
      stale: boolean;
    };

export function pageUrl(url: string, page: number): string {
  // Page 1 keeps the bare URL, so it shares the API's read cache with every other caller.
  return page === 1 ? url : `${url}${url.includes('?') ? '&' : '?'}page=${page}`;
}

/** The key of a paged read of `url`: apart from a single read of the same URL, whose data has another shape. */
export const pagesKey = (url: string) => apiKey(url, 'pages');

const fetchPage = async (url: string, page: number, signal: AbortSignal): Promise<ApiAnswer> => {
  const answer = await fetchAnswer(pageUrl(url, page), signal);
  // Page 1's failure is the list's state (the page shows it); a later page's is a failed "load more".
  if (page > 1 && !isSuccessAnswer(answer)) throw new Error(`${pageUrl(url, page)} answered ${answer.status ?? 'nothing'}`);
  return answer;
};

export interface PagesOptions<Item> {
  /** While a new URL's first page loads (a filter changed), the previous list stays. */
  keepPrevious?: boolean;
  /**
   * What tells one item from another (an item shown once however pages shift): its `id` unless said. Give a
   * function that stays the same from render to render (a module's).
   */
  keyOf?: (item: Item) => unknown;
}

const idOf = (item: unknown) => (item as { id: unknown }).id;

/**
 * The one engine of every paged list (`url`, then `url?page=N`): page 1 rendered on the server and hydrated,
 * more pages as the visitor asks, everything kept in the query cache, so coming back to the list shows as
 * many items as before without asking again. An item that moved to a later page because new ones arrived is
 * shown once.
 */
export function useApiPages<Item, Extra>(url: string, read: ReadPage<Item, Extra>, { keepPrevious = false, keyOf = idOf }: PagesOptions<Item> = {}): ApiPages<Item, Extra> {
  const client = queryClient();
  const options = infiniteQueryOptions({
    queryKey: pagesKey(url),
    queryFn: ({ pageParam, signal }) => fetchPage(url, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, _all, lastPage) => (isSuccessAnswer(last) && lastPage < read(last.data).totalPages ? lastPage + 1 : undefined),
  });
  // The scope is there for the whole of a server render or never, so either branch runs on every render.
  const query = renderScope()
    ? // eslint-disable-next-line react-hooks/rules-of-hooks -- see above
      { ...useSuspenseInfiniteQuery(options, client), isPlaceholderData: false }
    : // eslint-disable-next-line react-hooks/rules-of-hooks -- see above
      useInfiniteQuery({ ...options, placeholderData: keepPrevious ? keepPreviousData : undefined }, client);
  const { data } = query;
  const pages = useMemo(() => data?.pages.filter(isSuccessAnswer).map((answer) => read(answer.data)), [data, read]);
  const items = useMemo(() => {
    const seen = new Set<unknown>();
    return (pages ?? []).flatMap((page) => page.items.filter((item) => !seen.has(keyOf(item)) && seen.add(keyOf(item))));
  }, [pages, keyOf]);

  const first = data?.pages[0];
  const retry = () => void client.resetQueries({ queryKey: options.queryKey, exact: true });
  if (!first) return { status: 'loading' };
  if (!pages?.[0]) return first.status === 404 ? { status: 'notFound', retry } : { status: 'error', retry };
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  return {
    status: 'ready',
    items,
    extra: pages[0].extra,
    total: pages.at(-1)?.total ?? items.length,
    hasMore: hasNextPage,
    loadingMore: isFetchingNextPage,
    moreFailed: isFetchNextPageError,
    loadMore: () => {
      // The button and the scroll sentinel may both ask at once: the page already asked for is not asked again.
      if (hasNextPage) void fetchNextPage({ cancelRefetch: false });
    },
    stale: query.isPlaceholderData,
  };
}
