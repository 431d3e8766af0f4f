import { useEffect, useState } from 'react';
import { getResults, isApiError } from './api-client.ts';

export type ApiData<T> =
  | { status: 'loading'; data: null }
  | { status: 'success'; data: T }
  | { status: 'error'; data: null; notFound: boolean };

/**
 * The `results.data` of a GET, reloaded when the URL changes. An answer for a previous URL is dropped,
 * so a fast navigation never shows the page it left.
 */
export function useApiData<T>(url: string): ApiData<T> {
  const [state, setState] = useState<{ url: string; result: ApiData<T> }>({ url, result: { status: 'loading', data: null } });
  useEffect(() => {
    const controller = new AbortController();
    getResults<T>(url, { signal: controller.signal }).then(
      (data) => setState({ url, result: { status: 'success', data } }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const notFound = isApiError(error) && error.status === 404;
        setState({ url, result: { status: 'error', data: null, notFound } });
      },
    );
    return () => controller.abort();
  }, [url]);
  return state.url === url ? state.result : { status: 'loading', data: null };
}
