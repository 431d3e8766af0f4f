import type { Pagination } from '@linkhunt/contracts/common';
import { buttonClassName } from '@linkhunt/shared-ui/components/button/Button.tsx';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NAMESPACE } from '../register-locales.ts';
import styles from './Pager.module.css';

interface Props {
  /** The page shown (from the URL: it may lie past the last page once actions emptied it). */
  page: number;
  pagination: Pagination;
  /** The address of another page, with the filters kept. */
  pageHref: (page: number) => string;
}

/** Previous and next as links (the page is in the address, so Back and a shared link keep it), and where one is. */
export function Pager({ page, pagination, pageHref }: Props) {
  const { t } = useTranslation(NAMESPACE);
  const pages = Math.max(1, pagination.total_pages);
  if (pages <= 1 && page <= 1) return null;
  const look = buttonClassName({ variant: 'secondary', size: 'sm' }, styles.link);
  return (
    <nav aria-label={t('paging.label')} className={styles.pager}>
      {page > 1 ? (
        <Link to={pageHref(Math.min(page - 1, pages))} className={look} rel="prev">
          {t('paging.previous')}
        </Link>
      ) : (
        <span />
      )}
      <p className={styles.where}>{t('paging.page', { page, pages })}</p>
      {page < pages ? (
        <Link to={pageHref(page + 1)} className={look} rel="next">
          {t('paging.next')}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
