import { apiKey, isSuccessAnswer } from '@linkhunt/shared-ui/features/query/api-answer.ts';
import { queryClient } from '@linkhunt/shared-ui/features/query/query-client.ts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { platformAnswer } from '../api/platform-api.ts';

export type PlatformRead<T> =
  | { status: 'loading' }
  | { status: 'error'; retry: () => void }
  /** `stale`: the previous address's data, shown while this one's is asked (more history, another remote). */
  | { status: 'ready'; data: T; stale: boolean };

/**
 * A read of the platform API, kept in the site's query cache under its path (so invalidateApi(PLATFORM_PREFIX)
 * asks it again after a write). The console reads in the browser only, so this is useAnswerQuery's browser half,
 * with the previous answer kept while the next is asked.
 */
export function usePlatformRead<T>(path: string): PlatformRead<T> {
  const client = queryClient();
  const queryKey = apiKey(path);
  const { data: answer, isPlaceholderData } = useQuery(
    { queryKey, queryFn: ({ signal }) => platformAnswer(path, signal), placeholderData: keepPreviousData },
    client,
  );
  if (!answer) return { status: 'loading' };
  if (!isSuccessAnswer(answer)) return { status: 'error', retry: () => void client.resetQueries({ queryKey, exact: true }) };
  return { status: 'ready', data: answer.data as T, stale: isPlaceholderData };
}
