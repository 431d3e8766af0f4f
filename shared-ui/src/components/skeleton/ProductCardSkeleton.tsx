import { cx } from '../../styles/class-names.ts';
import card from '../product-card/ProductCard.module.css';
import { Skeleton } from './Skeleton.tsx';
import styles from './Skeleton.module.css';

/** Built from ProductCard's own classes, so it is exactly the size of the card that replaces it. */
export function ProductCardSkeleton() {
  return (
    <div className={cx(card.card, styles.cardSkeleton)} aria-hidden="true" data-skeleton="product-card">
      <div className={card.link}>
        <div className={card.media}>
          <Skeleton radius="none" height="100%" />
        </div>
        <div className={card.body}>
          <div className={cx(card.title, styles.lines)}>
            <Skeleton height="0.9em" width="92%" />
            <Skeleton height="0.9em" width="64%" />
          </div>
          <div className={cx(card.brand, styles.lines)}>
            <Skeleton height="0.9em" width="40%" />
          </div>
          <div className={card.rating}>
            <Skeleton height="0.875rem" width="6.5rem" />
          </div>
          <div className={card.cta}>
            <Skeleton height="0.75rem" width="45%" radius="pill" />
          </div>
        </div>
      </div>
    </div>
  );
}
