import { useEffect, useState } from 'react';
import { getResults, isApiError } from './api-client.ts';

export type ApiData<T> =
  | { status: 'loading'; data: null }
  | { status: 'success'; data: T }
  | { status: 'error'; data: null; notFound: boolean; retry: () => void };

/**
 * The `results.data` of a GET, reloaded when the URL changes or a failed call is retried. An answer for a
 * previous URL is dropped, so a fast navigation never shows the page it left.
 */
export function useApiData<T>(url: string): ApiData<T> {
  const [attempt, setAttempt] = useState(0);
  const key = `${attempt}#${url}`;
  const [state, setState] = useState<{ key: string; result: ApiData<T> }>({ key, result: { status: 'loading', data: null } });
  useEffect(() => {
    const controller = new AbortController();
    getResults<T>(url, { signal: controller.signal }).then(
      (data) => setState({ key, result: { status: 'success', data } }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const notFound = isApiError(error) && error.status === 404;
        setState({ key, result: { status: 'error', data: null, notFound, retry: () => setAttempt((value) => value + 1) } });
      },
    );
    return () => controller.abort();
  }, [key, url]);
  return state.key === key ? state.result : { status: 'loading', data: null };
}
