import { knownColour } from '@linkhunt/contracts/colours';
import { STORES, type Store } from '@linkhunt/contracts/limits';
import { type ListingFacets, LISTING_SORTS } from '@linkhunt/contracts/listing';
import { isCurrency } from '@linkhunt/contracts/prices';
import { type FormEvent, type MouseEvent, useEffect, useEffectEvent, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { useBrandName } from '../../features/brands/brand-name.ts';
import { ColourSwatch } from '../../features/colours/ColourSwatch.tsx';
import { useColourName } from '../../features/colours/colour-name.ts';
import {
  activeFilterCount, colourIdentity, effectiveSort, EMPTY_LISTING_PARAMS, type ListingParams, listingSearch, readPriceBound,
} from '../../features/listing/listing-params.ts';
import { useHydrated } from '../../features/ssr/use-hydrated.ts';
import { useNamedCurrency } from '../../features/currency/use-display-currency.ts';
import { cx } from '../../styles/class-names.ts';
import { buttonClassName } from '../button/Button.tsx';
import { useCategoryName } from '../category-card/category-name.ts';
import { STORE_NAMES } from '../store-badges/store-names.ts';
import { ChipGroup } from './ChipGroup.tsx';
import { FilterSheet, FilterSheetOpener, useFilterSheet } from './FilterSheet.tsx';
import styles from './ListingFilters.module.css';
import { PriceRangeGroup } from './PriceRangeGroup.tsx';
import { RatingGroup } from './RatingGroup.tsx';
import { useFacetNames } from './use-facet-names.ts';

export interface ListingFiltersProps {
  /** The page: a category's and a brand's own filter is fixed (not offered); search offers both, and keeps `q`. */
  scope: 'category' | 'brand' | 'search';
  /** The URL's state (readListingParams). */
  params: ListingParams;
  /** The latest answer's counts; null before there is one. */
  facets: ListingFacets | null;
  /** How many products the filters give (the latest answer's); null before there is one. */
  total: number | null;
}

/** What the page's URL may hold: a category page's category (a brand page's brand) is the page, not a filter. */
function ownParams(params: ListingParams, scope: ListingFiltersProps['scope']): ListingParams {
  if (scope === 'category') return { ...params, category: [] };
  if (scope === 'brand') return { ...params, brand: [] };
  return params;
}

const toggled = <T extends string>(values: readonly T[], value: T, on: boolean, same: (a: string, b: string) => boolean = (a, b) => a === b): T[] =>
  on ? [...values.filter((other) => !same(other, value)), value] : values.filter((other) => !same(other, value));

const sameColour = (a: string, b: string) => colourIdentity(a) === colourIdentity(b);
/** Colour names are written lower-case, as inside a sentence; a chip starts with a capital. */
const capitalised = (text: string, language: string) => `${text.charAt(0).toLocaleUpperCase(language)}${text.slice(1)}`;

const isStore = (value: string): value is Store => (STORES as readonly string[]).includes(value);

/**
 * What a visitor changed in the server's form while the scripts still loaded: the controls show it, but nothing
 * listened. Hydration keeps a control's state and sets its default to the server's, so the controls whose state
 * and default differ are exactly those changes. Null when there are none.
 */
function choicesBeforeHydration(form: HTMLFormElement, params: ListingParams): ListingParams | null {
  let next = params;
  for (const field of form.elements) {
    if (field instanceof HTMLSelectElement && field.name === 'sort' && field.value !== effectiveSort(params)) {
      next = { ...next, sort: LISTING_SORTS.find((sort) => sort === field.value) ?? null };
    }
    if (!(field instanceof HTMLInputElement) || field.type === 'hidden' || field.checked === field.defaultChecked) continue;
    const { name, value, checked } = field;
    if (name === 'min_rating' && checked) next = { ...next, minRating: value === '' ? null : Number(value) };
    if (name === 'platform' && isStore(value)) next = { ...next, platform: toggled(next.platform, value, checked) };
    if (name === 'brand' || name === 'category') next = { ...next, [name]: toggled(next[name], value, checked) };
    if (name === 'color') next = { ...next, color: toggled(next.color, value, checked, sameColour) };
  }
  for (const bound of ['price_min', 'price_max'] as const) {
    const field = form.elements.namedItem(bound);
    if (!(field instanceof HTMLInputElement) || field.value === field.defaultValue) continue;
    const currency = form.elements.namedItem('currency');
    next = {
      ...next,
      [bound === 'price_min' ? 'priceMin' : 'priceMax']: readPriceBound(field.value),
      currency: currency instanceof HTMLInputElement && isCurrency(currency.value) ? currency.value : next.currency,
    };
  }
  return next === params ? null : next;
}

/**
 * The sort and the filters of a product list, all in its URL's query. A plain GET form (the same URL state
 * without JavaScript: tick, then Apply); once hydrated, every change applies at once as a new history entry,
 * so Back returns to the previous filters, and the control that changed keeps the focus. On phones the chips
 * sit in a bottom sheet behind a "Filters" button, the sort stays in view; without JavaScript they are in the flow.
 */
export function ListingFilters({ scope, params: urlParams, facets, total }: ListingFiltersProps) {
  const { t, i18n } = useTranslation('ui');
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const namedCurrency = useNamedCurrency();
  const brandName = useBrandName();
  const categoryName = useCategoryName();
  const colourName = useColourName();
  const facetName = useFacetNames(facets);
  const sheet = useFilterSheet();
  const countRef = useRef<HTMLParagraphElement>(null);
  const sortId = useId();
  const params = ownParams(urlParams, scope);
  const active = activeFilterCount(params);

  const apply = (next: ListingParams) => {
    void navigate(`${pathname}${listingSearch(next)}`, { preventScrollReset: true });
  };

  const formRef = useRef<HTMLFormElement>(null);
  const applyEarlyChoices = useEffectEvent(() => {
    const early = formRef.current && choicesBeforeHydration(formRef.current, params);
    if (early) apply(early);
  });
  // Once, just after hydration (a form React made itself has no such changes).
  useEffect(() => applyEarlyChoices(), []);

  // The submit button: without JavaScript it sends the form; with it every change is already applied.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    sheet.close();
  };

  const clearHref = `${pathname}${scope === 'search' ? listingSearch({ ...EMPTY_LISTING_PARAMS, q: params.q }) : ''}`;
  // The link goes away once nothing is chosen: the focus moves to what tells the outcome.
  const onClear = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    void navigate(clearHref, { preventScrollReset: true });
    if (sheet.open) sheet.focusHeading();
    else countRef.current?.focus();
  };

  // A range in the URL keeps its own currency (a shared link); otherwise the boxes are in the visitor's.
  const ranged = params.priceMin !== null || params.priceMax !== null;
  const rangeCurrency = (ranged ? params.currency : null) ?? namedCurrency;

  const sorts = LISTING_SORTS.filter((sort) => sort !== 'relevance' || params.q.trim() !== '');

  const colourLabel = (value: string) => {
    const known = knownColour(value);
    return (
      <>
        {known && <ColourSwatch colour={known.key} className={styles.swatch} />}
        {capitalised(colourName(value), i18n.language)}
      </>
    );
  };

  return (
    <form ref={formRef} method="get" action={pathname} className={cx(styles.filters, hydrated && styles.live)} aria-label={t('filters.formLabel')} onSubmit={onSubmit}>
      {scope === 'search' && <input type="hidden" name="q" value={params.q} />}
      <div className={styles.toolbar}>
        <p ref={countRef} className={styles.count} role="status" tabIndex={-1}>
          {total === null ? '' : t('filters.products', { count: total })}
        </p>
        <FilterSheetOpener sheet={sheet} active={active} />
        <div className={styles.sort}>
          <label htmlFor={sortId} className={styles.sortLabel}>
            {t('filters.sortBy')}
          </label>
          <span className={styles.sortControl}>
            <select
              id={sortId}
              name="sort"
              className={styles.sortSelect}
              value={effectiveSort(params)}
              onChange={(event) => {
                const { value } = event.currentTarget;
                apply({ ...params, sort: LISTING_SORTS.find((sort) => sort === value) ?? null });
              }}
            >
              {sorts.map((sort) => (
                <option key={sort} value={sort}>
                  {t(`filters.sort.${sort}`)}
                </option>
              ))}
            </select>
          </span>
        </div>
      </div>
      <FilterSheet sheet={sheet}>
        <div className={styles.groups}>
          <ChipGroup
            legend={t('filters.platform')}
            name="platform"
            // The three stores are known before their counts are.
            counted={facets ? facets.platform.map(({ key, count }) => ({ value: key, count })) : STORES.map((store) => ({ value: store, count: null }))}
            chosen={params.platform}
            label={(value) => (isStore(value) ? STORE_NAMES[value] : value)}
            onChange={(value, on) => {
              if (isStore(value)) apply({ ...params, platform: toggled(params.platform, value, on) });
            }}
            shown={Infinity}
          />
          {scope === 'search' && (
            <ChipGroup
              legend={t('filters.category')}
              name="category"
              counted={facets ? facets.category.map(({ slug, count }) => ({ value: slug, count })) : null}
              chosen={params.category}
              label={(slug) => categoryName(facetName('category', slug))}
              onChange={(value, on) => apply({ ...params, category: toggled(params.category, value, on) })}
            />
          )}
          {scope !== 'brand' && (
            <ChipGroup
              legend={t('filters.brand')}
              name="brand"
              counted={facets ? facets.brand.map(({ slug, count }) => ({ value: slug, count })) : null}
              chosen={params.brand}
              label={(slug) => brandName({ slug, name: facetName('brand', slug) })}
              onChange={(value, on) => apply({ ...params, brand: toggled(params.brand, value, on) })}
            />
          )}
          <ChipGroup
            legend={t('filters.color')}
            name="color"
            counted={facets ? facets.color.map(({ key, count }) => ({ value: key, count })) : null}
            chosen={params.color}
            same={sameColour}
            label={colourLabel}
            onChange={(value, on) => apply({ ...params, color: toggled(params.color, value, on, sameColour) })}
          />
          <RatingGroup value={params.minRating} onChange={(minRating) => apply({ ...params, minRating })} />
          <PriceRangeGroup
            min={params.priceMin}
            max={params.priceMax}
            currency={rangeCurrency}
            onChange={({ min, max, currency }) => apply({ ...params, priceMin: min, priceMax: max, currency })}
          />
        </div>
        <div className={styles.actions}>
          <button type="submit" className={buttonClassName({ variant: 'primary' }, styles.submit)}>
            {hydrated && total !== null ? t('filters.showProducts', { count: total }) : t('filters.apply')}
          </button>
          {active > 0 && (
            <Link to={clearHref} className={styles.clear} onClick={onClear}>
              {t('filters.clear')}
            </Link>
          )}
        </div>
      </FilterSheet>
    </form>
  );
}
