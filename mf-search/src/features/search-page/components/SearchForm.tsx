import { buttonClassName } from '@linkhunt/shared-ui/components/button/Button.tsx';
import { Seo } from '@linkhunt/shared-ui/components/seo/Seo.tsx';
import { useLangPath } from '@linkhunt/shared-ui/features/i18n/use-lang-path.ts';
import { MAX_QUERY_LENGTH } from '@linkhunt/shared-ui/features/listing/listing-params.ts';
import { type FormEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { NAMESPACE } from '../../../register-locales.ts';
import { searchPagePath } from '../../../lib/search-page-path.ts';
import styles from './SearchPage.module.css';

/**
 * The search page without a query: a GET form for the same page. It works as plain HTML before hydration and
 * without JavaScript (the browser sends it), and after hydration the router goes there without a reload.
 */
export function SearchForm() {
  const { t } = useTranslation(NAMESPACE);
  const langPath = useLangPath();
  const navigate = useNavigate();
  const titleId = useId();
  const inputId = useId();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = event.currentTarget.elements.namedItem('q');
    const query = input instanceof HTMLInputElement ? input.value.trim() : '';
    if (query === '') {
      if (input instanceof HTMLInputElement) input.focus();
      return;
    }
    void navigate(langPath(searchPagePath(query)));
  };

  return (
    <div className="container">
      <Seo title={t('page.searchTitle')} description={t('page.searchMetaDescription')} />
      <meta name="robots" content="noindex" />
      <header className={styles.header}>
        <h1 id={titleId} className={styles.title}>
          {t('page.searchTitle')}
        </h1>
        <p className={styles.lead}>{t('page.searchText')}</p>
      </header>
      {/* Named by the heading: the header's search is a search landmark too. */}
      <form role="search" aria-labelledby={titleId} method="get" action={langPath('/search')} className={styles.form} onSubmit={onSubmit}>
        <label htmlFor={inputId} className={styles.label}>
          {t('page.queryLabel')}
        </label>
        <div className={styles.row}>
          <input id={inputId} className={styles.input} type="search" name="q" maxLength={MAX_QUERY_LENGTH} enterKeyHint="search" autoComplete="off" />
          {/* A plain submit, not Button: the browser sends the form before hydration too, so it is never "not ready". */}
          <button type="submit" className={buttonClassName({})}>
            {t('page.submit')}
          </button>
        </div>
      </form>
    </div>
  );
}
