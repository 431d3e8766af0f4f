import type { Suggestion } from '@linkhunt/contracts/search';
import { resultsOf } from '@linkhunt/shared-ui/features/query/api-answer.ts';
import { apiQuery, useAnswerQuery } from '@linkhunt/shared-ui/features/query/use-answer-query.ts';
import { DEFAULT_LANGUAGE, isLanguage } from '@linkhunt/shared-ui/features/i18n/languages.ts';
import { useTranslation } from 'react-i18next';
import { isLinkQuery } from '../../../lib/link-query.ts';
import { canSuggest, suggestUrl } from '../../../lib/suggest-url.ts';
import { useSettledQuery } from './use-settled-query.ts';

const NO_SUGGESTIONS: Suggestion[] = [];

/**
 * Categories, brands and product titles completing what is typed (GET /search/suggest), debounced like the
 * results, each new query aborting the previous request. Suggestions are a shortcut, not the search: while
 * they load, or when the call fails, there are none, and the results say the rest.
 */
export function useSuggestions(query: string): Suggestion[] {
  // A link names one item: nothing completes it.
  const wanted = canSuggest(query) && !isLinkQuery(query);
  const settled = useSettledQuery(query);
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const { answer } = useAnswerQuery(apiQuery(suggestUrl(query, language)), wanted && settled);
  return (wanted && resultsOf<Suggestion[]>(answer)) || NO_SUGGESTIONS;
}
