import type { EnabledAgent } from '@linkhunt/contracts/agents';
import { resultsOf } from '../query/api-answer.ts';
import { apiQuery, useAnswerQuery } from '../query/use-answer-query.ts';
import { useHydrated } from '../ssr/use-hydrated.ts';

/**
 * GET /agents: the agents the site offers, in its order; undefined until they come (or when the API fails). Asked
 * in the browser only, once hydrated: a choice cannot be made before then, and a page the server renders does
 * not wait for, nor fail on, a list nobody has opened yet.
 */
export function useOfferedAgents(): EnabledAgent[] | undefined {
  const hydrated = useHydrated();
  const { answer } = useAnswerQuery(apiQuery('/agents'), hydrated);
  return resultsOf<EnabledAgent[]>(answer);
}
