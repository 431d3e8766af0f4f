import type { Pagination } from '@linkhunt/contracts/common';
import type { PrefetchedAnswer } from '@linkhunt/contracts/ssr';
import { apiClient } from '@linkhunt/shared-ui/features/api/api-client.ts';
import { errorMessage } from '@linkhunt/shared-ui/features/api/error-message.ts';
import { pageUrl } from '@linkhunt/shared-ui/features/paging/use-paged-products.ts';
import { isSuccessAnswer, usePrefetchedAnswer } from '@linkhunt/shared-ui/features/ssr/use-prefetched-answer.ts';
import { toast } from '@linkhunt/shared-ui/features/toasts/toast-store.ts';
import { useEffect, useRef, useState } from 'react';

/** `{ results: { data: T[], meta: { pagination } } }`: my products, my favourites, a user's received reviews. */
interface ListAnswer<T> {
  results: { data: T[]; meta?: { pagination: Pagination } };
}

interface Identified {
  id: number;
}

/** How an item leaves the list: at once, then the server is told; a failure puts it back. */
export interface Removal {
  /** The call that removes it on the server. */
  request: () => Promise<unknown>;
  /** Toasted when the call succeeds. */
  done: string;
  /** Toasted when the call fails and the server gave no message of its own (spec section 8). */
  failed: string;
  /** After the call succeeded, e.g. to tell the other remotes over the bus. */
  onDone?: () => void;
}

interface Loaded<T> {
  items: T[];
  /** How many items there are in all, as the server last said, less the ones removed since. */
  total: number;
  perPage: number;
  /** The last page asked for, and whether it brought nothing new (then the next one is asked for). */
  lastPage: number;
  stalled: boolean;
  loadingMore: boolean;
  moreFailed: boolean;
}

type State<T> = { url: string } & ({ phase: 'loading' } | { phase: 'error' } | ({ phase: 'ready' } & Loaded<T>));

export type PagedList<T> =
  | { status: 'loading' }
  | { status: 'error'; retry: () => void }
  | {
      status: 'ready';
      items: T[];
      total: number;
      hasMore: boolean;
      loadingMore: boolean;
      /** The last "load more" failed; calling loadMore again retries it. */
      moreFailed: boolean;
      loadMore: () => void;
      /** Takes the item out at once and asks the server; puts it back where it was, with an error toast, if that fails. */
      remove: (item: T, removal: Removal) => void;
    };

async function fetchPage<T>(url: string, page: number, signal: AbortSignal) {
  const { data } = await apiClient.get<ListAnswer<T>>(pageUrl(url, page), { signal });
  return { items: data.results.data, pagination: data.results.meta?.pagination };
}

function firstPage<T>(url: string, { items, pagination }: Awaited<ReturnType<typeof fetchPage<T>>>): State<T> {
  return {
    url,
    phase: 'ready',
    items,
    total: pagination?.total ?? items.length,
    perPage: Math.max(1, pagination?.per_page ?? items.length),
    lastPage: 1,
    stalled: false,
    loadingMore: false,
    moreFailed: false,
  };
}

/** Page 1 as the server rendered it (usePrefetchedAnswer), or loading without it. */
function stateFrom<T>(url: string, answer: PrefetchedAnswer | undefined): State<T> {
  if (!answer) return { url, phase: 'loading' };
  if (!isSuccessAnswer(answer)) return { url, phase: 'error' };
  const { results } = answer.data as ListAnswer<T>;
  return firstPage(url, { items: results.data, pagination: results.meta?.pagination });
}

/**
 * The first page from the server's position: items already shown count from the start, so removing items
 * (which moves later ones up a page) never skips one. Only when a page brought nothing new is the page after
 * it asked for.
 */
function nextPage(loaded: Loaded<unknown>): number {
  const fromPosition = Math.floor(loaded.items.length / loaded.perPage) + 1;
  return Math.max(fromPosition, loaded.stalled ? loaded.lastPage + 1 : 1);
}

