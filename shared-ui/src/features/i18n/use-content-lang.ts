import { contentLangProps } from '@linkhunt/contracts/content-language';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * User text (a product's title and description, a review, a biography) is in the language its writer used, which
 * may not be the page's: `contentLang(language)` gives the props (`lang`) that tell screen readers and search
 * engines so, to spread on the element that holds the text. Nothing when the text is in the page's language.
 */
export function useContentLang(): (language: string | undefined) => { lang?: string } {
  const { i18n } = useTranslation();
  const pageLanguage = i18n.language;
  return useCallback((language: string | undefined) => contentLangProps(language, pageLanguage), [pageLanguage]);
}
