import { SEARCH_LISTBOX_ID } from '@linkhunt/contracts/events';
import type { ProductSummary } from '@linkhunt/contracts/product';
import { SEARCH_CANDIDATES } from '@linkhunt/contracts/limits';
import { EmptyState } from '@linkhunt/shared-ui/components/empty-state/EmptyState.tsx';
import { LoadFailed } from '@linkhunt/shared-ui/components/page-state/LoadFailed.tsx';
import { EAGER_PRODUCT_IMAGES } from '@linkhunt/shared-ui/components/product-card/ProductCard.tsx';
import { Spinner } from '@linkhunt/shared-ui/components/spinner/Spinner.tsx';
import { bus } from '@linkhunt/shared-ui/features/bus/event-bus.ts';
import { useBusEvent, useLastBusEvent } from '@linkhunt/shared-ui/features/bus/use-bus.ts';
import { useLangPath } from '@linkhunt/shared-ui/features/i18n/use-lang-path.ts';
import { cx } from '@linkhunt/shared-ui/styles/class-names.ts';
import { useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NAMESPACE } from '../../../register-locales.ts';
import { isLinkQuery } from '../../../lib/link-query.ts';
import { searchPagePath } from '../../../lib/search-page-path.ts';
import { useSearchResults } from '../hooks/use-search-results.ts';
import { useSuggestions } from '../hooks/use-suggestions.ts';
import { searchOptionId, SearchResultOption } from './SearchResultOption.tsx';
import { suggestionOptionId, SuggestionOption } from './SuggestionOption.tsx';
import styles from './SearchPanel.module.css';

const TITLE_ID = 'search-title';
const SUGGESTIONS_LABEL_ID = 'search-suggestions-label';
const PRODUCTS_LABEL_ID = 'search-products-label';
const NO_PRODUCTS: ProductSummary[] = [];
/** The combobox in the header that owns this listbox (shell): clicks on it are not "outside". */
const COMBOBOX = `[aria-controls="${SEARCH_LISTBOX_ID}"]`;

/** Choosing a result ends the search: the query is cleared and the panel goes. */
const endSearch = () => bus.publish('search:query', { query: '' });

/**
 * Which option the arrow keys reached, by id, for which query: a new query starts with none, and suggestions
 * settling after the results (or the other way round) leave the active option where it is.
 */
interface Active {
  query: string;
  id: string | null;
}

/** The index after `index` in a list of `count`, wrapping at both ends; -1 is "none", before the first. */
function step(index: number, count: number, command: 'next' | 'previous'): number {
  if (command === 'next') return index < 0 ? 0 : (index + 1) % count;
  return index <= 0 ? count - 1 : index - 1;
}

/**
 * The live panel under the header, titled with the query (spec section 2): the listbox of the header's search
 * combobox (WAI-ARIA 1.2, list autocomplete), with a group of suggestions (GET /search/suggest) above the
 * products, and a link to the search page with every result. Focus stays in the box; its keys arrive as
 * `search:command`, and the panel publishes `search:panel` for the box's aria-expanded and aria-activedescendant.
 */
