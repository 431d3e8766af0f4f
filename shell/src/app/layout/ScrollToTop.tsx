import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** Where the visitor had scrolled each entry of the visit's history (by location.key), for Back and Forward. */
const positions = new Map<string, number>();

/**
 * Spec section 2: every navigation to another page starts at the top of it. Back and Forward (a POP) put the
 * page where the visitor left it instead: the page renders from the query cache, as tall as it was, before
 * this runs. Not the first page: the browser placed it (a reload keeps its place), and a visitor may have
 * scrolled the server's page before it hydrated. Our own rather than react-router's ScrollRestoration, which
 * resets the scroll on every change of the query too (a filter ticked).
 */
export function ScrollToTop() {
  const { pathname, key } = useLocation();
  const navigationType = useNavigationType();
  const shown = useRef<string | null>(null);
  const current = useRef(key);

  // Kept as the visitor scrolls, so the position is the one they left, whatever the next page does to it.
  useEffect(() => {
    const save = () => positions.set(current.current, window.scrollY);
    window.addEventListener('scroll', save, { passive: true });
    return () => window.removeEventListener('scroll', save);
  }, []);

  // Before paint, so neither the top nor the restored place flashes the other.
  useLayoutEffect(() => {
    current.current = key;
    const first = shown.current === null;
    const samePage = shown.current === pathname;
    shown.current = pathname;
    if (first) return;
    const saved = navigationType === 'POP' ? positions.get(key) : undefined;
    // Chromium's scrollTo returns a promise; an effect must return nothing or a cleanup function.
    if (saved !== undefined) window.scrollTo(0, saved);
    else if (!samePage) window.scrollTo(0, 0);
  }, [pathname, key, navigationType]);
  return null;
}
