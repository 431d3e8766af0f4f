import { useEffect, useState } from 'react';

/** Spec section 9: the search calls wait for 500 ms without typing. */
export const SEARCH_DEBOUNCE_MS = 500;

/**
 * Whether `query` has stayed as it is for SEARCH_DEBOUNCE_MS: the calls for it may go then. The first query
 * waits too, as typed.
 */
export function useSettledQuery(query: string): boolean {
  const [settled, setSettled] = useState<string | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(query), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [query]);
  return settled === query;
}
