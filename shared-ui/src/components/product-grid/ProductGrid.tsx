import { Children, type ReactNode } from 'react';
import { cx } from '../../styles/class-names.ts';
import { ProductCardSkeleton } from '../skeleton/ProductCardSkeleton.tsx';
import styles from './ProductGrid.module.css';

/** Spec section 9: recent products 2/3/4 columns, search results 2/4/5, growing with the screen. */
export type ProductGridColumns = 'recents' | 'search';

/** Spec section 9: 16 placeholders while the recent products load. */
export const RECENTS_SKELETON_COUNT = 16;

export interface ProductGridProps {
  columns: ProductGridColumns;
  /** Product cards; each becomes a list item. */
  children: ReactNode;
  /** Names the list when the surrounding heading does not. */
  label?: string;
  className?: string;
}

export function ProductGrid({ columns, children, label, className }: ProductGridProps) {
  return (
    <ul role="list" aria-label={label} className={cx(styles.grid, styles[columns], className)}>
      {Children.map(children, (child) => (
        <li className={styles.item}>{child}</li>
      ))}
    </ul>
  );
}

export interface ProductGridSkeletonProps {
  columns: ProductGridColumns;
  count?: number;
  className?: string;
}

export function ProductGridSkeleton({ columns, count = RECENTS_SKELETON_COUNT, className }: ProductGridSkeletonProps) {
  return (
    <ul role="list" aria-hidden="true" className={cx(styles.grid, styles[columns], className)}>
      {Array.from({ length: count }, (_, index) => (
        <li key={index} className={styles.item}>
          <ProductCardSkeleton />
        </li>
      ))}
    </ul>
  );
}
