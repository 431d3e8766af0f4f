import { useHydrated } from '@linkhunt/shared-ui/features/ssr/use-hydrated.ts';
import { bus } from '@linkhunt/shared-ui/features/bus/event-bus.ts';
import { useLastBusEvent } from '@linkhunt/shared-ui/features/bus/use-bus.ts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './SearchBox.module.css';

/** Publishes every keystroke on the bus; mf-search debounces and shows the panel while the query is not empty. */
export function SearchBox() {
  const { t } = useTranslation('shell');
  const query = useLastBusEvent('search:query')?.query ?? '';
  const id = useId();
  const hydrated = useHydrated();
  const publish = (value: string) => bus.publish('search:query', { query: value });
  return (
    <form className={styles.form} role="search" onSubmit={(event) => event.preventDefault()}>
      <label htmlFor={id} className="visually-hidden">
        {t('header.search')}
      </label>
      <svg className={styles.icon} viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
        <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="m20 20-4-4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <input
        id={id}
        className={styles.input}
        type="search"
        value={query}
        placeholder={t('header.searchPlaceholder')}
        autoComplete="off"
        enterKeyHint="search"
        maxLength={100}
        // What is typed before hydration would not reach the search: the box takes input once it can.
        readOnly={!hydrated}
        onChange={(event) => publish(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') publish('');
        }}
      />
    </form>
  );
}
