import { useHydrated } from '@linkhunt/shared-ui/features/ssr/use-hydrated.ts';
import { isUnavailableAnswer, usePrefetchedAnswer } from '@linkhunt/shared-ui/features/ssr/use-prefetched-answer.ts';
import { useEffect } from 'react';
import { createStore, useStore } from 'zustand';

type Retry = () => void;

/**
 * The home blocks whose call failed, each with its way to ask again. Each block keeps its skeletons (spec
 * section 8) and the page says once, above them all, that something could not be loaded.
 */
const failures = createStore<Readonly<Record<string, Retry>>>(() => ({}));

/** `retry` when the block's call failed, null when it is loading or loaded. */
export function reportHomeFailure(block: string, retry: Retry | null): void {
  const rest = Object.fromEntries(Object.entries(failures.getState()).filter(([name]) => name !== block));
  failures.setState(retry ? { ...rest, [block]: retry } : rest, true);
}

/** A block's report for as long as it is on the page. */
export function useHomeFailure(block: string, retry: Retry | null): void {
  useEffect(() => {
    reportHomeFailure(block, retry);
    return () => reportHomeFailure(block, null);
  }, [block, retry]);
}

/** Whether any block failed, and one retry for all of them. */
export function useHomeFailures(): { failed: boolean; retryAll: () => void } {
  const current = useStore(failures);
  const failedOnServer = useFailedOnServer();
  // Until the blocks have reported (their effects run after hydration), the server's answers tell.
  const hydrated = useHydrated();
  return {
    failed: Object.keys(current).length > 0 || (!hydrated && failedOnServer),
    retryAll: () => {
      for (const retry of Object.values(failures.getState())) retry();
    },
  };
}

/** Whether the server rendered the home page without one of its blocks' answers (the API down or failing). */
function useFailedOnServer(): boolean {
  return [
    usePrefetchedAnswer('/brands'),
    usePrefetchedAnswer('/products/featured'),
    usePrefetchedAnswer('/products/recents'),
    usePrefetchedAnswer('/categories/featured'),
    usePrefetchedAnswer('/users/top'),
  ].some(isUnavailableAnswer);
}

/** Forgets every report (tests start clean). */
export function clearHomeFailures(): void {
  failures.setState({}, true);
}
