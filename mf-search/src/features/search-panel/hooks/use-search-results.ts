import type { ProductSummary } from '@linkhunt/contracts/product';
import type { Pagination } from '@linkhunt/contracts/common';
import { isSuccessAnswer } from '@linkhunt/shared-ui/features/query/api-answer.ts';
import { apiQuery, useAnswerQuery } from '@linkhunt/shared-ui/features/query/use-answer-query.ts';
import { EMPTY_LISTING_PARAMS, listingApiUrl } from '@linkhunt/shared-ui/features/listing/listing-params.ts';
import { useSettledQuery } from './use-settled-query.ts';

export type SearchState =
  | { status: 'loading' }
  /** `total`: how many products the search found in all (the panel shows the first page of them). */
  | { status: 'done'; products: ProductSummary[]; total: number }
  /** The call failed (the API unreachable, slow or failing): not "no results", which would be untrue. */
  | { status: 'error'; retry: () => void };

/** GET /products?q=: one page of products, and where it sits among all of them. */
interface SearchPage {
  results: { data: ProductSummary[]; meta?: { pagination: Pagination } };
}

// The search page's own listing (its first page, same URL): the panel's "See all N" is the page's N, and a
// misspelled word or a pasted agent link finds here what the page finds.
export const searchUrl = (query: string) => listingApiUrl({ ...EMPTY_LISTING_PARAMS, q: query });

/**
 * Debounced search. Each new query leaves the previous one's read, which aborts its request, so an older
 * answer never replaces a newer one. A retry asks again at once: the visitor has stopped typing.
 */
export function useSearchResults(query: string): SearchState {
  const blank = query.trim() === '';
  const settled = useSettledQuery(query);
  const { answer, retry } = useAnswerQuery(apiQuery(searchUrl(query)), settled && !blank);
  if (blank) return { status: 'done', products: [], total: 0 };
  if (!answer) return { status: 'loading' };
  if (!isSuccessAnswer(answer)) return { status: 'error', retry };
  const { results } = answer.data as SearchPage;
  return { status: 'done', products: results.data, total: results.meta?.pagination.total ?? results.data.length };
}
