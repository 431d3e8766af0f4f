import type { ListingFacets, ListingResponse, ListingUnderstood } from '@linkhunt/contracts/listing';
import type { ProductSummary } from '@linkhunt/contracts/product';
import type { Reply } from './fake-api.ts';

/** Counts with nothing to offer: platforms always list the three stores (ListingFacets). */
export const NO_FACETS: ListingFacets = {
  brand: [],
  category: [],
  platform: [
    { key: 'hacoo', count: 0 },
    { key: 'dhgate', count: 0 },
    { key: 'cnfans', count: 0 },
  ],
  color: [],
};

export interface ListingPage {
  /** This page's number, from 1. */
  page: number;
  totalPages: number;
  /** How many products pass the filters in all. */
  total: number;
  facets?: ListingFacets;
  perPage?: number;
  corrected?: string | null;
  understood?: ListingUnderstood | null;
}

/** One page of GET /products as the API answers it. */
export function listingReply(
  products: ProductSummary[],
  { page, totalPages, total, facets = NO_FACETS, perPage = 2, corrected = null, understood = null }: ListingPage,
): Reply {
  const body: ListingResponse = {
    results: {
      data: products,
      meta: {
        pagination: { total, count: products.length, per_page: perPage, current_page: page, total_pages: totalPages },
        facets,
        corrected_query: corrected,
        understood,
      },
    },
  };
  return { data: body };
}
