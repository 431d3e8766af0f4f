import { type ReactNode, useCallback, useEffect, useRef } from 'react';

/*
 * `<html data-hydrated>` once the page works: the shell has hydrated (or rendered, on a page the server did not
 * render), and so has each part of it that commits later: the page under the layout's Suspense boundary, and each
 * area, with its remote's page or its fallback. An area the server rendered hydrates only once its remote's code
 * has loaded, after the shell, and React drops a click on it until then (it cannot hydrate the area to handle it):
 * a product photo's zoom, clicked in between, did nothing. End-to-end tests wait for the mark after each page load.
 * Set once, for the page load; later pages do not take it away.
 */

let shellDone = false;
/** The parts still waiting to commit, by identity. */
const waiting = new Set<object>();

function markIfDone(): void {
  if (shellDone && waiting.size === 0) document.documentElement.dataset.hydrated = 'true';
}

/**
 * A part that may commit after the component calling this: the page waits from the caller's first commit until
 * `settled` is called (by an OnCommit inside the part). Effects run children first, so a part that came in the same
 * commit never waits, and the parts inside a part have said they wait before it settles.
 */
export function useSettling(): () => void {
  const part = useRef({ settled: false });
  useEffect(() => {
    const current = part.current;
    if (!current.settled) waiting.add(current);
    // A part left before it settled waits no more; the next page's part marks the page when it settles (not
    // this cleanup, which StrictMode also runs between its two mounts).
    return () => void waiting.delete(current);
  }, []);
  return useCallback(() => {
    part.current.settled = true;
    waiting.delete(part.current);
    markIfDone();
  }, []);
}

/**
 * The shell's part, in its layout: the shell has hydrated once the layout's effects run. Returns the `settled` of the
 * page under the layout's Suspense boundary, for an OnCommit there. The page's wait is registered first (a component's
 * effects run in order), so the shell is never done before the page has said it waits.
 */
export function usePageHydratedMark(): () => void {
  const pageSettled = useSettling();
  useEffect(() => {
    shellDone = true;
    markIfDone();
  }, []);
  return pageSettled;
}

/** Runs `run` once its children have committed (inside a Suspense boundary: once the boundary's content has). */
export function OnCommit({ run, children }: { run: () => void; children: ReactNode }): ReactNode {
  useEffect(run, [run]);
  return children;
}

/** Forgets the page load (each test starts a new one). */
export function forgetHydratedMark(): void {
  shellDone = false;
  waiting.clear();
  delete document.documentElement.dataset.hydrated;
}
