import type { ReceivedValoration } from '@linkhunt/contracts/with-products';
import { Button } from '@linkhunt/shared-ui/components/button/Button.tsx';
import { Skeleton } from '@linkhunt/shared-ui/components/skeleton/Skeleton.tsx';
import { StarRating } from '@linkhunt/shared-ui/components/star-rating/StarRating.tsx';
import { imageUrl } from '@linkhunt/shared-ui/features/config/site-config.ts';
import { useLangPath } from '@linkhunt/shared-ui/features/i18n/use-lang-path.ts';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NAMESPACE } from '../../../register-locales.ts';
import { usePagedList } from '../../product-list/hooks/use-paged-list.ts';
import { formatDate } from '@linkhunt/shared-ui/features/i18n/format-date.ts';
import styles from './ReceivedReviews.module.css';

export const REVIEW_THUMBNAIL_SIZE = 56;
const SKELETONS = 3;

/**
 * The reviews of a user's products, newest first, a page at a time (GET /users/username/{username}/valorations).
 * A failed call shows the empty message: the reviews are a part of the page, not the page.
 */
export function ReceivedReviews({ username }: { username: string }) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const langPath = useLangPath();
  const list = usePagedList<ReceivedValoration>(`/users/username/${encodeURIComponent(username)}/valorations`);
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
  if (list.status === 'error' || list.items.length === 0) return <p className={styles.none}>{t('user.noReviews')}</p>;

  const loadMore = () => {
    focusFrom.current = list.items.length;
    list.loadMore();
  };

  return (
    <>
      <ul role="list" className={styles.list} ref={listRef}>
        {list.items.map((review) => (
          <li key={review.id} className={styles.review}>
            <div className={styles.head}>
              <Link to={langPath(`/user/${encodeURIComponent(review.user.username)}`)} className={styles.author}>
                {review.user.name}
              </Link>
              <time dateTime={review.created_at} className={styles.date}>
                {formatDate(review.created_at, i18n.language, 'medium')}
              </time>
            </div>
            <StarRating rating={{ average: review.stars, count: 1 }} single />
            {review.review && <p className={styles.text}>{review.review}</p>}
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
              <span>{review.product.title}</span>
            </Link>
          </li>
        ))}
      </ul>
      <div className={styles.footer}>
        <p className={styles.count} role="status">
          {t('user.reviewsShowing', { count: list.items.length, total: list.total })}
        </p>
        {list.moreFailed && (
          <p className={styles.failed} role="alert">
            {t('user.reviewsMoreFailed')}
          </p>
        )}
        {list.hasMore && (
          <Button variant="secondary" loading={list.loadingMore} onClick={loadMore}>
            {t('user.reviewsLoadMore')}
          </Button>
        )}
      </div>
    </>
  );
}
