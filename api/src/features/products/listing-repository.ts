import type { Kysely } from 'kysely';
import { STORES, type Store } from '@linkhunt/contracts/limits';
import type { KeyedFacetValue, ListingFacets, ListingSort, NamedFacetValue } from '@linkhunt/contracts/listing';
import type { ProductSummary } from '@linkhunt/contracts/product';
import type { Pagination } from '@linkhunt/contracts/common';
import type { Currency } from '@linkhunt/contracts/prices';
import type { Database } from '../../db/schema.js';
import { colourKeysOf, type ListingIndex, type NamedValue, positionOf, priceIn } from './listing-index.js';
import type { QueryMatch } from './listing-match.js';
import { loadProductSummaries } from './product-repository.js';
import { paginationOf } from '../../db/paging.js';

// The tests and the other modules know the colour spellings from here.
export { colourSpellings } from './listing-index.js';

type Db = Kysely<Database>;

export interface ListingFilters {
  match: QueryMatch | null;
  categories: readonly string[];
  brands: readonly string[];
  platforms: readonly Store[];
  colors: readonly string[];
  minRating: number | null;
  /** Prices from `min` to `max` (whole minor units of `currency`, either null for no bound); null: no price filter. */
  price: PriceRange | null;
}

export interface PriceRange {
  min: number | null;
  max: number | null;
  currency: Currency;
}

export interface ListingRequest {
  filters: ListingFilters;
  sort: ListingSort;
  page: number;
  perPage: number;
}

export interface Listing {
  data: ProductSummary[];
  pagination: Pagination;
  facets: ListingFacets;
}

/** Every facet value list is cut here: a free-text colour list could otherwise grow with the catalogue. */
const MAX_FACET_VALUES = 50;

// Which filter a product fails, one bit each; a facet counts the products that fail none but its own.
const FAILS_BRAND = 1;
const FAILS_CATEGORY = 2;
const FAILS_PLATFORM = 4;
const FAILS_COLOUR = 8;
const FAILS_OTHER = 16;

/** A filter's values as flags over the index's values; null when the filter is not used. */
function flagsOf(size: number, values: readonly string[], lookUp: (value: string) => readonly (number | undefined)[]): Uint8Array | null {
  if (values.length === 0) return null;
  const flags = new Uint8Array(size);
  for (const value of values) for (const at of lookUp(value)) if (at !== undefined) flags[at] = 1;
  return flags;
}

function anyOf(flags: Uint8Array, list: Int32Array, start: number, end: number): boolean {
  for (let j = start; j < end; j += 1) if (flags[list[j] as number] === 1) return true;
  return false;
}

function named(values: readonly NamedValue[], counts: Int32Array): NamedFacetValue[] {
  const out: NamedFacetValue[] = [];
  counts.forEach((count, at) => {
    const value = values[at];
    if (count > 0 && value) out.push({ slug: value.slug, name: value.name, count });
  });
  return out.sort((a, b) => b.count - a.count || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)).slice(0, MAX_FACET_VALUES);
}

interface Evaluated {
  /** How many products pass every filter. */
  total: number;
  /**
   * Over the `q` candidates, the ones that pass, in the candidates' order; over the whole catalogue,
   * null, and `passes` flags them by position instead (no list of 100,000 numbers per request).
   */
  matched: number[] | null;
  passes: Uint8Array | null;
  facets: ListingFacets;
}

/**
 * One pass over the candidates (the `q` matches, or the whole visible catalogue): which filters each
 * product fails, and from that the matches and every facet's disjunctive counts at once.
 */
