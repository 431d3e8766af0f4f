import { QueryClient } from '@tanstack/react-query';
import { globalSingleton } from '../../lib/global-singleton.ts';
import { renderScope } from '../ssr/render-scope.ts';
import { answerOf, isApiKeyUnder, isUnavailableAnswer } from './api-answer.ts';

/** How long a good answer counts as fresh: a page come back to within it shows what it showed, asking nothing. */
export const FRESH_MS = 5 * 60_000;

/**
 * The site's query settings. Answers never reject (api-answer.ts), so TanStack's retries never run: a failed read
 * shows its retry button instead. A read the API could not answer (none, or a 5xx) is stale at once, so the next
 * page that needs it asks again; a 4xx is an answer like a 2xx (a page the server rendered as not found is
 * hydrated as such, without asking again).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: (query) => {
          const answer = answerOf(query.state.data);
          return answer && !isUnavailableAnswer(answer) ? FRESH_MS : 0;
        },
        retry: false,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

/**
 * The query client of this render on the server (each render has its own, in its scope), or the page's in the
 * browser: one for the whole visit, whichever copy of this module a remote bundled.
 */
export function queryClient(): QueryClient {
  const scope = renderScope();
  if (scope) return scope.queryClient;
  // A client made on the server outside a render would be shared by every request the worker renders.
  if (typeof window === 'undefined') throw new Error('queryClient: no render scope on the server');
  return globalSingleton('query-client', createQueryClient);
}

/**
 * After a write: the reads under these API paths are stale. Those on screen are asked again at once, the others
 * when next shown.
 */
export function invalidateApi(...prefixes: string[]): Promise<void> {
  return queryClient().invalidateQueries({ predicate: ({ queryKey }) => isApiKeyUnder(queryKey, prefixes) });
}
