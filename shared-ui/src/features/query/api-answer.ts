import type { PrefetchedAnswer } from '@linkhunt/contracts/ssr';
import { apiClient, isApiError } from '../api/api-client.ts';
import { i18n } from '../i18n/i18n.ts';
import { renderScope } from '../ssr/render-scope.ts';

/** An API answer as a read keeps it: its status (null when none came) and body. */
export type ApiAnswer = PrefetchedAnswer;

/**
 * The answer to a GET, which never rejects (but for an abort): a page decides what a 404 or a 503 shows, and on
 * the server the render waits for the answer whatever it is. On the server the render's scope fetches it, in
 * the render's language and within its time budget.
 */
export async function fetchAnswer(path: string, signal?: AbortSignal): Promise<ApiAnswer> {
  const scope = renderScope();
  if (scope) return scope.fetch(path);
  try {
    const { status, data } = await apiClient.get<unknown>(path, { signal });
    return { status, data };
  } catch (error) {
    if (!isApiError(error) || signal?.aborted) throw error;
    return { status: error.status, data: error.data };
  }
}

/** A read's key: the answer depends on the language it was asked in (names, messages). */
export function apiKey(path: string, ...rest: string[]): readonly string[] {
  return ['api', renderScope()?.language ?? i18n.language, path, ...rest];
}

/** Whether a cached read's path starts with one of `prefixes` (for invalidating by path). */
export function isApiKeyUnder(key: readonly unknown[], prefixes: readonly string[]): boolean {
  const path = key[0] === 'api' ? key[2] : undefined;
  return typeof path === 'string' && prefixes.some((prefix) => path.startsWith(prefix));
}

/** The answer a query's data holds: itself, or the first page's for a paged read. */
export function answerOf(data: unknown): ApiAnswer | undefined {
  if (data === undefined || data === null) return undefined;
  return 'pages' in (data as object) ? (data as { pages: ApiAnswer[] }).pages[0] : (data as ApiAnswer);
}

/** Whether the API answered with success (2xx): its body is then the read's. */
export function isSuccessAnswer(answer: ApiAnswer | undefined): answer is ApiAnswer & { status: number } {
  return answer !== undefined && answer.status !== null && answer.status >= 200 && answer.status < 300;
}

/** A 2xx answer's `results.data`, the shape of every read (spec section 3); undefined for any other answer. */
export function resultsOf<T>(answer: ApiAnswer | undefined): T | undefined {
  return isSuccessAnswer(answer) ? (answer.data as { results: { data: T } }).results.data : undefined;
}

/** Whether the API did not answer, or failed (5xx): the page could not be rendered with its data. */
export const isUnavailableAnswer = (answer: ApiAnswer | undefined) => answer !== undefined && (answer.status === null || answer.status >= 500);
