import { useHydrated } from '@linkhunt/shared-ui/features/ssr/use-hydrated.ts';
import { isLanguage, LANGUAGE_NAMES, LANGUAGES } from '@linkhunt/shared-ui/features/i18n/languages.ts';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { pathWithLanguage } from './language-path.ts';
import styles from './LanguageSelect.module.css';

/** The header's language dropdown: the same page in another language (query kept, so a search survives). */
export function LanguageSelect() {
  const { t, i18n } = useTranslation('shell');
  const hydrated = useHydrated();
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <label className={styles.wrapper}>
      <span className="visually-hidden">{t('header.language')}</span>
      {/* The closed control shows the short code; the invisible native select over it keeps the full names and the platform's picker. */}
      <span className={styles.face} aria-hidden="true">
        {i18n.language.toUpperCase()}
        <svg viewBox="0 0 12 12" width="10" height="10">
          <path d="m2 4 4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.8" />
        </svg>
      </span>
      <select
        className={styles.select}
        value={i18n.language}
        // A choice made before hydration would change nothing: the menu opens once it can act.
        disabled={!hydrated}
        onChange={(event) => {
          const language = event.target.value;
          if (isLanguage(language)) void navigate({ pathname: pathWithLanguage(location.pathname, language), search: location.search });
        }}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </select>
    </label>
  );
}
