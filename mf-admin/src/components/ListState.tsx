import { LoadFailed } from '@linkhunt/shared-ui/components/page-state/LoadFailed.tsx';
import { Spinner } from '@linkhunt/shared-ui/components/spinner/Spinner.tsx';
import type { ReactNode } from 'react';
import { Forbidden } from './AdminFrame.tsx';
import type { AdminList } from '../hooks/use-console-page.ts';
import styles from './ListState.module.css';

interface Props<T> {
  list: AdminList<T>;
  /** What is loading, for screen readers. */
  loading: string;
  children: (list: Extract<AdminList<T>, { status: 'ready' }>) => ReactNode;
}

/** A console list's states: loading, refused (the role is gone), failed with Retry, or the list itself. */
export function ListState<T>({ list, loading, children }: Props<T>) {
  switch (list.status) {
    case 'loading':
      return (
        <div className={styles.loading}>
          <Spinner label={loading} />
        </div>
      );
    case 'forbidden':
      return <Forbidden />;
    case 'error':
      return <LoadFailed onRetry={list.retry} />;
    case 'ready':
      return children(list);
  }
}
