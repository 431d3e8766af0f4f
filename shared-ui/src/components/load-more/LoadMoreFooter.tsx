import type { ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../button/Button.tsx';
import styles from './LoadMoreFooter.module.css';

interface Props {
  /** What is shown so far, e.g. "Showing 20 of 57 products": a status screen readers hear as it changes. */
  status: string;
  hasMore: boolean;
  loading: boolean;
  /** The last page could not be loaded: said as an alert, and the button retries. */
  failed: boolean;
  onLoadMore: () => void;
  /** Defaults to "Load more" and its failure message. */
  label?: string;
  failedMessage?: string;
  buttonRef?: Ref<HTMLButtonElement>;
  /** After the button, e.g. an infinite-scroll sentinel. */
  children?: ReactNode;
}

/** The end of a list that grows a page at a time: how much is shown, a failure, and the way to more. */
export function LoadMoreFooter({ status, hasMore, loading, failed, onLoadMore, label, failedMessage, buttonRef, children }: Props) {
  const { t } = useTranslation('ui');
  return (
    <div className={styles.footer}>
      <p className={styles.count} role="status">
        {status}
      </p>
      {failed && (
        <p className={styles.failed} role="alert">
          {failedMessage ?? t('paged.moreFailed')}
        </p>
      )}
      {hasMore && (
        <Button ref={buttonRef} variant="secondary" loading={loading} onClick={onLoadMore}>
          {label ?? t('paged.loadMore')}
        </Button>
      )}
      {children}
    </div>
  );
}
