import type { Category } from '@linkhunt/contracts/category';
import type { Suggestion } from '@linkhunt/contracts/search';
import { ButtonLink } from '@linkhunt/shared-ui/components/button/Button.tsx';
import { useCategoryName } from '@linkhunt/shared-ui/components/category-card/category-name.ts';
import { EmptyState } from '@linkhunt/shared-ui/components/empty-state/EmptyState.tsx';
import { useApiData } from '@linkhunt/shared-ui/features/api/use-api-data.ts';
import { useLangPath } from '@linkhunt/shared-ui/features/i18n/use-lang-path.ts';
import { activeFilterCount, type ListingParams } from '@linkhunt/shared-ui/features/listing/listing-params.ts';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../register-locales.ts';
import { DEFAULT_LANGUAGE, isLanguage } from '@linkhunt/shared-ui/features/i18n/languages.ts';
import { canSuggest, suggestUrl } from '../../../lib/suggest-url.ts';
import { SuggestionPill } from '../../../components/SuggestionPill.tsx';
import { useSuggestionLink } from '../../../hooks/use-suggestion-link.ts';
import { searchPagePath } from '../../../lib/search-page-path.ts';
import styles from './SearchPage.module.css';

/** Categories offered when the query suggests nothing: a few, as a way into the catalogue. */
export const FALLBACK_CATEGORIES = 6;
/**
 * The suggestions come from the start of the query's first word: a misspelling mostly sits past its first
 * letters ("zapatilas" still begins like "Zapatillas"), and other words may be what filtered everything out.
 */
export const SUGGEST_PREFIX_LENGTH = 4;

/** The first word of a query, cut to SUGGEST_PREFIX_LENGTH letters; '' when it is too short to suggest from. */
export function suggestPrefix(query: string): string {
  const prefix = Array.from(query.match(/[\p{L}\p{N}]+/u)?.[0] ?? '').slice(0, SUGGEST_PREFIX_LENGTH).join('');
  return canSuggest(prefix) ? prefix : '';
}

/**
 * Spec section 8's "No results found", with a way on: a hint (spelling, or the filters when some are chosen, with
 * a link that removes them), then suggestions for the query's first word, or else a few categories.
 */
export function NoResults({ params }: { params: ListingParams }) {
  const { t } = useTranslation(NAMESPACE);
  const langPath = useLangPath();
  const filtered = activeFilterCount(params) > 0;
  const prefix = suggestPrefix(params.q);
  return (
    <>
      <EmptyState
        headingLevel={3}
        action={filtered ? <ButtonLink to={langPath(searchPagePath(params.q))} variant="secondary">{t('page.clearFilters')}</ButtonLink> : undefined}
      >
        {t(filtered ? 'page.noResultsFiltersHint' : 'page.noResultsHint')}
      </EmptyState>
      {prefix ? <SuggestedLinks prefix={prefix} /> : <CategoryLinks />}
    </>
  );
}

/** GET /search/suggest for the prefix; the categories when it has nothing (or fails). */
function SuggestedLinks({ prefix }: { prefix: string }) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const answer = useApiData<Suggestion[]>(suggestUrl(prefix, isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE));
  const link = useSuggestionLink();
  if (answer.status === 'loading') return null;
  if (answer.status === 'error' || answer.data.length === 0) return <CategoryLinks />;
  return (
    <LinkList title={t('page.suggestionsHeading')}>
      {answer.data.map((suggestion) => {
        const { to, label } = link(suggestion);
        return (
          <li key={`${suggestion.type}-${suggestion.slug}`}>
            <SuggestionPill to={to} label={label} kind={t(`suggestionType.${suggestion.type}`)} />
          </li>
        );
      })}
    </LinkList>
  );
}

/** A few of the catalogue's categories (GET /categories); nothing if they cannot be had. */
function CategoryLinks() {
  const { t } = useTranslation(NAMESPACE);
  const langPath = useLangPath();
  const categoryName = useCategoryName();
  const answer = useApiData<Category[]>('/categories');
  if (answer.status !== 'success' || answer.data.length === 0) return null;
  return (
    <LinkList title={t('page.categoriesHeading')}>
      {answer.data.slice(0, FALLBACK_CATEGORIES).map((category) => (
        <li key={category.id}>
          <SuggestionPill to={langPath(`/cat/${encodeURIComponent(category.slug)}`)} label={categoryName(category.name)} />
        </li>
      ))}
    </LinkList>
  );
}

function LinkList({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <nav aria-labelledby={headingId} className={styles.suggestions}>
      <h3 id={headingId} className={styles.suggestionsTitle}>
        {title}
      </h3>
      <ul role="list" className={styles.suggestionList}>
        {children}
      </ul>
    </nav>
  );
}
