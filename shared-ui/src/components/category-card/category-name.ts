import { categoryNameIn } from '@linkhunt/contracts/category-names';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Categories arrive with their Spanish name (spec section 3), shown in the page's language by the catalogue's
 * own table (contracts/category-names, which the API's search reads too). An unknown category shows its name.
 */
export function useCategoryName(): (name: string) => string {
  const { i18n } = useTranslation('ui');
  const language = i18n.language;
  return useCallback((name: string) => categoryNameIn(name, language), [language]);
}
