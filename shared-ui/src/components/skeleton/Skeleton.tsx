import { cx } from '../../styles/class-names.ts';
import styles from './Skeleton.module.css';

export type SkeletonRadius = 'none' | 'sm' | 'md' | 'lg' | 'pill' | 'round';

export interface SkeletonProps {
  /** A number is pixels; any CSS length otherwise. Defaults to the full width. */
  width?: number | string;
  /** Defaults to one line of the surrounding text. */
  height?: number | string;
  radius?: SkeletonRadius;
  className?: string;
}

/** A placeholder block. Hidden from assistive technology: the surrounding region says it is loading. */
export function Skeleton({ width, height, radius = 'sm', className }: SkeletonProps) {
  return <span aria-hidden="true" className={cx(styles.skeleton, styles[radius], className)} style={{ width, height }} />;
}
