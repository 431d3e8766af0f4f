/**
 * How GET /products orders its list. `relevance` needs `q` (without one it is `new`). The price sorts compare
 * prices at the current rates and list products without a price last.
 */
export const LISTING_SORTS = ['relevance', 'new', 'popular', 'rating', 'price_asc', 'price_desc'] as const;
export type ListingSort = (typeof LISTING_SORTS)[number];

/** More values of one filter than any filter form offers; bounds the size of the query a request can build. */
export const MAX_FILTER_VALUES = 20;

export type { KeyedFacetValue, ListingFacets, ListingQuery, ListingResponse, ListingUnderstood, NamedFacetValue } from './schemas/listing.js';
