import { Spinner } from '@linkhunt/shared-ui/components/spinner/Spinner.tsx';
import type { HTMLAttributes } from 'react';
import styles from './PageSpinner.module.css';

/** A spinner holding the place of what is loading: a page fills the main area, a panel stays small. */
export function PageSpinner({ variant = 'page', ...rest }: { variant?: 'page' | 'panel' } & HTMLAttributes<HTMLDivElement>) {
  return (
    <div className={styles[variant]} {...rest}>
      <Spinner />
    </div>
  );
}
