import type { Pagination } from '@linkhunt/contracts/common';
import { apiClient } from '@linkhunt/shared-ui/features/api/api-client.ts';
import { errorMessage } from '@linkhunt/shared-ui/features/api/error-message.ts';
import type { ApiAnswer } from '@linkhunt/shared-ui/features/query/api-answer.ts';
import { queryClient } from '@linkhunt/shared-ui/features/query/query-client.ts';
import { type ApiPages, type ListPage, pagesKey, useApiPages } from '@linkhunt/shared-ui/features/query/use-api-pages.ts';
import { toast } from '@linkhunt/shared-ui/features/toasts/toast-store.ts';
import type { InfiniteData } from '@tanstack/react-query';
import { useMutation } from '@tanstack/react-query';

/** `{ results: { data: T[], meta: { pagination } } }`: my products, my favourites, a user's received reviews. */
interface ListBody<T> {
  results: { data: T[]; meta?: { pagination: Pagination } };
}

interface Identified {
  id: number;
}

function listPage<T>(body: unknown): ListPage<T, null> {
  const { data, meta } = (body as ListBody<T>).results;
  return { items: data, extra: null, total: meta?.pagination.total ?? data.length, totalPages: meta?.pagination.total_pages ?? 1 };
}

/** A list endpoint a page at a time (GET url, then url?page=N), growing with "load more". */
export const useAccountPages = <T extends Identified>(url: string): ApiPages<T, null> => useApiPages<T, null>(url, listPage<T>);

/** How an item leaves the list: at once, then the server is told; a failure puts it back. */
export interface Removal {
  /** The API path it is deleted at. */
  path: string;
  /** Toasted when the call succeeds. */
  done: string;
  /** Toasted when the call fails and the server gave no message of its own (spec section 8). */
  failed: string;
  /** After the call succeeded: tell the other remotes over the bus, mark the other reads it changed. */
  onDone?: () => void;
}

type Pages = InfiniteData<ApiAnswer, number>;

/** Each loaded page's items changed by `change` (given the page's index), its total moved by `delta`. */
function editPages<T>(data: Pages | undefined, change: (items: T[], page: number) => T[], delta: number): Pages | undefined {
  if (!data) return data;
  const pages = data.pages.map((answer, page) => {
    const body = answer.data as ListBody<T> | null;
    if (!body?.results) return answer;
    const { meta } = body.results;
    const pagination = meta && { ...meta.pagination, total: Math.max(0, meta.pagination.total + delta) };
    return { ...answer, data: { ...body, results: { ...body.results, data: change(body.results.data, page), meta: pagination && { ...meta, pagination } } } };
  });
  return { ...data, pages };
}

/** Where an item was: its page, its index there, and the item after it (which it goes back before). */
interface Place {
  page: number;
  index: number;
  followingId: number | undefined;
}

function placeOf(data: Pages | undefined, id: number): Place | undefined {
  const lists = (data?.pages ?? []).map((answer) => (answer.data as ListBody<Identified> | null)?.results?.data ?? []);
  const all = lists.flat();
  const at = all.findIndex((item) => item.id === id);
  const page = lists.findIndex((items) => items.some((item) => item.id === id));
  if (at < 0) return undefined;
  return { page, index: lists[page]?.findIndex((item) => item.id === id) ?? 0, followingId: all[at + 1]?.id };
}

/**
 * Removal from the list at `url`: the item leaves the cached pages at once and the server is asked; a failure
 * puts it back where it was (before the item that followed it, if still there) with an error toast. Once no
 * removal is under way the list is asked again, so that the items which moved up a page on the server are
 * shown and "load more" skips none.
 */
export function useRemoval<T extends Identified>(url: string): (item: T, removal: Removal) => void {
  const client = queryClient();
  const queryKey = pagesKey(url);
  const mutationKey = ['remove', ...queryKey];
  const { mutate } = useMutation(
    {
      mutationKey,
      mutationFn: ({ removal }: { item: T; removal: Removal }) => apiClient.delete(removal.path),
      onMutate: async ({ item }) => {
        const place = placeOf(client.getQueryData<Pages>(queryKey), item.id);
        // A page under way would bring the item back.
        await client.cancelQueries({ queryKey });
        client.setQueryData<Pages>(queryKey, (data) => editPages<T>(data, (items) => items.filter((current) => current.id !== item.id), place ? -1 : 0));
        return place;
      },
      onSuccess: (_answer, { removal }) => {
        toast.success(removal.done);
        removal.onDone?.();
      },
      onError: (error, { item, removal }, place) => {
        toast.error(errorMessage(error, removal.failed));
        if (!place) return;
        client.setQueryData<Pages>(queryKey, (data) => {
          if (placeOf(data, item.id)) return data;
          const before = placeOf(data, place.followingId ?? Number.NaN);
          const target = before ?? place;
          return editPages<T>(data, (items, page) => (page === target.page ? [...items.slice(0, target.index), item, ...items.slice(target.index)] : items), 1);
        });
      },
      onSettled: () => {
        // This removal still counts itself: 1 means no other is under way, whose item the answer would bring back.
        if (client.isMutating({ mutationKey }) === 1) void client.invalidateQueries({ queryKey });
      },
    },
    client,
  );
  return (item, removal) => mutate({ item, removal });
}
