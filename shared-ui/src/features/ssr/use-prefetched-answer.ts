import type { PrefetchedAnswer } from '@linkhunt/contracts/ssr';
import { use } from 'react';
import { hydratedAnswer } from './hydration.ts';
import { renderScope } from './render-scope.ts';

/**
 * The answer a page's first render starts from, so the browser's first render equals the server's: on the
 * server it waits for the API (the render suspends until the answer or the time budget); in the browser it is
 * the answer the server rendered with, while that page is shown. Undefined means "fetch it yourself".
 */
export function usePrefetchedAnswer(path: string | null): PrefetchedAnswer | undefined {
  if (path === null) return undefined;
  const scope = renderScope();
  // `use` may be called conditionally; the scope is there for the whole of a server render or never.
  if (scope) return use(scope.answer(path));
  return hydratedAnswer(path);
}

/** Whether the API answered with success (2xx): its body is then the read's. */
export function isSuccessAnswer(answer: PrefetchedAnswer | undefined): answer is PrefetchedAnswer & { status: number } {
  return answer !== undefined && answer.status !== null && answer.status >= 200 && answer.status < 300;
}

/** A 2xx answer's `results.data`, the shape of every read (spec section 3); undefined for any other answer. */
export function resultsOf<T>(answer: PrefetchedAnswer | undefined): T | undefined {
  return isSuccessAnswer(answer) ? (answer.data as { results: { data: T } }).results.data : undefined;
}

/** Whether the API did not answer, or failed (5xx): the page could not be rendered with its data. */
export const isUnavailableAnswer = (answer: PrefetchedAnswer | undefined) => answer !== undefined && (answer.status === null || answer.status >= 500);

export const isNotFoundAnswer = (answer: PrefetchedAnswer | undefined) => answer?.status === 404;
