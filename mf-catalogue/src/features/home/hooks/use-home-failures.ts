import { useAnswerQuery } from '@linkhunt/shared-ui/features/query/use-answer-query.ts';
import { brandsQuery, categoriesQuery, failed, featuredQuery, recentsQuery, usersQuery } from '../api/home-queries.ts';

/**
 * Whether a block's read failed, and one retry for every failed read: each block keeps its skeletons (spec
 * section 8) and the page says once, above them all, that something could not be loaded. The same reads as the
 * blocks', so nothing is asked twice; a page the server rendered without an answer says so from its first render.
 */
export function useHomeFailures(): { failed: boolean; retryAll: () => void } {
  const reads = [
    useAnswerQuery(brandsQuery()),
    useAnswerQuery(featuredQuery()),
    useAnswerQuery(recentsQuery()),
    useAnswerQuery(usersQuery()),
    useAnswerQuery(categoriesQuery()),
  ].filter(({ answer }) => failed(answer));
  return {
    failed: reads.length > 0,
    retryAll: () => {
      for (const { retry } of reads) retry();
    },
  };
}
