import { useSyncExternalStore } from 'react';

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (notify) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', notify);
      return () => list.removeEventListener('change', notify);
    },
    () => window.matchMedia(query).matches,
    // The server cannot know the screen: its page (and so hydration) is the phone's, then the browser's query applies.
    () => false,
  );
}

/** Spec section 9: desktop from 768 px. */
export const DESKTOP_QUERY = '(min-width: 768px)';
