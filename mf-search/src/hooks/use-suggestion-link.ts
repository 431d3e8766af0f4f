import type { Suggestion } from '@linkhunt/contracts/search';
import { useCategoryName } from '@linkhunt/shared-ui/components/category-card/category-name.ts';
import { useBrandName } from '@linkhunt/shared-ui/features/brands/brand-name.ts';
import { useLangPath } from '@linkhunt/shared-ui/features/i18n/use-lang-path.ts';
import { useCallback } from 'react';
import { searchPagePath } from '../lib/search-page-path.ts';

/** Where each kind of suggestion leads (spec section 2's pages); a colour has no page of its own, so a search for it. */
const PAGE_OF: Record<Exclude<Suggestion['type'], 'colour'>, string> = { category: '/cat', brand: '/brand', product: '/product' };

export interface SuggestionLink {
  /** The page under the active language. */
  to: string;
  /** The name as this language shows it. */
  label: string;
}

/**
 * A suggestion as a link: its page, and its name in the page's language (categories and colours arrive named in
 * the language the call asked for; the "Various" brand is translated, as everywhere else on the site).
 */
export function useSuggestionLink(): (suggestion: Suggestion) => SuggestionLink {
  const langPath = useLangPath();
  const categoryName = useCategoryName();
  const brandName = useBrandName();
  return useCallback(
    ({ type, label, slug }: Suggestion) => ({
      to: langPath(type === 'colour' ? searchPagePath(label) : `${PAGE_OF[type]}/${encodeURIComponent(slug)}`),
      label: type === 'category' ? categoryName(label) : type === 'brand' ? brandName({ slug, name: label }) : label,
    }),
    [langPath, categoryName, brandName],
  );
}
