import { queryClient } from '@linkhunt/shared-ui/features/query/query-client.ts';
import { apiQuery } from '@linkhunt/shared-ui/features/query/use-answer-query.ts';
import { sessionStore } from '@linkhunt/shared-ui/features/session/session-store.ts';
import { toastStore } from '@linkhunt/shared-ui/features/toasts/toast-store.ts';
import { type fakeApi, type Reply, restoreApi } from '@linkhunt/shared-ui/test/fake-api.ts';
import { seedAnswer } from '@linkhunt/shared-ui/test/seed-cache.ts';

/** Test support only: never imported by the screens. */

interface Page {
  page: number;
  totalPages: number;
  /** How many items there are in all. */
  total: number;
  perPage?: number;
}

/** One page of a list endpoint (/auth/products, /auth/favs, …/valorations): `{ results: { data, meta: { pagination } } }`. */
export function listPage(items: unknown[], { page, totalPages, total, perPage = 2 }: Page): Reply {
  return {
    data: {
      results: {
        data: items,
        meta: { pagination: { total, count: items.length, per_page: perPage, current_page: page, total_pages: totalPages } },
      },
    },
  };
}

/** The toasts shown so far, as the user reads them. */
export const toasts = () => toastStore.getState().toasts.map(({ kind, message }) => ({ kind, message }));

/** An afterEach of the account screens' tests: the real API transport, no session, no toasts, no token. */
export function resetAccountState(): void {
  restoreApi();
  sessionStore.setState({ status: 'pending', user: null });
  toastStore.setState({ toasts: [] });
  localStorage.clear();
}

type SeenRequest = ReturnType<typeof fakeApi>['requests'][number];

/** A request the fake API saw, as "METHOD url". */
export const describeRequest = (request: SeenRequest) => `${request.method?.toUpperCase()} ${request.url}`;

/** Puts each read in the cache, as pages visited earlier left them; returns those a write has not marked out of date since. */
export function seedReads(paths: string[]): () => string[] {
  for (const path of paths) seedAnswer(path, { data: { results: { data: {} } } });
  return () => paths.filter((path) => !queryClient().getQueryState(apiQuery(path).queryKey)?.isInvalidated);
}
