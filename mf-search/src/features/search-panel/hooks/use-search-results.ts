import type { ProductSummary } from '@linkhunt/contracts/product';
import type { Pagination } from '@linkhunt/contracts/common';
import { apiClient } from '@linkhunt/shared-ui/features/api/api-client.ts';
import { EMPTY_LISTING_PARAMS, listingApiUrl } from '@linkhunt/shared-ui/features/listing/listing-params.ts';
import { useEffect, useState } from 'react';

/** Spec section 9: the search call waits for 500 ms without typing. */
export const SEARCH_DEBOUNCE_MS = 500;

export type SearchState =
  | { status: 'loading' }
  /** `total`: how many products the search found in all (the panel shows the first page of them). */
  | { status: 'done'; products: ProductSummary[]; total: number }
  /** The call failed (the API unreachable, slow or failing): not "no results", which would be untrue. */
  | { status: 'error'; retry: () => void };

type Answer = { query: string; attempt: number } & ({ products: ProductSummary[]; total: number } | { failed: true });

/** GET /products?q=: one page of products, and where it sits among all of them. */
interface SearchPage {
  results: { data: ProductSummary[]; meta?: { pagination: Pagination } };
}

export const searchUrl = (query: string) => listingApiUrl({ ...EMPTY_LISTING_PARAMS, q: query });

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
        // The search page's own listing (its first page, same URL): the panel's "See all N" is the page's N, and
        // a misspelled word finds here what the page finds.
        apiClient.get<SearchPage>(searchUrl(query), { signal: controller.signal }).then(
          ({ data: { results } }) =>
            setAnswer({ query, attempt, products: results.data, total: results.meta?.pagination.total ?? results.data.length }),
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
  if (blank) return { status: 'done', products: [], total: 0 };
  if (answer?.query !== query || answer.attempt !== attempt) return { status: 'loading' };
  if ('failed' in answer) return { status: 'error', retry: () => setRetries({ query, count: attempt + 1 }) };
  return { status: 'done', products: answer.products, total: answer.total };
}
