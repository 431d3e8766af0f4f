import type { Brand } from '@linkhunt/contracts/brand';
import { VARIOUS_BRAND_SLUG } from '@linkhunt/contracts/limits';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A brand's name as the page's language shows it. Brands are proper names and stay as they are, except the
 * catalogue's own "Various" (products without a brand), which `ui` translates under `brand.various`.
 */
export function useBrandName(): (brand: Pick<Brand, 'slug' | 'name'>) => string {
  const { t } = useTranslation('ui');
  return useCallback(
    (brand: Pick<Brand, 'slug' | 'name'>) => (brand.slug === VARIOUS_BRAND_SLUG ? t('brand.various') : brand.name),
    [t],
  );
}
