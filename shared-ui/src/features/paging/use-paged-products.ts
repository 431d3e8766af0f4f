import type { ProductSummary } from '@linkhunt/contracts/product';
import type { PrefetchedAnswer } from '@linkhunt/contracts/ssr';
import { apiClient, isApiError } from '../api/api-client.ts';
import { isNotFoundAnswer, isSuccessAnswer, usePrefetchedAnswer } from '../ssr/use-prefetched-answer.ts';
import { useEffect, useRef, useState } from 'react';

/** One page of an answer as a paged list reads it: its products, what else it carries, and how many in all. */
export interface ProductsPage<Extra> {
  products: ProductSummary[];
  /** What the answer carries beside its products (a brand, a listing's facets): the first page's. */
  extra: Extra;
  total: number;
  totalPages: number;
}

/** Reads an API answer's body as one page. A module-level function: the hook does not expect it to change. */
export type ReadPage<Extra> = (body: unknown) => ProductsPage<Extra>;

interface Loaded<Extra> extends ProductsPage<Extra> {
  page: number;
  loadingMore: boolean;
  moreFailed: boolean;
}

type State<Extra> = { url: string } & ({ phase: 'loading' } | { phase: 'notFound' } | { phase: 'error' } | ({ phase: 'ready' } & Loaded<Extra>));

/** A loaded list as the grid (PagedProducts) shows it. */
export interface LoadedPages {
  status: 'ready';
  products: ProductSummary[];
  /** How many products the list has in all. */
  total: number;
  hasMore: boolean;
  loadingMore: boolean;
  /** The last "load more" failed; calling loadMore again retries it. */
  moreFailed: boolean;
  loadMore: () => void;
  /** The list of the previous URL, shown dimmed and busy while the new one's first page loads (keepStale only). */
  stale?: boolean;
}

export type PagedProducts<Extra> =
  | { status: 'loading' }
  | { status: 'notFound'; retry: () => void }
  | { status: 'error'; retry: () => void }
  | (LoadedPages & { extra: Extra; stale: boolean });

export function pageUrl(url: string, page: number): string {
  // Page 1 keeps the bare URL, so it shares the API's read cache with every other caller.
  return page === 1 ? url : `${url}${url.includes('?') ? '&' : '?'}page=${page}`;
}

async function fetchPage<Extra>(url: string, page: number, read: ReadPage<Extra>, signal: AbortSignal) {
  const { data } = await apiClient.get<unknown>(pageUrl(url, page), { signal });
  return read(data);
}

/** Page 1 as the server rendered it (usePrefetchedAnswer), or loading without it. */
function stateFrom<Extra>(url: string, answer: PrefetchedAnswer | undefined, read: ReadPage<Extra>): State<Extra> {
  if (!answer) return { url, phase: 'loading' };
  if (!isSuccessAnswer(answer)) return { url, phase: isNotFoundAnswer(answer) ? 'notFound' : 'error' };
  return { url, phase: 'ready', ...read(answer.data), page: 1, loadingMore: false, moreFailed: false };
}

const isNotFound = (error: unknown) => isApiError(error) && error.status === 404;

interface Options {
  /**
   * While a new URL's first page loads, keep giving the previous URL's list (`stale: true`) instead of
   * `loading`: a list whose filters changed stays in place rather than flashing placeholders.
   */
  keepStale?: boolean;
}

/**
 * The products behind a paged API read (`…&page=N`), a page at a time, growing as the visitor asks for more,
 * starting from the server's answer. A product that moved to a later page because new ones arrived is shown once.
 */
export function usePagedProducts<Extra>(url: string, read: ReadPage<Extra>, { keepStale = false }: Options = {}): PagedProducts<Extra> {
  const prefetched = usePrefetchedAnswer(url);
  const [state, setState] = useState<State<Extra>>(() => stateFrom(url, prefetched, read));
  const [attempt, setAttempt] = useState(0);
  // The "load more" in flight: the button and the scroll sentinel may both ask for the same page at once.
  const moreRequest = useRef<AbortController | null>(null);
  const settled = state.url === url && state.phase !== 'loading';

  useEffect(() => {
    if (settled) return;
    const controller = new AbortController();
    fetchPage(url, 1, read, controller.signal).then(
      (first) => setState({ url, phase: 'ready', ...first, page: 1, loadingMore: false, moreFailed: false }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ url, phase: isNotFound(error) ? 'notFound' : 'error' });
      },
    );
    return () => {
      controller.abort();
      moreRequest.current?.abort();
      moreRequest.current = null;
    };
  }, [url, attempt, settled, read]);

  const loadMore = () => {
    if (state.phase !== 'ready' || state.url !== url || moreRequest.current || state.page >= state.totalPages) return;
    const controller = new AbortController();
    moreRequest.current = controller;
    const next = state.page + 1;
    setState({ ...state, loadingMore: true, moreFailed: false });
    fetchPage(url, next, read, controller.signal)
      .then(
        (answer) =>
          setState((now) => {
            if (now.phase !== 'ready' || now.url !== url) return now;
            const seen = new Set(now.products.map((product) => product.id));
            const fresh = answer.products.filter((product) => !seen.has(product.id));
            return {
              ...now,
              products: [...now.products, ...fresh],
              page: next,
              total: answer.total,
              totalPages: answer.totalPages,
              loadingMore: false,
            };
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

  const retry = () => {
    setState({ url, phase: 'loading' });
    setAttempt((value) => value + 1);
  };

  if (state.phase === 'ready' && state.url !== url && keepStale) {
    const { products, extra, total } = state;
    return { status: 'ready', extra, products, total, hasMore: false, loadingMore: false, moreFailed: false, loadMore: () => undefined, stale: true };
  }
  if (state.url !== url || state.phase === 'loading') return { status: 'loading' };
  if (state.phase === 'notFound') return { status: 'notFound', retry };
  if (state.phase === 'error') return { status: 'error', retry };
  return {
    status: 'ready',
    extra: state.extra,
    products: state.products,
    total: state.total,
    hasMore: state.page < state.totalPages,
    loadingMore: state.loadingMore,
    moreFailed: state.moreFailed,
    loadMore,
    stale: false,
  };
}
