import type { Pagination } from '@linkhunt/contracts/common';
import { type ApiAnswer, answerOf } from '@linkhunt/shared-ui/features/query/api-answer.ts';
import { queryClient } from '@linkhunt/shared-ui/features/query/query-client.ts';
import { type ListPage, pagesKey, useApiPages } from '@linkhunt/shared-ui/features/query/use-api-pages.ts';
import type { InfiniteData } from '@tanstack/react-query';
import { useRef } from 'react';

/** `{ results: { data, meta: { pagination } } }`: the queue, the users and the audit log. */
interface PagedBody<T> {
  results: { data: T[]; meta: { pagination: Pagination } };
}

/** Shows `next` in place of `item` (found by its key), or takes it out when the page no longer keeps it. */
export type Put<T> = (item: T, next: T) => void;

export type AdminList<T> =
  | { status: 'loading' }
  /** The API refused the role (403): the role was taken away since the session was checked. */
  | { status: 'forbidden' }
  | { status: 'error'; retry: () => void }
  | { status: 'ready'; items: T[]; pagination: Pagination; put: Put<T> };

/**
 * A console page is one numbered page (its URL names it; the Pager links to the others), so the list engine
 * loads that page and never a next one.
 */
function consolePage<T>(body: unknown): ListPage<T, Pagination> {
  const { data, meta } = (body as PagedBody<T>).results;
  return { items: data, extra: meta.pagination, total: meta.pagination.total, totalPages: 1 };
}

const idOf = (item: unknown) => (item as { id: unknown }).id;

interface PageOptions<T> {
  /** What tells the items apart, when not their `id` (see useApiPages). */
  keyOf?: (item: T) => unknown;
  /** Which items the page lists (the queue: those still to decide); an item `put` makes otherwise leaves it. */
  keeps?: (item: T) => boolean;
}

/**
 * One page of a console list, on the one list engine. It is read in the browser only: the moderator's token
 * lives there, and the server renders the console without its data (AdminFrame waits for the session).
 */
export function useConsolePage<T>(url: string, { keyOf = idOf, keeps = () => true }: PageOptions<T> = {}): AdminList<T> {
  const list = useApiPages<T, Pagination>(url, consolePage<T>, { keyOf });
  // Where the items taken out stood, so that one whose write failed goes back there.
  const places = useRef(new Map<unknown, number>()).current;
  if (list.status === 'loading') return list;
  if (list.status !== 'ready') {
    return answerOf(queryClient().getQueryData(pagesKey(url)))?.status === 403 ? { status: 'forbidden' } : { status: 'error', retry: list.retry };
  }
  const put: Put<T> = (item, next) =>
    queryClient().setQueryData<InfiniteData<ApiAnswer, number>>(pagesKey(url), (data) => {
      const first = data?.pages[0];
      const body = first?.data as PagedBody<T> | undefined;
      if (!data || !first || !body) return data;
      const { data: before, meta } = body.results;
      const key = keyOf(item);
      const at = before.findIndex((each) => keyOf(each) === key);
      if (at >= 0) places.set(key, at);
      const rest = before.filter((_, index) => index !== at);
      const place = places.get(key) ?? rest.length;
      const items = keeps(next) ? [...rest.slice(0, place), next, ...rest.slice(place)] : rest;
      const pagination = { ...meta.pagination, total: Math.max(0, meta.pagination.total + items.length - before.length), count: items.length };
      return { ...data, pages: [{ ...first, data: { ...body, results: { data: items, meta: { ...meta, pagination } } } }] };
    });
  return { status: 'ready', items: list.items, pagination: list.extra, put };
}
