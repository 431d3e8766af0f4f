import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * Spec section 2: every navigation starts at the top of the page. Not the first page: the browser placed it
 * (a reload keeps its place), and a visitor may have scrolled the server's page before it hydrated.
 */
export function ScrollToTop() {
  const { pathname } = useLocation();
  const shown = useRef<string | null>(null);
  useEffect(() => {
    const first = shown.current === null;
    shown.current = pathname;
    // Chromium's scrollTo returns a promise; an effect must return nothing or a cleanup function.
    if (!first) window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
