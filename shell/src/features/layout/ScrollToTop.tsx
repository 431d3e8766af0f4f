import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** Spec section 2: every navigation starts at the top of the page. */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    // Chromium's scrollTo returns a promise; an effect must return nothing or a cleanup function.
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
