import type { Rating } from '@linkhunt/contracts/product';
import { useTranslation } from 'react-i18next';
import { cx } from '../../styles/class-names.ts';
import { StarIcon } from './star-icon.tsx';
import styles from './StarRating.module.css';

export const MAX_STARS = 5;

/**
 * Spec: the average is rounded UP, so 4.1 shows 5/5. It is rounded to 6 decimals first so that float noise
 * such as 4.000000000001 does not add a whole star.
 */
export function starsOf(average: number): number {
  if (!Number.isFinite(average) || average <= 0) return 0;
  return Math.min(MAX_STARS, Math.ceil(Math.round(average * 1e6) / 1e6));
}

export interface StarRatingProps {
  rating: Rating;
  size?: 'sm' | 'md';
  /** One review's stars: no count, and read as "4/5". */
  single?: boolean;
  className?: string;
}

export function StarRating({ rating, size = 'sm', single = false, className }: StarRatingProps) {
  const { t } = useTranslation('ui');
  // Five grey stars and "0/5" would read as a score of zero: an unrated product says so in words instead.
  if (!single && rating.count <= 0) {
    return <p className={cx(styles.rating, styles.unrated, styles[size], className)}>{t('rating.none')}</p>;
  }
  const stars = starsOf(rating.average);
  const label = single ? t('rating.outOf', { stars }) : t('rating.label', { stars, count: rating.count });
  return (
    <div role="img" aria-label={label} className={cx(styles.rating, styles[size], className)}>
      <span className={styles.stars}>
        {Array.from({ length: MAX_STARS }, (_, index) => (
          <StarIcon key={index} className={cx(styles.star, index < stars && styles.filled)} />
        ))}
      </span>
      {/* role="img" makes these presentational: the label above is what assistive technology reads. */}
      <span className={styles.value}>{t('rating.outOf', { stars })}</span>
      {!single && <span className={styles.count}>{t('rating.count', { count: rating.count })}</span>}
    </div>
  );
}
