import type { Suggestion } from '@linkhunt/contracts/search';
import { getResults } from '@linkhunt/shared-ui/features/api/api-client.ts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, isLanguage } from '@linkhunt/shared-ui/features/i18n/languages.ts';
import { canSuggest, suggestUrl } from '../../../lib/suggest-url.ts';
import { SEARCH_DEBOUNCE_MS } from './use-search-results.ts';

const NO_SUGGESTIONS: Suggestion[] = [];

/**
 * Categories, brands and product titles completing what is typed (GET /search/suggest), debounced like the
 * results, each new query aborting the previous request. Suggestions are a shortcut, not the search: while
 * they load, or when the call fails, there are none, and the results say the rest.
 */
export function useSuggestions(query: string): Suggestion[] {
  const [answer, setAnswer] = useState<{ query: string; suggestions: Suggestion[] } | null>(null);
  const wanted = canSuggest(query);
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  useEffect(() => {
    if (!wanted) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      getResults<Suggestion[]>(suggestUrl(query, language), { signal: controller.signal }).then(
        (suggestions) => setAnswer({ query, suggestions }),
        () => {
          if (!controller.signal.aborted) setAnswer({ query, suggestions: NO_SUGGESTIONS });
        },
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, wanted, language]);
  return wanted && answer?.query === query ? answer.suggestions : NO_SUGGESTIONS;
}
