import type { UserWithProducts } from '@linkhunt/contracts/with-products';
import { EmptyState } from '@linkhunt/shared-ui/components/empty-state/EmptyState.tsx';
import { PageLoadFailed } from '@linkhunt/shared-ui/components/page-state/PageLoadFailed.tsx';
import { PageNotFound } from '@linkhunt/shared-ui/components/page-state/PageNotFound.tsx';
import { PagedProducts } from '@linkhunt/shared-ui/components/paged-products/PagedProducts.tsx';
import { Seo } from '@linkhunt/shared-ui/components/seo/Seo.tsx';
import { Skeleton } from '@linkhunt/shared-ui/components/skeleton/Skeleton.tsx';
import { useProductPages } from '@linkhunt/shared-ui/features/paging/use-product-pages.ts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { NAMESPACE } from '../../../register-locales.ts';
import { useShareVisit } from '../../../hooks/use-share-visit.ts';
import { ReceivedReviews } from './ReceivedReviews.tsx';
import styles from './UserPage.module.css';
import { UserProfile } from './UserProfile.tsx';

/** Spec section 2: a public user page with their products, the reviews of them and their points. */
export default function UserPage() {
  const { t } = useTranslation(NAMESPACE);
  const { username = '' } = useParams();
  const productsId = useId();
  const reviewsId = useId();
  useShareVisit(username);
  const pages = useProductPages<UserWithProducts>(`/users/username/${encodeURIComponent(username)}?include=products`);
  if (pages.status === 'notFound') return <PageNotFound title={t('user.notFound')} />;
  if (pages.status === 'error') return <PageLoadFailed onRetry={pages.retry} />;
  const user = pages.status === 'ready' ? pages.owner : null;
  return (
    <div className="container">
      {user && <Seo title={user.name} description={user.biography || t('user.description', { name: user.name })} />}
      {user ? (
        <UserProfile user={user} />
      ) : (
        <div className={styles.profileSkeleton} aria-hidden="true" data-skeleton="user-profile">
          <Skeleton radius="round" width={96} height={96} />
          <Skeleton height="1.5em" width="40%" />
        </div>
      )}
      <section aria-labelledby={productsId} className={styles.section}>
        <h2 id={productsId} className={styles.heading}>
          {t('user.products')}
        </h2>
        <PagedProducts pages={pages} empty={<EmptyState title={t('user.noProducts')} headingLevel={3} />} />
      </section>
      <section aria-labelledby={reviewsId} className={styles.section}>
        <h2 id={reviewsId} className={styles.heading}>
          {t('user.reviews')}
        </h2>
        <ReceivedReviews username={username} />
      </section>
    </div>
  );
}
