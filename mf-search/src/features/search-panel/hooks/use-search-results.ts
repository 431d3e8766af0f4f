import type { ProductSummary } from '@linkhunt/contracts/product';
import { getResults } from '@linkhunt/shared-ui/features/api/api-client.ts';
import { useEffect, useState } from 'react';

/** Spec section 9: the search call waits for 500 ms without typing. */
export const SEARCH_DEBOUNCE_MS = 500;

export type SearchState = { status: 'loading' } | { status: 'done'; products: ProductSummary[] };

/**
 * Debounced search. Each new query aborts the previous request, so an older answer never replaces a newer
 * one; a failed call shows no results (spec section 8).
 */
export function useSearchResults(query: string): SearchState {
  const [state, setState] = useState<{ query: string; products: ProductSummary[] } | null>(null);
  const blank = query.trim() === '';
  useEffect(() => {
    if (blank) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      getResults<ProductSummary[]>(`/products/search/${encodeURIComponent(query)}`, { signal: controller.signal }).then(
        (products) => setState({ query, products }),
        () => {
          if (!controller.signal.aborted) setState({ query, products: [] });
        },
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, blank]);
  if (blank) return { status: 'done', products: [] };
  return state?.query === query ? { status: 'done', products: state.products } : { status: 'loading' };
}
