import '../server-only.js';
import Type from 'typebox';
import { MAX_COLOUR_NAME_LENGTH, STORES } from '../limits.js';
import { ProductSummary, StoreKey } from './product.js';
import { PageQuery, Pagination } from './common.js';
import { LISTING_SORTS, type ListingSort, MAX_FILTER_VALUES } from '../listing.js';
import { MINOR_PER_MAJOR, PRICE_MAX_MINOR } from '../prices.js';
import { CurrencySchema } from './prices.js';
import { LINK_QUERY_MAX_LENGTH } from '../search.js';

const Slugs = Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { maxItems: MAX_FILTER_VALUES });

/**
 * GET /products: every filter is optional and may be repeated (`?brand=nike&brand=adidas`). Values of one
 * filter are alternatives (any of them), different filters all apply.
 */
export const ListingQuery = Type.Object({
  /** Words to search for, or a pasted agent or marketplace link (see LINK_QUERY_MAX_LENGTH). */
  q: Type.Optional(Type.String({ maxLength: LINK_QUERY_MAX_LENGTH })),
  /** Search the typed words only (and their typo corrections): no translations, inflections or recognised categories and colours. */
  literal: Type.Optional(Type.Boolean()),
  category: Type.Optional(Slugs),
  brand: Type.Optional(Slugs),
  platform: Type.Optional(Type.Array(StoreKey, { maxItems: STORES.length })),
  /** A colour in any of the five languages (a known colour matches all its names), or any other name as stored. */
  color: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: MAX_COLOUR_NAME_LENGTH }), { maxItems: MAX_FILTER_VALUES })),
  /** Average stars at least this; products without reviews are left out. */
  min_rating: Type.Optional(Type.Integer({ minimum: 1, maximum: 5 })),
  /** Prices from this much (in `currency`, major units); products without a price are left out. */
  price_min: Type.Optional(Type.Number({ minimum: 0, maximum: PRICE_MAX_MINOR / MINOR_PER_MAJOR })),
  /** Prices up to this much (in `currency`, major units); products without a price are left out. */
  price_max: Type.Optional(Type.Number({ minimum: 0, maximum: PRICE_MAX_MINOR / MINOR_PER_MAJOR })),
  /** The currency of price_min and price_max (EUR when left out); prices in others are compared at the current rates. */
  currency: Type.Optional(CurrencySchema),
  sort: Type.Optional(Type.Unsafe<ListingSort>(Type.Union(LISTING_SORTS.map((sort) => Type.Literal(sort))))),
  ...PageQuery.properties,
});
export type ListingQuery = Type.Static<typeof ListingQuery>;

export const NamedFacetValue = Type.Object({ slug: Type.String(), name: Type.String(), count: Type.Integer() });
export type NamedFacetValue = Type.Static<typeof NamedFacetValue>;
export const KeyedFacetValue = Type.Object({ key: Type.String(), count: Type.Integer() });
export type KeyedFacetValue = Type.Static<typeof KeyedFacetValue>;

/**
 * How many products each filter value would give. Disjunctive: a facet's counts apply every other filter
 * but not its own, so picking one brand still shows what the other brands would add. A colour's `key` is
 * the known colour's key (`colour.<key>` in the clients' translations) or, for any other name, the name
 * lower-cased; platform counts always list the three stores.
 */
export const ListingFacets = Type.Object({
  brand: Type.Array(NamedFacetValue),
  category: Type.Array(NamedFacetValue),
  platform: Type.Array(KeyedFacetValue),
  color: Type.Array(KeyedFacetValue),
});
export type ListingFacets = Type.Static<typeof ListingFacets>;

export const ListingUnderstood = Type.Object({
  /** `name` as stored (Spanish); clients show it in the page's language (contracts/category-names). */
  categories: Type.Array(Type.Object({ slug: Type.String(), name: Type.String() })),
  /** Keys of contracts/colours KNOWN_COLOURS. */
  colors: Type.Array(Type.String()),
});
export type ListingUnderstood = Type.Static<typeof ListingUnderstood>;

export const ListingResponse = Type.Object({
  results: Type.Object({
    data: Type.Array(ProductSummary),
    meta: Type.Object({
      pagination: Pagination,
      facets: ListingFacets,
      /**
       * The query the results are for when `q` had a word the catalogue does not know and it was corrected
       * ("zapatilas" → "zapatillas"); null when every word was taken as typed.
       */
      corrected_query: Type.Union([Type.String(), Type.Null()]),
      /**
       * The categories and known colours that words of `q` named, in any of the five languages ("black
       * sneakers": Sneakers, black); products of those rank first. Null without `q`, with `literal`, or
       * when no word named one.
       */
      understood: Type.Union([Type.Null(), ListingUnderstood]),
    }),
  }),
});
export type ListingResponse = Type.Static<typeof ListingResponse>;
