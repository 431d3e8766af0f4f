import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { type ListingParams, readListingParams } from './listing-params.ts';

/** The current page URL's listing parameters (readListingParams of its query), the same object until the query changes. */
export function useListingParams(): ListingParams {
  const { search } = useLocation();
  return useMemo(() => readListingParams(new URLSearchParams(search)), [search]);
}
