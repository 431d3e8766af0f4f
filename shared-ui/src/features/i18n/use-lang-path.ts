import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, isLanguage } from './languages.ts';

/** Builds in-site links under the active language: `langPath('/product/x')` is `/es/product/x`. */
export function useLangPath(): (path: string) => string {
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  return useCallback((path: string) => `/${language}${path.startsWith('/') ? path : `/${path}`}`, [language]);
}
