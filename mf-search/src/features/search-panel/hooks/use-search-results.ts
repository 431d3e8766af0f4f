import type { ProductSummary } from '@linkhunt/contracts/product';
import { getResults } from '@linkhunt/shared-ui/features/api/api-client.ts';
import { useEffect, useState } from 'react';

/** Spec section 9: the search call waits for 500 ms without typing. */
export const SEARCH_DEBOUNCE_MS = 500;

export type SearchState =
  | { status: 'loading' }
  | { status: 'done'; products: ProductSummary[] }
  /** The call failed (the API unreachable, slow or failing): not "no results", which would be untrue. */
  | { status: 'error'; retry: () => void };

type Answer = { query: string; attempt: number } & ({ products: ProductSummary[] } | { failed: true });

/**
 * Debounced search. Each new query aborts the previous request, so an older answer never replaces a newer
 * one. A retry asks again at once: the visitor has stopped typing.
 */
export function useSearchResults(query: string): SearchState {
  const [answer, setAnswer] = useState<Answer | null>(null);
  // Retries count per query: a new query starts again from its debounce.
  const [retries, setRetries] = useState({ query, count: 0 });
  const attempt = retries.query === query ? retries.count : 0;
  const blank = query.trim() === '';
  useEffect(() => {
    if (blank) return;
    const controller = new AbortController();
    const timer = setTimeout(
      () => {
        getResults<ProductSummary[]>(`/products/search/${encodeURIComponent(query)}`, { signal: controller.signal }).then(
          (products) => setAnswer({ query, attempt, products }),
          () => {
            if (!controller.signal.aborted) setAnswer({ query, attempt, failed: true });
          },
        );
      },
      attempt === 0 ? SEARCH_DEBOUNCE_MS : 0,
    );
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, blank, attempt]);
  if (blank) return { status: 'done', products: [] };
  if (answer?.query !== query || answer.attempt !== attempt) return { status: 'loading' };
  if ('failed' in answer) return { status: 'error', retry: () => setRetries({ query, count: attempt + 1 }) };
  return { status: 'done', products: answer.products };
}
