import type { ReceivedValoration } from '@linkhunt/contracts/with-products';
import { Skeleton } from '@linkhunt/shared-ui/components/skeleton/Skeleton.tsx';
import { LoadMoreFooter } from '@linkhunt/shared-ui/components/load-more/LoadMoreFooter.tsx';
import { ReviewCard } from '@linkhunt/shared-ui/components/review-card/ReviewCard.tsx';
import { imageUrl } from '@linkhunt/shared-ui/features/config/site-config.ts';
import { useContentLang } from '@linkhunt/shared-ui/features/i18n/use-content-lang.ts';
import { useLangPath } from '@linkhunt/shared-ui/features/i18n/use-lang-path.ts';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NAMESPACE } from '../../../register-locales.ts';
import { useAccountPages } from '../../../hooks/use-account-pages.ts';
import styles from './ReceivedReviews.module.css';

export const REVIEW_THUMBNAIL_SIZE = 56;
const SKELETONS = 3;

/**
 * The reviews of a user's products, newest first, a page at a time (GET /users/username/{username}/valorations).
 * A failed call shows the empty message: the reviews are a part of the page, not the page.
 */
export function ReceivedReviews({ username }: { username: string }) {
  const { t } = useTranslation(NAMESPACE);
  const langPath = useLangPath();
  const contentLang = useContentLang();
  const list = useAccountPages<ReceivedValoration>(`/users/username/${encodeURIComponent(username)}/valorations`);
  const listRef = useRef<HTMLUListElement>(null);
  const focusFrom = useRef<number | null>(null);
  const count = list.status === 'ready' ? list.items.length : 0;

  // "Load more" moves the focus to the first new review, where the keyboard left off.
  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || count <= from) return;
    focusFrom.current = null;
    listRef.current?.querySelectorAll('li')[from]?.querySelector('a')?.focus();
  }, [count]);

  if (list.status === 'loading') {
    return (
      <div className={styles.list} aria-hidden="true" data-skeleton="reviews">
        {Array.from({ length: SKELETONS }, (_, index) => (
          <Skeleton key={index} height="6rem" radius="lg" />
        ))}
      </div>
    );
  }
  if (list.status !== 'ready' || list.items.length === 0) return <p className={styles.none}>{t('user.noReviews')}</p>;

  const loadMore = () => {
    focusFrom.current = list.items.length;
    list.loadMore();
  };

  return (
    <>
      <ul role="list" className={styles.list} ref={listRef}>
        {list.items.map((review) => (
          <li key={review.id}>
            <ReviewCard valoration={review}>
              <Link to={langPath(`/product/${encodeURIComponent(review.product.slug)}`)} className={styles.product}>
                <img
                  className={styles.thumbnail}
                  src={imageUrl(review.product.thumbnail)}
                  alt=""
                  width={REVIEW_THUMBNAIL_SIZE}
                  height={REVIEW_THUMBNAIL_SIZE}
                  loading="lazy"
                  decoding="async"
                />
                <span {...contentLang(review.product.language)}>{review.product.title}</span>
              </Link>
            </ReviewCard>
          </li>
        ))}
      </ul>
      <LoadMoreFooter
        status={t('user.reviewsShowing', { count: list.items.length, total: list.total })}
        hasMore={list.hasMore}
        loading={list.loadingMore}
        failed={list.moreFailed}
        onLoadMore={loadMore}
        label={t('user.reviewsLoadMore')}
        failedMessage={t('user.reviewsMoreFailed')}
      />
    </>
  );
}