export default function SearchPanel() {
  const { t } = useTranslation(NAMESPACE);
  const langPath = useLangPath();
  const query = useLastBusEvent('search:query')?.query.trim() ?? '';
  const results = useSearchResults(query);
  const suggestions = useSuggestions(query);
  const products = results.status === 'done' ? results.products : NO_PRODUCTS;
  // The options' ids in the order the arrows walk them: the suggestions, then the products.
  const options = useMemo(() => [...suggestions.map(suggestionOptionId), ...products.map(searchOptionId)], [suggestions, products]);
  // Escape or a click elsewhere closes the panel but keeps the query; typing opens it again.
  const [dismissed, setDismissed] = useState(false);
  const [active, setActive] = useState<Active>({ query, id: null });
  const activeIndex = active.query === query && active.id !== null ? options.indexOf(active.id) : -1;
  const open = query !== '' && !dismissed;
  const activeOptionId = open ? (options[activeIndex] ?? null) : null;
  const section = useRef<HTMLElement>(null);

  const close = () => {
    setDismissed(true);
    setActive({ query, id: null });
  };

  useBusEvent('search:query', () => setDismissed(false));
  useBusEvent('search:command', ({ command }) => {
    if (command === 'close') return close();
    setDismissed(false);
    if (command === 'open') return;
    if (command === 'choose') {
      // The option is a link: clicking it navigates as a click with the pointer would, and ends the search.
      if (activeOptionId) document.getElementById(activeOptionId)?.click();
      return;
    }
    // Closing forgot the active option, so reopening with an arrow starts again from an end.
    if (options.length > 0) setActive({ query, id: options[step(activeIndex, options.length, command)] ?? null });
  });

  useEffect(() => {
    bus.publish('search:panel', { expanded: open, activeOptionId });
  }, [open, activeOptionId]);
  useEffect(() => () => bus.publish('search:panel', { expanded: false, activeOptionId: null }), []);

  useEffect(() => {
    // Focus stays in the box, so the browser does not bring the active option into view by itself.
    if (activeOptionId) document.getElementById(activeOptionId)?.scrollIntoView({ block: 'nearest' });
  }, [activeOptionId]);

  // The box marks the Escape it handled itself; any other Escape (focus on Try again, or nowhere) closes too.
  const onDocumentKeyDown = useEffectEvent((event: KeyboardEvent) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    const focusInside = section.current?.contains(document.activeElement) ?? false;
    close();
    // The focused control goes with the panel: focus goes back to the search box rather than to the page's start.
    if (focusInside) document.querySelector<HTMLElement>(COMBOBOX)?.focus();
  });
  // On pointerdown, not click: by the click, a control of the panel may already be gone (Try again unmounts
  // itself as the search restarts), and a click on it would look like one outside.
  const onDocumentPointerDown = useEffectEvent((event: PointerEvent) => {
    const target = event.target;
    if (target instanceof Element && !section.current?.contains(target) && !target.closest(COMBOBOX)) close();
  });
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => onDocumentKeyDown(event);
    const onPointerDown = (event: PointerEvent) => onDocumentPointerDown(event);
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open]);

  if (!open) return null;
  const settled = results.status === 'done';
  const total = results.status === 'done' ? results.total : 0;
  // A pasted link finds the products listing its item: titled so, rather than with the whole link.
  const link = isLinkQuery(query);
  return (
    <section
      ref={section}
      className={styles.panel}
      aria-labelledby={TITLE_ID}
      aria-busy={results.status === 'loading'}
      onClick={(event) => {
        if (event.target instanceof Element && event.target.closest('a')) endSearch();
      }}
    >
      <div className="container">
        <div className={styles.heading}>
          <h2 id={TITLE_ID} className={styles.title}>
            {link ? t('linkTitle') : t('title', { query })}
          </h2>
          {/* The whole search, paged and filterable, as Enter in the box gives it too. */}
          {settled && total > 0 && (
            <Link to={langPath(searchPagePath(query))} className={styles.seeAll}>
              {/* The search ranks at most SEARCH_CANDIDATES matches, so a total that reaches it means "at least". */}
              {total >= SEARCH_CANDIDATES ? t('seeAllMany', { count: SEARCH_CANDIDATES }) : t('seeAll', { count: total })}
            </Link>
          )}
        </div>
        {/* Empty until the results settle (after the debounce), so each settled search is announced once. */}
        <p role="status" className="visually-hidden">
          {settled ? t('results', { count: products.length }) : ''}
        </p>
        {/* Always in the page while the panel is, so the box's aria-controls names an element; hidden while empty. */}
        <div id={SEARCH_LISTBOX_ID} role="listbox" aria-labelledby={TITLE_ID} className={styles.listbox} hidden={options.length === 0}>
          {suggestions.length > 0 && (
            <div role="group" aria-labelledby={SUGGESTIONS_LABEL_ID} className={styles.suggestions}>
              <div role="presentation" id={SUGGESTIONS_LABEL_ID} className={styles.groupLabel}>
                {t('suggestions')}
              </div>
              {suggestions.map((suggestion) => {
                const id = suggestionOptionId(suggestion);
                return <SuggestionOption key={id} suggestion={suggestion} active={id === activeOptionId} />;
              })}
            </div>
          )}
          {products.length > 0 && (
            <div role="group" aria-labelledby={PRODUCTS_LABEL_ID} className={styles.list}>
              {/* Seen only beside the suggestions' label: alone, the results need no title of their own. */}
              <div role="presentation" id={PRODUCTS_LABEL_ID} className={cx(styles.groupLabel, styles.fullRow, suggestions.length === 0 && 'visually-hidden')}>
                {t('productsGroup')}
              </div>
              {products.map((product, index) => (
                <SearchResultOption key={product.id} product={product} active={searchOptionId(product) === activeOptionId} eager={index < EAGER_PRODUCT_IMAGES} />
              ))}
            </div>
          )}
        </div>
        {results.status === 'loading' && (
          <div className={styles.loading}>
            <Spinner />
          </div>
        )}
        {results.status === 'error' && (
          <LoadFailed
            title={t('failed')}
            headingLevel={3}
            onRetry={() => {
              // Try again goes while the search runs: focus waits in the box, where the arrows reach the results.
              document.querySelector<HTMLElement>(COMBOBOX)?.focus();
              results.retry();
            }}
          />
        )}
        {settled && products.length === 0 && <EmptyState title={link ? t('linkNone') : t('results', { count: 0 })} headingLevel={3} />}
      </div>
    </section>
  );
}
