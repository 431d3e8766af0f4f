import { useMemo } from 'react';
import { useLocation } from 'react-router';

/**
 * The page URL's query and path, from the router's location (the server render reads the same), and the address
 * of the same page with another query, for filters and paging.
 */
export function usePageSearch(): { search: URLSearchParams; pathname: string } {
  const { search, pathname } = useLocation();
  return useMemo(() => ({ search: new URLSearchParams(search), pathname }), [search, pathname]);
}
