import { EMPTY_LISTING_PARAMS, listingSearch } from '@linkhunt/shared-ui/features/listing/listing-params.ts';

/**
 * The search page's path (under the language) for a query: `/search?q=…`, the canonical listing query the page
 * and its filters write (spaces as `+`, as the header's GET form sends them), so a search reached by "See all",
 * by Enter or without JavaScript is one address and one cached answer.
 */
export const searchPagePath = (query: string) => `/search${listingSearch({ ...EMPTY_LISTING_PARAMS, q: query })}`;
