import { cx } from '../../styles/class-names.ts';
import card from '../category-card/CategoryCard.module.css';
import { CATEGORY_MOSAIC_SIZE } from '../category-card/CategoryCard.tsx';
import { Skeleton } from './Skeleton.tsx';
import styles from './Skeleton.module.css';

/** Built from CategoryCard's own classes, so it is exactly the size of the card that replaces it. */
export function CategoryCardSkeleton() {
  return (
    <div className={cx(card.card, styles.cardSkeleton)} aria-hidden="true" data-skeleton="category-card">
      <div className={card.mosaic}>
        {Array.from({ length: CATEGORY_MOSAIC_SIZE }, (_, index) => (
          <span key={index} className={card.tile}>
            <Skeleton radius="none" width="100%" height="100%" />
          </span>
        ))}
      </div>
      <div className={cx(card.title, styles.lines)}>
        <Skeleton height="0.9em" width="50%" />
      </div>
    </div>
  );
}
