import { ListingFilters } from '@linkhunt/shared-ui/components/listing-filters/ListingFilters.tsx';
import { activeFilterCount, listingApiUrl, type ListingScope } from '@linkhunt/shared-ui/features/listing/listing-params.ts';
import { useListingParams } from '@linkhunt/shared-ui/features/listing/use-listing-params.ts';
import { type ListingPages, useListingPages } from '@linkhunt/shared-ui/features/listing/use-listing-pages.ts';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../register-locales.ts';
import { ProductsSection } from './ProductsSection.tsx';

/** The listing of a category or brand page, as the URL's filters and sort ask (GET /products). */
export function useFilteredProducts(scope: ListingScope) {
  const params = useListingParams();
  const pages = useListingPages(listingApiUrl(params, scope));
  return { params, pages };
}

interface Props {
  scope: 'category' | 'brand';
  filtered: ReturnType<typeof useFilteredProducts>;
  heading: string;
  /** What shows when the page has no products at all (no filter chosen). */
  emptyTitle: string;
}

/** The filters and sort above the page's growing grid. */
export function FilteredProducts({ scope, filtered: { params, pages }, heading, emptyTitle }: Props) {
  const { t } = useTranslation(NAMESPACE);
  const ready = pages.status === 'ready' ? pages : null;
  return (
    <>
      <ListingFilters scope={scope} params={params} facets={ready?.facets ?? null} total={ready?.total ?? null} />
      <ProductsSection
        heading={heading}
        pages={listOf(pages)}
        emptyTitle={activeFilterCount(params) > 0 ? t('filters.noMatches') : emptyTitle}
      />
    </>
  );
}

function listOf(pages: ListingPages) {
  return pages.status === 'ready' ? pages : { status: 'loading' as const };
}
