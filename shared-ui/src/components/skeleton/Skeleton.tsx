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

/**
 * A placeholder block. Hidden from assistive technology: the surrounding region says it is loading. An empty
 * SVG, so its size is a pair of attributes rather than a style attribute, which a server-rendered page's
 * Content-Security-Policy would refuse; without them, the stylesheet sizes it.
 */
export function Skeleton({ width, height, radius = 'sm', className }: SkeletonProps) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      className={cx(styles.skeleton, styles[radius], className)}
      width={width === undefined ? undefined : String(width)}
      height={height === undefined ? undefined : String(height)}
    />
  );
}
