import type { ProductSummary } from '@linkhunt/contracts/product';
import type { Pagination } from '@linkhunt/contracts/schema-helpers';
import type { PrefetchedAnswer } from '@linkhunt/contracts/ssr';
import { apiClient, isApiError } from '../api/api-client.ts';
import { isNotFoundAnswer, isSuccessAnswer, usePrefetchedAnswer } from '../ssr/use-prefetched-answer.ts';
import { useEffect, useRef, useState } from 'react';

/** A brand or a category as its page loads it: the owner of the products, with one page of them. */
interface WithProducts {
  products?: { data: ProductSummary[] };
}

interface PageAnswer<T> {
  results: { data: T; meta?: { pagination: Pagination } };
}

interface Loaded<T> {
  owner: T;
  products: ProductSummary[];
  page: number;
  total: number;
  totalPages: number;
  loadingMore: boolean;
  moreFailed: boolean;
}

type State<T> = { url: string } & ({ phase: 'loading' } | { phase: 'notFound' } | { phase: 'error' } | ({ phase: 'ready' } & Loaded<T>));

export type ProductPages<T> =
  | { status: 'loading' }
  | { status: 'notFound' }
  | { status: 'error'; retry: () => void }
  | {
      status: 'ready';
      owner: T;
      products: ProductSummary[];
      /** How many products the owner has in all. */
      total: number;
      hasMore: boolean;
      loadingMore: boolean;
      /** The last "load more" failed; calling loadMore again retries it. */
      moreFailed: boolean;
      loadMore: () => void;
    };

export function pageUrl(url: string, page: number): string {
  // Page 1 keeps the bare URL, so it shares the API's read cache with every other caller.
  return page === 1 ? url : `${url}${url.includes('?') ? '&' : '?'}page=${page}`;
}

async function fetchPage<T extends WithProducts>(url: string, page: number, signal: AbortSignal) {
  const { data } = await apiClient.get<PageAnswer<T>>(pageUrl(url, page), { signal });
  return pageOf(data);
}

function pageOf<T extends WithProducts>(data: PageAnswer<T>) {
  const pagination = data.results.meta?.pagination;
  const products = data.results.data.products?.data ?? [];
  return { owner: data.results.data, products, total: pagination?.total ?? products.length, totalPages: pagination?.total_pages ?? 1 };
}

/** Page 1 as the server rendered it (usePrefetchedAnswer), or loading without it. */
function stateFrom<T extends WithProducts>(url: string, answer: PrefetchedAnswer | undefined): State<T> {
  if (!answer) return { url, phase: 'loading' };
  if (!isSuccessAnswer(answer)) return { url, phase: isNotFoundAnswer(answer) ? 'notFound' : 'error' };
  return { url, phase: 'ready', ...pageOf(answer.data as PageAnswer<T>), page: 1, loadingMore: false, moreFailed: false };
}

const isNotFound = (error: unknown) => isApiError(error) && error.status === 404;

/**
 * A brand's or a category's products, a page at a time (GET …?include=products&page=N), growing as the visitor
 * asks for more. A product that moved to a later page because new ones arrived is shown once.
 */
export function useProductPages<T extends WithProducts>(url: string): ProductPages<T> {
  const prefetched = usePrefetchedAnswer(url);
  const [state, setState] = useState<State<T>>(() => stateFrom<T>(url, prefetched));
  const [attempt, setAttempt] = useState(0);
  // The "load more" in flight: the button and the scroll sentinel may both ask for the same page at once.
  const moreRequest = useRef<AbortController | null>(null);
  const settled = state.url === url && state.phase !== 'loading';

  useEffect(() => {
    if (settled) return;
    const controller = new AbortController();
    fetchPage<T>(url, 1, controller.signal).then(
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
  }, [url, attempt, settled]);

  const loadMore = () => {
    if (state.phase !== 'ready' || state.url !== url || moreRequest.current || state.page >= state.totalPages) return;
    const controller = new AbortController();
    moreRequest.current = controller;
    const next = state.page + 1;
    setState({ ...state, loadingMore: true, moreFailed: false });
    fetchPage<T>(url, next, controller.signal)
      .then(
        (answer) =>
          setState((now) => {
            if (now.phase !== 'ready' || now.url !== url) return now;
            const seen = new Set(now.products.map((product) => product.id));
            const fresh = answer.products.filter((product) => !seen.has(product.id));
            return { ...now, products: [...now.products, ...fresh], page: next, total: answer.total, totalPages: answer.totalPages, loadingMore: false };
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

  if (state.url !== url || state.phase === 'loading') return { status: 'loading' };
  if (state.phase === 'notFound') return { status: 'notFound' };
  if (state.phase === 'error') return { status: 'error', retry };
  return {
    status: 'ready',
    owner: state.owner,
    products: state.products,
    total: state.total,
    hasMore: state.page < state.totalPages,
    loadingMore: state.loadingMore,
    moreFailed: state.moreFailed,
    loadMore,
  };
}
