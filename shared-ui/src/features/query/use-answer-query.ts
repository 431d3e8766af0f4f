import { type QueryKey, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { renderScope } from '../ssr/render-scope.ts';
import { type ApiAnswer, apiKey, fetchAnswer } from './api-answer.ts';
import { queryClient } from './query-client.ts';

/** A read whose data is one API answer; `queryFn` may shape the answer (the home page's shuffled featured list). */
export interface AnswerQuery {
  queryKey: QueryKey;
  queryFn: (context: { signal: AbortSignal }) => Promise<ApiAnswer>;
}

/** The plain GET of `path`. */
export const apiQuery = (path: string): AnswerQuery => ({ queryKey: apiKey(path), queryFn: ({ signal }) => fetchAnswer(path, signal) });

export interface AnswerResult {
  /** Undefined while the first answer is awaited (in the browser only), or when the read is off. */
  answer: ApiAnswer | undefined;
  /** Asks again, showing the read as loading meanwhile (a failed page's "try again"). */
  retry: () => void;
}

/**
 * An API answer for a page. On the server the render waits for it (it suspends until the answer, or until the
 * budget runs out); in the browser it comes from the cache, which starts with the answers the server rendered
 * with, so the first render equals the server's and asks nothing. `enabled: false` reads nothing.
 */
export function useAnswerQuery(query: AnswerQuery, enabled = true): AnswerResult {
  const client = queryClient();
  // The scope is there for the whole of a server render or never, so either branch runs on every render.
  if (renderScope()) {
    if (!enabled) return { answer: undefined, retry: () => undefined };
    // eslint-disable-next-line react-hooks/rules-of-hooks -- see above
    return { answer: useSuspenseQuery(query, client).data, retry: () => undefined };
  }
  // eslint-disable-next-line react-hooks/rules-of-hooks -- see above
  const { data } = useQuery({ ...query, enabled }, client);
  return { answer: data, retry: () => void client.resetQueries({ queryKey: query.queryKey, exact: true }) };
}
