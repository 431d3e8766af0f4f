import { cx } from '../../styles/class-names.ts';
import brand from '../brand-logo/BrandLogo.module.css';
import { Skeleton } from './Skeleton.tsx';
import styles from './Skeleton.module.css';

/** Built from BrandLogo's own classes, so it is exactly the size of the logo that replaces it. */
export function BrandLogoSkeleton() {
  return (
    <div className={cx(brand.brand, styles.cardSkeleton)} aria-hidden="true" data-skeleton="brand-logo">
      <div className={brand.mark}>
        <Skeleton radius="md" width="100%" height="100%" />
      </div>
      <div className={cx(brand.name, styles.lines)}>
        <Skeleton height="0.9em" width="60%" className={styles.centred} />
      </div>
    </div>
  );
}
