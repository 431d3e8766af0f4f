import { EmptyState } from '@linkhunt/shared-ui/components/empty-state/EmptyState.tsx';
import { LoadFailed } from '@linkhunt/shared-ui/components/page-state/LoadFailed.tsx';
import { ProductList } from '@linkhunt/shared-ui/components/product-grid/ProductList.tsx';
import { Spinner } from '@linkhunt/shared-ui/components/spinner/Spinner.tsx';
import { bus } from '@linkhunt/shared-ui/features/bus/event-bus.ts';
import { useLastBusEvent } from '@linkhunt/shared-ui/features/bus/use-bus.ts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../register-locales.ts';
import { useSearchResults } from '../hooks/use-search-results.ts';
import styles from './SearchPanel.module.css';

const close = () => bus.publish('search:query', { query: '' });

/** The live panel under the header, titled with the query (spec section 2). */
export default function SearchPanel() {
  const { t } = useTranslation(NAMESPACE);
  const query = useLastBusEvent('search:query')?.query.trim() ?? '';
  const results = useSearchResults(query);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
  if (!query) return null;
  return (
    <section
      className={styles.panel}
      aria-labelledby="search-title"
      aria-busy={results.status === 'loading'}
      // Choosing a result ends the search: the product opens without the panel above it.
      onClick={(event) => {
        if (event.target instanceof Element && event.target.closest('a')) close();
      }}
    >
      <div className="container">
        <h2 id="search-title" className={styles.title}>
          {t('title', { query })}
        </h2>
        {results.status === 'loading' && (
          <div className={styles.loading}>
            <Spinner />
          </div>
        )}
        {results.status === 'error' && <LoadFailed title={t('failed')} headingLevel={3} onRetry={results.retry} />}
        {results.status === 'done' && <ProductList products={results.products} columns="search" empty={<EmptyState role="status" />} />}
      </div>
    </section>
  );
}
