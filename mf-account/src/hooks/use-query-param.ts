import { useMemo } from 'react';
import { useLocation } from 'react-router';

/**
 * One parameter of the page URL's query (`?token=…`), null when absent. From the router's location, so the server
 * render reads the same value as the browser.
 */
export function useQueryParam(name: string): string | null {
  const { search } = useLocation();
  return useMemo(() => new URLSearchParams(search).get(name), [search, name]);
}
