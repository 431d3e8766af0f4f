import { type ApiAnswer } from '../features/query/api-answer.ts';
import { queryClient } from '../features/query/query-client.ts';
import { apiQuery } from '../features/query/use-answer-query.ts';
import { pagesKey } from '../features/query/use-api-pages.ts';
import type { Reply } from './fake-api.ts';

const answer = ({ status = 200, data = null }: Reply): ApiAnswer => ({ status, data });

/** Puts a read in the cache as the server's page hands it over (hydrate), before the first render. */
export function seedAnswer(path: string, reply: Reply): void {
  queryClient().setQueryData(apiQuery(path).queryKey, answer(reply));
}

/** Puts the first page of a paged read in the cache, as the server's page hands it over. */
export function seedPages(url: string, reply: Reply): void {
  queryClient().setQueryData(pagesKey(url), { pages: [answer(reply)], pageParams: [1] });
}
