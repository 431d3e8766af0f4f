import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/** Whole minutes: two reads in one render agree, as useSyncExternalStore requires of a snapshot. */
const currentMinute = () => Math.floor(Date.now() / 60_000) * 60_000;

/**
 * The browser's clock (to the minute), for what is said relative to now ("verified 3 days ago"). Null on the
 * server and during hydration: the server's clock and time zone are not the visitor's, and a page may be
 * served from a cache long after it was rendered, so what depends on now is drawn only after hydration and
 * the first browser render still equals the server's. A page reached by navigating in the browser has it at once.
 */
export function useClientNow(): number | null {
  return useSyncExternalStore(subscribe, currentMinute, () => null);
}
