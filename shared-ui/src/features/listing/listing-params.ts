import { knownColour, normaliseColourName } from '@linkhunt/contracts/colours';
import { MAX_COLOUR_NAME_LENGTH, STARS_MAX, STARS_MIN, STORES, type Store } from '@linkhunt/contracts/limits';
import { LISTING_SORTS, type ListingSort, MAX_FILTER_VALUES } from '@linkhunt/contracts/listing';
import { BASE_CURRENCY, type Currency, isCurrency, MINOR_PER_MAJOR, PRICE_MAX_MINOR } from '@linkhunt/contracts/prices';
import { LINK_QUERY_MAX_LENGTH } from '@linkhunt/contracts/search';

/**
 * What a filtered list shows, as its page's URL query holds it: shareable, kept by Back, read by the server.
 * Every value here is one the API accepts (readListingParams drops the rest), so no URL can make it answer 422.
 */
export interface ListingParams {
  q: string;
  category: string[];
  brand: string[];
  platform: Store[];
  /** Known colours by their key (`black`, `sky-blue`), as the colour facet counts them; other names as typed. */
  color: string[];
  minRating: number | null;
  /** A price range in `currency` (major units, at most two decimals); products without a price are left out by either. */
  priceMin: number | null;
  priceMax: number | null;
  /** The range's currency; null: the base (EUR). */
  currency: Currency | null;
  /** Null: the default for the query (see effectiveSort). */
  sort: ListingSort | null;
  /** Search `q`'s words as typed: no translations, inflections or recognised categories and colours (the API's `literal`). */
  literal?: boolean;
}

export const EMPTY_LISTING_PARAMS: ListingParams = {
  q: '',
  category: [],
  brand: [],
  platform: [],
  color: [],
  minRating: null,
  priceMin: null,
  priceMax: null,
  currency: null,
  sort: null,
};

/**
 * The longest `q` the API takes (ListingQuery): as long as a pasted agent or marketplace link may be, which finds
 * the product listing its item. Words past the first hundred characters are left out by the API itself.
 */
export const MAX_QUERY_LENGTH = LINK_QUERY_MAX_LENGTH;
/** The longest brand or category slug the API takes (ListingQuery). */
const MAX_SLUG_LENGTH = 200;

/** The order the API uses when the query does not name one: by relevance with words to match, else newest first. */
export function defaultSort(q: string): ListingSort {
  return q.trim() === '' ? 'new' : 'relevance';
}

/** The order the list is actually in. */
export function effectiveSort(params: Pick<ListingParams, 'q' | 'sort'>): ListingSort {
  return params.sort ?? defaultSort(params.q);
}

/** How many filters narrow the list (each chosen value counts; the query and the order do not). */
export function activeFilterCount(params: ListingParams): number {
  const priced = params.priceMin !== null || params.priceMax !== null;
  return params.category.length + params.brand.length + params.platform.length + params.color.length + (params.minRating === null ? 0 : 1) + (priced ? 1 : 0);
}

/** One colour however it is written: a known colour's key, any other name folded (case, accents, spacing). */
export function colourIdentity(value: string): string {
  return knownColour(value)?.key ?? normaliseColourName(value);
}

const isStore = (value: string): value is Store => (STORES as readonly string[]).includes(value);
const isSort = (value: string): value is ListingSort => (LISTING_SORTS as readonly string[]).includes(value);

/** The first MAX_FILTER_VALUES distinct values (by `identity`) that pass `keep`, in the order given. */
function distinct<T extends string>(values: readonly T[], identity: (value: T) => string = (value) => value): T[] {
  const seen = new Set<string>();
  const kept: T[] = [];
  for (const value of values) {
    const id = identity(value);
    if (seen.has(id)) continue;
    seen.add(id);
    kept.push(value);
    if (kept.length === MAX_FILTER_VALUES) break;
  }
  return kept;
}

/** Cut to the API's length in UTF-16 units, without leaving half of a surrogate pair at the end. */
function clip(value: string, length: number): string {
  if (value.length <= length) return value;
  const cut = value.slice(0, length);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}

function slugs(values: readonly string[]): string[] {
  return distinct(values.map((value) => value.trim()).filter((value) => value !== '' && value.length <= MAX_SLUG_LENGTH));
}

function colours(values: readonly string[]): string[] {
  const names = values
    .map((value) => value.trim())
    .filter((value) => value !== '' && value.length <= MAX_COLOUR_NAME_LENGTH)
    // A known colour by its key, whichever language the link was written in: the facet counts it by its key.
    .map((value) => knownColour(value)?.key ?? value);
  return distinct(names, colourIdentity);
}

