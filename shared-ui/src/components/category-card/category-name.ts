import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Categories arrive with their Spanish name (spec section 3); `ui` translates it under `category.<name>`.
 * An unknown category shows its name as is rather than a raw key.
 */
export function useCategoryName(): (name: string) => string {
  const { t } = useTranslation('ui');
  return useCallback((name: string) => t(`category.${name}`, { defaultValue: name }), [t]);
}