/**
 * A list endpoint a page at a time (GET url, then url?page=N), growing with "load more", and whose items can be
 * removed optimistically. An item already shown is never shown twice.
 */
export function usePagedList<T extends Identified>(url: string): PagedList<T> {
  const prefetched = usePrefetchedAnswer(url);
  const [state, setState] = useState<State<T>>(() => stateFrom<T>(url, prefetched));
  const [attempt, setAttempt] = useState(0);
  const moreRequest = useRef<AbortController | null>(null);
  // Items removed here (or being removed): a page loaded meanwhile must not bring them back.
  const gone = useRef(new Set<number>());
  const settled = state.url === url && state.phase !== 'loading';

  useEffect(() => {
    if (settled) return;
    const controller = new AbortController();
    gone.current = new Set();
    fetchPage<T>(url, 1, controller.signal).then(
      (first) => setState(firstPage(url, first)),
      () => {
        if (!controller.signal.aborted) setState({ url, phase: 'error' });
      },
    );
    return () => {
      controller.abort();
      moreRequest.current?.abort();
      moreRequest.current = null;
    };
  }, [url, attempt, settled]);

  const loadMore = () => {
    if (state.phase !== 'ready' || state.url !== url || moreRequest.current || state.items.length >= state.total) return;
    const controller = new AbortController();
    moreRequest.current = controller;
    const page = nextPage(state);
    setState({ ...state, loadingMore: true, moreFailed: false });
    fetchPage<T>(url, page, controller.signal)
      .then(
        (answer) =>
          setState((now) => {
            if (now.phase !== 'ready' || now.url !== url) return now;
            const seen = new Set(now.items.map((item) => item.id));
            const fresh = answer.items.filter((item) => !seen.has(item.id) && !gone.current.has(item.id));
            const items = [...now.items, ...fresh];
            // An empty page: there is nothing further, whatever the count said.
            const total = answer.items.length === 0 ? items.length : Math.max(answer.pagination?.total ?? now.total, items.length);
            return { ...now, items, total, lastPage: page, stalled: fresh.length === 0, loadingMore: false };
          }),
        () => {
          if (controller.signal.aborted) return;
          setState((now) => (now.phase === 'ready' && now.url === url ? { ...now, loadingMore: false, moreFailed: true } : now));
        },
      )
      .finally(() => {
        if (moreRequest.current === controller) moreRequest.current = null;
      });
  };

  const remove = (item: T, { request, done, failed, onDone }: Removal) => {
    if (state.phase !== 'ready' || state.url !== url) return;
    const index = state.items.findIndex((current) => current.id === item.id);
    if (index < 0) return;
    const followingId = state.items[index + 1]?.id;
    const removed = gone.current;
    removed.add(item.id);
    setState((now) =>
      now.phase === 'ready' && now.url === url
        ? { ...now, items: now.items.filter((current) => current.id !== item.id), total: Math.max(0, now.total - 1) }
        : now,
    );
    request().then(
      () => {
        toast.success(done);
        onDone?.();
      },
      (error: unknown) => {
        removed.delete(item.id);
        setState((now) => {
          if (now.phase !== 'ready' || now.url !== url || now.items.some((current) => current.id === item.id)) return now;
          const before = followingId === undefined ? -1 : now.items.findIndex((current) => current.id === followingId);
          const at = before >= 0 ? before : Math.min(index, now.items.length);
          return { ...now, items: [...now.items.slice(0, at), item, ...now.items.slice(at)], total: now.total + 1 };
        });
        toast.error(errorMessage(error, failed));
      },
    );
  };

  const retry = () => {
    setState({ url, phase: 'loading' });
    setAttempt((value) => value + 1);
  };

  if (state.url !== url || state.phase === 'loading') return { status: 'loading' };
  if (state.phase === 'error') return { status: 'error', retry };
  return {
    status: 'ready',
    items: state.items,
    total: state.total,
    hasMore: state.items.length < state.total,
    loadingMore: state.loadingMore,
    moreFailed: state.moreFailed,
    loadMore,
    remove,
  };
}