function rating(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value.trim())) return null;
  const stars = Number(value.trim());
  return stars >= STARS_MIN && stars <= STARS_MAX ? stars : null;
}

/** A price bound as typed or linked ("12", "12.5", "12,50"): at most two decimals, within what a price may be. */
export function readPriceBound(value: string | null): number | null {
  const text = value?.trim().replace(',', '.') ?? '';
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(text)) return null;
  const amount = Number(text);
  return amount * MINOR_PER_MAJOR <= PRICE_MAX_MINOR ? amount : null;
}

/** A range whose ends were given the wrong way round is the same range. */
function priceRange(min: number | null, max: number | null): Pick<ListingParams, 'priceMin' | 'priceMax'> {
  return min !== null && max !== null && min > max ? { priceMin: max, priceMax: min } : { priceMin: min, priceMax: max };
}

/**
 * A page URL's query as listing parameters, leniently: a value the API would refuse (an unknown store or order,
 * a rating outside 1–5, an empty or over-long value, more values than MAX_FILTER_VALUES) is dropped, repeats
 * are dropped, and `q` is trimmed and cut to the API's length. `relevance` without words to match is dropped.
 */
export function readListingParams(search: URLSearchParams): ListingParams {
  const q = clip((search.get('q') ?? '').trim(), MAX_QUERY_LENGTH).trim();
  const sortValue = search.get('sort') ?? '';
  const sort = isSort(sortValue) && !(sortValue === 'relevance' && q === '') ? sortValue : null;
  return {
    q,
    category: slugs(search.getAll('category')),
    brand: slugs(search.getAll('brand')),
    platform: distinct(search.getAll('platform').filter(isStore)),
    color: colours(search.getAll('color')),
    minRating: rating(search.get('min_rating')),
    ...priceRange(readPriceBound(search.get('price_min')), readPriceBound(search.get('price_max'))),
    currency: isCurrency(search.get('currency')) ? (search.get('currency') as Currency) : null,
    sort,
    ...(q !== '' && search.get('literal') === 'true' ? { literal: true } : {}),
  };
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const byStore = (a: Store, b: Store) => STORES.indexOf(a) - STORES.indexOf(b);

/**
 * The parameters in one canonical order, values sorted, the default order left out: the same list always
 * makes the same string, so the server's prefetched answer and the API's read cache are found again.
 */
function canonicalQuery(params: ListingParams, category: readonly string[], brand: readonly string[]): URLSearchParams {
  const query = new URLSearchParams();
  const q = params.q.trim();
  if (q !== '') query.set('q', q);
  if (q !== '' && params.literal === true) query.set('literal', 'true');
  // Relevance without words to match is the newest first, the default.
  if (params.sort !== null && params.sort !== defaultSort(q) && !(params.sort === 'relevance' && q === '')) query.set('sort', params.sort);
  for (const value of [...category].sort(byText)) query.append('category', value);
  for (const value of [...brand].sort(byText)) query.append('brand', value);
  for (const value of [...params.platform].sort(byStore)) query.append('platform', value);
  for (const value of [...params.color].sort(byText)) query.append('color', value);
  if (params.minRating !== null) query.set('min_rating', String(params.minRating));
  const { priceMin, priceMax } = priceRange(params.priceMin, params.priceMax);
  if (priceMin !== null) query.set('price_min', String(priceMin));
  if (priceMax !== null) query.set('price_max', String(priceMax));
  // The currency says what the bounds are in: without a bound it says nothing, and is left out.
  if ((priceMin !== null || priceMax !== null) && params.currency !== null && params.currency !== BASE_CURRENCY) query.set('currency', params.currency);
  return query;
}

/** The page URL's query string for these parameters (`?q=…&sort=…&category=…`), '' when nothing is chosen. */
export function listingSearch(params: ListingParams): string {
  const query = canonicalQuery(params, params.category, params.brand).toString();
  return query === '' ? '' : `?${query}`;
}

/** The category or brand a page is about: a filter the page always applies and never offers. */
export interface ListingScope {
  category?: string;
  brand?: string;
}

/**
 * GET /products for these parameters, in the canonical order. A page's own category or brand replaces any
 * the URL named: values of one filter are alternatives, so keeping others would widen the list past the page.
 */
export function listingApiUrl(params: ListingParams, scope: ListingScope = {}): string {
  const category = scope.category === undefined ? params.category : [scope.category];
  const brand = scope.brand === undefined ? params.brand : [scope.brand];
  const query = canonicalQuery(params, category, brand).toString();
  return query === '' ? '/products' : `/products?${query}`;
}
