import { isSuccessAnswer } from '../query/api-answer.ts';
import { apiQuery, useAnswerQuery } from '../query/use-answer-query.ts';

export type ApiData<T> =
  | { status: 'loading'; data: null }
  | { status: 'success'; data: T }
  | { status: 'error'; data: null; notFound: boolean; retry: () => void };

/**
 * The `results.data` of a GET (spec section 3), as a page shows it: loading, the data, or a failure to retry
 * (notFound for a 404). Rendered on the server with the answer; in the browser from the cache, else fetched.
 */
export function useApiData<T>(url: string): ApiData<T> {
  const { answer, retry } = useAnswerQuery(apiQuery(url));
  if (!answer) return { status: 'loading', data: null };
  if (isSuccessAnswer(answer)) return { status: 'success', data: (answer.data as { results: { data: T } }).results.data };
  return { status: 'error', data: null, notFound: answer.status === 404, retry };
}
