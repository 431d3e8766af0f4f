import { ListingFilters } from '@linkhunt/shared-ui/components/listing-filters/ListingFilters.tsx';
import { PageLoadFailed } from '@linkhunt/shared-ui/components/page-state/PageLoadFailed.tsx';
import { PagedProducts } from '@linkhunt/shared-ui/components/paged-products/PagedProducts.tsx';
import { Seo } from '@linkhunt/shared-ui/components/seo/Seo.tsx';
import { type ListingParams, listingApiUrl } from '@linkhunt/shared-ui/features/listing/listing-params.ts';
import { useListingPages } from '@linkhunt/shared-ui/features/listing/use-listing-pages.ts';
import { useId } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../register-locales.ts';
import { NoResults } from './NoResults.tsx';
import { UnderstoodQuery } from './UnderstoodQuery.tsx';
import styles from './SearchPage.module.css';

/** The results of a search (GET /products with the page's query and filters), growing a page at a time. */
export function SearchResults({ params }: { params: ListingParams }) {
  const { t } = useTranslation(NAMESPACE);
  const pages = useListingPages(listingApiUrl(params));
  const productsHeadingId = useId();
  const title = t('page.title', { query: params.q });
  const head = (
    <>
      <Seo title={title} description={t('page.metaDescription', { query: params.q })} />
      <meta name="robots" content="noindex" />
    </>
  );
  if (pages.status === 'error') {
    return (
      <>
        {head}
        <PageLoadFailed onRetry={pages.retry} />
      </>
    );
  }
  const ready = pages.status === 'ready' ? pages : null;
  return (
    <div className="container">
      {head}
      <header className={styles.header}>
        <h1 className={styles.title}>{title}</h1>
        {/* In place from the first render, so the correction of each new search is announced. The count is the
            filters' own status, under the title. */}
        <div role="status">
          {ready?.correctedQuery && (
            <p className={styles.corrected}>
              <Trans t={t} i18nKey="page.corrected" values={{ query: ready.correctedQuery }} components={{ b: <b /> }} />
            </p>
          )}
          {ready?.understood && <UnderstoodQuery understood={ready.understood} params={params} />}
        </div>
      </header>
      <ListingFilters scope="search" params={params} facets={ready?.facets ?? null} total={ready?.total ?? null} />
      <section aria-labelledby={productsHeadingId} className={styles.results}>
        <h2 id={productsHeadingId} className="visually-hidden">
          {t('page.productsHeading')}
        </h2>
        <PagedProducts pages={pages} empty={<NoResults params={params} />} />
      </section>
    </div>
  );
}
