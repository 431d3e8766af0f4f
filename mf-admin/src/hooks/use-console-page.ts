import type { Pagination } from '@linkhunt/contracts/common';
import { type ApiAnswer, answerOf } from '@linkhunt/shared-ui/features/query/api-answer.ts';
import { invalidateApi, queryClient } from '@linkhunt/shared-ui/features/query/query-client.ts';
import { type ListPage, pagesKey, useApiPages } from '@linkhunt/shared-ui/features/query/use-api-pages.ts';
import type { InfiniteData } from '@tanstack/react-query';
import { useCallback } from 'react';

/** `{ results: { data, meta: { pagination } } }`: the queue, the users and the audit log. */
interface PagedBody<T> {
  results: { data: T[]; meta: { pagination: Pagination } };
}

export type AdminList<T> =
  | { status: 'loading' }
  /** The API refused the role (403): the role was taken away since the session was checked. */
  | { status: 'forbidden' }
  | { status: 'error'; retry: () => void }
  | {
      status: 'ready';
      items: T[];
      pagination: Pagination;
      /** Changes the items shown after an action; items taken out lower the total. */
      update: (change: (items: T[]) => T[]) => void;
    };

/**
 * A console page is one numbered page (its URL names it; the Pager links to the others), so the list engine
 * loads that page and never a next one.
 */
function consolePage<T>(body: unknown): ListPage<T, Pagination> {
  const { data, meta } = (body as PagedBody<T>).results;
  return { items: data, extra: meta.pagination, total: meta.pagination.total, totalPages: 1 };
}

/**
 * One page of a console list, on the one list engine. It is read in the browser only: the moderator's token
 * lives there, and the server renders the console without its data (AdminFrame waits for the session). When
 * actions empty the page while others remain, the page is asked for again, so what moved up from the next
 * page shows. `keyOf`: what tells the items apart, when not their `id` (see useApiPages).
 */
export function useConsolePage<T>(url: string, keyOf?: (item: T) => unknown): AdminList<T> {
  const client = queryClient();
  const list = useApiPages<T, Pagination>(url, consolePage<T>, { keyOf });
  const update = useCallback(
    (change: (items: T[]) => T[]) => {
      const key = pagesKey(url);
      const data = client.setQueryData<InfiniteData<ApiAnswer, number>>(key, (now) => {
        const body = now?.pages[0]?.data as PagedBody<T> | undefined;
        if (!now || !body) return now;
        const items = change(body.results.data);
        const { pagination } = body.results.meta;
        const total = Math.max(0, pagination.total - Math.max(0, body.results.data.length - items.length));
        const results = { data: items, meta: { pagination: { ...pagination, total, count: items.length } } };
        return { ...now, pages: [{ ...now.pages[0], data: { ...body, results } }, ...now.pages.slice(1)] } as InfiniteData<ApiAnswer, number>;
      });
      const after = (data?.pages[0]?.data as PagedBody<T> | undefined)?.results;
      if (after && after.data.length === 0 && after.meta.pagination.total > 0) void invalidateApi(url);
    },
    [client, url],
  );
  if (list.status === 'loading') return list;
  if (list.status !== 'ready') {
    return answerOf(client.getQueryData(pagesKey(url)))?.status === 403 ? { status: 'forbidden' } : { status: 'error', retry: list.retry };
  }
  return { status: 'ready', items: list.items, pagination: list.extra, update };
}