function evaluate(index: ListingIndex, filters: ListingFilters, candidates: Int32Array | null): Evaluated {
  const brandFlags = flagsOf(index.brands.length, filters.brands, (slug) => [index.brandBySlug.get(slug)]);
  const categoryFlags = flagsOf(index.categories.length, filters.categories, (slug) => [index.categoryBySlug.get(slug)]);
  const colourFlags = flagsOf(index.colourKeys.length, filters.colors, (value) => colourKeysOf(value).map((key) => index.colourByKey.get(key)));
  let platformMask = 0;
  for (const store of filters.platforms) platformMask |= 1 << STORES.indexOf(store);
  const { minRating, price } = filters;
  const { brandOf, categoryStart, categoryList, colourStart, colourList, platforms, average, reviews } = index;

  const brandCounts = new Int32Array(index.brands.length);
  const categoryCounts = new Int32Array(index.categories.length);
  const colourCounts = new Int32Array(index.colourKeys.length);
  const platformCounts = [0, 0, 0];
  const matched: number[] | null = candidates ? [] : null;
  const passes = candidates ? null : new Uint8Array(index.ids.length);
  let total = 0;
  const size = candidates ? candidates.length : index.ids.length;

  for (let c = 0; c < size; c += 1) {
    const p = candidates ? (candidates[c] as number) : c;
    let fails = 0;
    if (brandFlags && brandFlags[brandOf[p] as number] !== 1) fails |= FAILS_BRAND;
    if (categoryFlags && !anyOf(categoryFlags, categoryList, categoryStart[p] as number, categoryStart[p + 1] as number)) fails |= FAILS_CATEGORY;
    if (platformMask !== 0 && ((platforms[p] as number) & platformMask) === 0) fails |= FAILS_PLATFORM;
    if (colourFlags && !anyOf(colourFlags, colourList, colourStart[p] as number, colourStart[p + 1] as number)) fails |= FAILS_COLOUR;
    // Without reviews there is no average to compare (SQL's avg() of no rows is null).
    if (minRating !== null && ((reviews[p] as number) === 0 || (average[p] as number) < minRating)) fails |= FAILS_OTHER;
    // Compared as the visitor sees the price (converted and rounded to the cent); a product without one is out.
    if (price && (fails & FAILS_OTHER) === 0 && !inRange(priceIn(index, p, price.currency), price)) fails |= FAILS_OTHER;
    if (fails === 0) {
      total += 1;
      if (passes) passes[p] = 1;
      else matched?.push(p);
    }
    if ((fails & ~FAILS_BRAND) === 0) {
      const b = brandOf[p] as number;
      if (b >= 0) brandCounts[b] = (brandCounts[b] as number) + 1;
    }
    if ((fails & ~FAILS_CATEGORY) === 0) {
      for (let j = categoryStart[p] as number; j < (categoryStart[p + 1] as number); j += 1) {
        const at = categoryList[j] as number;
        categoryCounts[at] = (categoryCounts[at] as number) + 1;
      }
    }
    if ((fails & ~FAILS_PLATFORM) === 0) {
      const mask = platforms[p] as number;
      for (let s = 0; s < STORES.length; s += 1) if ((mask & (1 << s)) !== 0) platformCounts[s] = (platformCounts[s] as number) + 1;
    }
    if ((fails & ~FAILS_COLOUR) === 0) {
      for (let j = colourStart[p] as number; j < (colourStart[p + 1] as number); j += 1) {
        const at = colourList[j] as number;
        colourCounts[at] = (colourCounts[at] as number) + 1;
      }
    }
  }

  const color: KeyedFacetValue[] = [];
  colourCounts.forEach((count, at) => {
    if (count > 0) color.push({ key: index.colourKeys[at] as string, count });
  });
  color.sort((a, b) => b.count - a.count || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return {
    total,
    matched,
    passes,
    facets: {
      brand: named(index.brands, brandCounts),
      category: named(index.categories, categoryCounts),
      platform: STORES.map((key, s) => ({ key, count: platformCounts[s] as number })),
      color: color.slice(0, MAX_FACET_VALUES),
    },
  };
}

function inRange(amount: number | null, range: PriceRange): boolean {
  return amount !== null && (range.min === null || amount >= range.min) && (range.max === null || amount <= range.max);
}

/** The order of a ranked sort and each position's rank in it; null for the positions' own order (new, relevance). */
function rankedOrder(index: ListingIndex, sort: ListingSort): { order: Int32Array; rank: Int32Array } | null {
  switch (sort) {
    case 'popular': return { order: index.byPopular, rank: index.popularRank };
    case 'rating': return { order: index.byRating, rank: index.ratingRank };
    case 'price_asc': return { order: index.byPriceAsc, rank: index.priceAscRank };
    case 'price_desc': return { order: index.byPriceDesc, rank: index.priceDescRank };
    default: return null;
  }
}

/** Walks `order` (positions) and keeps the page's share of those that pass. */
function pageFromOrder(order: Int32Array | null, size: number, passes: Uint8Array, offset: number, limit: number): number[] {
  const out: number[] = [];
  let skipped = 0;
  // Stops at the page's end, however many products match.
  for (let r = 0; r < size && out.length < limit; r += 1) {
    const p = order ? (order[r] as number) : r;
    if (passes[p] !== 1) continue;
    if (skipped < offset) skipped += 1;
    else out.push(p);
  }
  return out;
}

/** The positions of one page, in the asked order. */
function pageOf(index: ListingIndex, evaluated: Evaluated, sort: ListingSort, relevance: boolean, offset: number, limit: number): number[] {
  const { matched, passes } = evaluated;
  const ranked = rankedOrder(index, sort);
  if (passes) return pageFromOrder(ranked?.order ?? null, index.ids.length, passes, offset, limit);
  const candidates = matched ?? [];
  if (ranked) {
    const { rank } = ranked;
    return [...candidates].sort((a, b) => (rank[a] as number) - (rank[b] as number)).slice(offset, offset + limit);
  }
  // The candidates of `q` come best first, which relevance keeps; newest first is the positions' order.
  return (relevance ? candidates : [...candidates].sort((a, b) => a - b)).slice(offset, offset + limit);
}

/**
 * Within each tier of the matches (the typed words, then their translations...), the products that are of
 * every kind the query named (a category named, a colour named) come first: "black sneakers" ranks the
 * black products of the Sneakers category above a sneaker whose description says "black laces". Stable, so
 * the engines' order holds otherwise; never across tiers, so what the typed words found stays first.
 */
function understoodFirst(index: ListingIndex, match: QueryMatch, positions: number[]): number[] {
  const { understood } = match;
  if (!understood) return positions;
  const categoryFlags = new Uint8Array(index.categories.length);
  index.categories.forEach((c, at) => {
    if (understood.categories.includes(c.name)) categoryFlags[at] = 1;
  });
  const colourFlags = new Uint8Array(index.colourKeys.length);
  for (const key of understood.colours) {
    const at = index.colourByKey.get(key);
    if (at !== undefined) colourFlags[at] = 1;
  }
  const { categoryStart, categoryList, colourStart, colourList } = index;
  const tierOf = new Map(match.ranked.map((m) => [m.id, m.tier]));
  const keyed = positions.map((p, order) => {
    const misses = (understood.categories.length > 0 && !anyOf(categoryFlags, categoryList, categoryStart[p] as number, categoryStart[p + 1] as number))
      || (understood.colours.length > 0 && !anyOf(colourFlags, colourList, colourStart[p] as number, colourStart[p + 1] as number));
    return { p, order, tier: tierOf.get(index.ids[p] as number) ?? 0, miss: misses ? 1 : 0 };
  });
  keyed.sort((a, b) => a.tier - b.tier || a.miss - b.miss || a.order - b.order);
  return keyed.map((k) => k.p);
}

/** One page of the visible products that pass the filters, in the asked order, with the facets' counts. */
export async function listProducts(db: Db, index: ListingIndex, request: ListingRequest): Promise<Listing> {
  const { filters, page, perPage, sort } = request;
  const { match } = filters;
  let candidates: Int32Array | null = null;
  if (match) {
    // Only the visible products are in the index: a hidden match has no position and is left out here.
    const positions: number[] = [];
    for (const { id } of match.ranked) {
      const p = positionOf(index, id);
      if (p >= 0) positions.push(p);
    }
    candidates = Int32Array.from(sort === 'relevance' ? understoodFirst(index, match, positions) : positions);
  }
  const evaluated = evaluate(index, filters, candidates);
  const relevance = sort === 'relevance' && match !== null;
  const positions = pageOf(index, evaluated, sort, relevance, (page - 1) * perPage, perPage);
  const data = await loadProductSummaries(db, positions.map((p) => index.ids[p] as number));
  return { data, pagination: paginationOf(evaluated.total, data.length, page, perPage), facets: evaluated.facets };
}
