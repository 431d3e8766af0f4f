import { EmptyState } from '@linkhunt/shared-ui/components/empty-state/EmptyState.tsx';
import { PageLoadFailed } from '@linkhunt/shared-ui/components/page-state/PageLoadFailed.tsx';
import { PagedProducts } from '@linkhunt/shared-ui/components/paged-products/PagedProducts.tsx';
import { Seo } from '@linkhunt/shared-ui/components/seo/Seo.tsx';
import { EMPTY_LISTING_PARAMS, listingApiUrl } from '@linkhunt/shared-ui/features/listing/listing-params.ts';
import { useListingPages } from '@linkhunt/shared-ui/features/listing/use-listing-pages.ts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../register-locales.ts';
import styles from './SearchPage.module.css';

/**
 * The search page for a pasted link (an agent's or a marketplace's): the products listing the item it names,
 * whichever agent the link was of (GET /products?q=, the panel's own read). No filters: they would narrow one
 * item's few products to nothing.
 */
export function LinkResults({ link }: { link: string }) {
  const { t } = useTranslation(NAMESPACE);
  const pages = useListingPages(listingApiUrl({ ...EMPTY_LISTING_PARAMS, q: link }));
  const productsHeadingId = useId();
  const head = (
    <>
      <Seo title={t('page.linkTitle')} description={t('page.linkMetaDescription')} />
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
  return (
    <div className="container">
      {head}
      <header className={styles.header}>
        <h1 className={styles.title}>{t('page.linkTitle')}</h1>
        <p className={styles.link}>{link}</p>
      </header>
      <section aria-labelledby={productsHeadingId} className={styles.results}>
        <h2 id={productsHeadingId} className="visually-hidden">
          {t('page.productsHeading')}
        </h2>
        <PagedProducts
          pages={pages}
          empty={
            <EmptyState headingLevel={3} title={t('page.linkNone')}>
              {t('page.linkNoneHint')}
            </EmptyState>
          }
        />
      </section>
    </div>
  );
}
