import type { Pagination } from '@linkhunt/contracts/common';
import { apiClient, isApiError } from '@linkhunt/shared-ui/features/api/api-client.ts';
import { useCallback, useEffect, useState } from 'react';

/** `{ results: { data, meta: { pagination } } }`: the queue, the users and the audit log. */
interface PagedAnswer<T> {
  results: { data: T[]; meta: { pagination: Pagination } };
}

export type AdminList<T> =
  | { status: 'loading' }
  /** The API refused the role (403): the role was taken away since the session was checked. */
  | { status: 'forbidden' }
  | { status: 'error'; retry: () => void }
  | {
      status: 'ready';
      items: T[];
      pagination: Pagination;
      /** Changes the items shown after an action; items taken out lower the total. */
      update: (change: (items: T[]) => T[]) => void;
    };

type Settled<T> =
  /** `changed`: items were taken out or replaced here since the answer came. */
  | { status: 'ready'; items: T[]; pagination: Pagination; changed: boolean }
  | { status: 'forbidden' }
  | { status: 'error' };

/**
 * One page of a console list, fetched in the browser: the moderator's token lives there, so the server renders
 * the console without its data (as it renders the other signed-in pages) and never asks the API for it. Refetched
 * when the URL changes; an answer for a URL the page has left is dropped. When actions empty the page while
 * others remain, the page is asked for again, so what moved up from the next page shows.
 */
export function useAdminList<T>(url: string): AdminList<T> {
  const [attempt, setAttempt] = useState(0);
  const key = `${attempt}#${url}`;
  const [state, setState] = useState<{ key: string; result: Settled<T> | null }>({ key, result: null });
  const settled = state.key === key && state.result !== null;

  useEffect(() => {
    if (settled) return;
    const controller = new AbortController();
    apiClient.get<PagedAnswer<T>>(url, { signal: controller.signal }).then(
      ({ data }) =>
        setState({ key, result: { status: 'ready', items: data.results.data, pagination: data.results.meta.pagination, changed: false } }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ key, result: { status: isApiError(error) && error.status === 403 ? 'forbidden' : 'error' } });
      },
    );
    return () => controller.abort();
  }, [key, url, settled]);

  const retry = useCallback(() => setAttempt((value) => value + 1), []);
  const update = useCallback(
    (change: (items: T[]) => T[]) =>
      setState((now) => {
        if (now.key !== key || now.result?.status !== 'ready') return now;
        const { items, pagination } = now.result;
        const next = change(items);
        const total = Math.max(0, pagination.total - Math.max(0, items.length - next.length));
        return { key, result: { status: 'ready', items: next, pagination: { ...pagination, total, count: next.length }, changed: true } };
      }),
    [key],
  );

  const result = state.key === key ? state.result : null;
  const emptiedByActions = result?.status === 'ready' && result.changed && result.items.length === 0 && result.pagination.total > 0;
  useEffect(() => {
    if (emptiedByActions) retry();
  }, [emptiedByActions, retry]);

  if (!result) return { status: 'loading' };
  if (result.status === 'ready') return { status: 'ready', items: result.items, pagination: result.pagination, update };
  if (result.status === 'forbidden') return result;
  return { status: 'error', retry };
}
