import type { PrefetchedAnswer } from '@linkhunt/contracts/ssr';
import { useCallback, useEffect, useState } from 'react';
import { isNotFoundAnswer, isSuccessAnswer, resultsOf, usePrefetchedAnswer } from '../ssr/use-prefetched-answer.ts';
import { getResults, isApiError } from './api-client.ts';

export type ApiData<T> =
  | { status: 'loading'; data: null }
  | { status: 'success'; data: T }
  | { status: 'error'; data: null; notFound: boolean; retry: () => void };

type Settled<T> = { status: 'success'; data: T } | { status: 'error'; notFound: boolean };

/** A prefetched answer as the hook's result; a 2xx answer's `results.data` is the data. */
function settledFrom<T>(answer: PrefetchedAnswer): Settled<T> {
  if (isSuccessAnswer(answer)) return { status: 'success', data: resultsOf<T>(answer) as T };
  return { status: 'error', notFound: isNotFoundAnswer(answer) };
}

/**
 * The `results.data` of a GET, reloaded when the URL changes or a failed call is retried. An answer for a
 * previous URL is dropped, so a fast navigation never shows the page it left. The first render starts from
 * the server's answer when the page was rendered there (usePrefetchedAnswer), and does not ask again.
 */
export function useApiData<T>(url: string): ApiData<T> {
  const prefetched = usePrefetchedAnswer(url);
  const [attempt, setAttempt] = useState(0);
  // One function for the hook's life: callers put it in effect dependencies.
  const retry = useCallback(() => setAttempt((value) => value + 1), []);
  const key = `${attempt}#${url}`;
  const [state, setState] = useState<{ key: string; result: Settled<T> | null }>(() => ({
    key,
    result: prefetched ? settledFrom<T>(prefetched) : null,
  }));
  const settled = state.key === key && state.result !== null;
  useEffect(() => {
    if (settled) return;
    const controller = new AbortController();
    getResults<T>(url, { signal: controller.signal }).then(
      (data) => setState({ key, result: { status: 'success', data } }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ key, result: { status: 'error', notFound: isApiError(error) && error.status === 404 } });
      },
    );
    return () => controller.abort();
  }, [key, url, settled]);
  const result = state.key === key ? state.result : null;
  if (!result) return { status: 'loading', data: null };
  if (result.status === 'success') return result;
  return { status: 'error', data: null, notFound: result.notFound, retry };
}
