import type { ExchangeRates } from '@linkhunt/contracts/prices';
import { resultsOf } from '../query/api-answer.ts';
import { apiQuery, useAnswerQuery } from '../query/use-answer-query.ts';

/**
 * GET /rates, once the page has hydrated (the server renders prices as entered, so it never waits for them);
 * undefined until they come, or when the API fails, and prices then stay as entered. `enabled` false asks nothing
 * (a card without a price, a price already in the visitor's currency).
 */
export function useRates(enabled: boolean): ExchangeRates | undefined {
  const { answer } = useAnswerQuery(apiQuery('/rates'), enabled);
  return resultsOf<ExchangeRates>(answer);
}
